/**
 * A syntax tree back to TeX, as it was written: the reader sees how their input was read
 * (`1/2x` comes out as ½x), with only the parentheses the tree needs. Products written side by
 * side stay side by side; `*` becomes a centred dot. The TeX reads back through ./latex.ts to the
 * same tree (up to spans, and `\sqrt[3]{x}` which reads as cbrt).
 */
import type { ExprNode, RelationOperator } from "./ast";
import { TEX_FUNCTION_COMMANDS } from "./functions";

const GREEK = new Set([
  "alpha",
  "beta",
  "gamma",
  "delta",
  "epsilon",
  "zeta",
  "eta",
  "theta",
  "iota",
  "kappa",
  "lambda",
  "mu",
  "nu",
  "xi",
  "pi",
  "rho",
  "sigma",
  "tau",
  "phi",
  "chi",
  "psi",
  "omega",
]);

/** Inverse trigonometric functions, typed either way, print as KaTeX's \arcsin, \arccos, \arctan. */
const ARC_NAMES: Record<string, string> = { asin: "arcsin", acos: "arccos", atan: "arctan" };

const RELATION_TEX: Record<RelationOperator, string> = { "=": "=", "<": "<", "<=": "\\le", ">": ">", ">=": "\\ge" };

const parens = (tex: string) => `\\left(${tex}\\right)`;

/** A variable's TeX: a letter as is, a Greek name as its symbol, any other name upright; `x_1` as x₁. */
export function variableToTex(name: string): string {
  const underscore = name.indexOf("_");
  const base = underscore < 0 ? name : name.slice(0, underscore);
  const subscript = underscore < 0 ? "" : `_{${name.slice(underscore + 1)}}`;
  if (base.length === 1) return base + subscript;
  return GREEK.has(base) ? `{\\${base}${subscript}}` : `\\mathrm{${base}}${subscript}`;
}

function callToTex(written: string, args: string[]): string {
  const name = ARC_NAMES[written] ?? written;
  const [first = "", second = ""] = args;
  if (name === "sqrt" && args.length === 1) return `\\sqrt{${first}}`;
  if (name === "cbrt" && args.length === 1) return `\\sqrt[3]{${first}}`;
  if (name === "nthroot" && args.length === 2) return `\\sqrt[${second}]{${first}}`;
  if (name === "abs" && args.length === 1) return `\\left|${first}\\right|`;
  // Braced, so a letter after \rfloor cannot run into the command's name.
  if (name === "floor" && args.length === 1) return `{\\left\\lfloor ${first}\\right\\rfloor}`;
  if (name === "ceil" && args.length === 1) return `{\\left\\lceil ${first}\\right\\rceil}`;
  const head = TEX_FUNCTION_COMMANDS.has(name) ? `\\${name}` : `\\operatorname{${name}}`;
  return `${head}${parens(args.join(", "))}`;
}

const isSum = (node: ExprNode) => node.kind === "binary" && (node.operator === "+" || node.operator === "-");

/** Operands printed without brackets before `!` or as the base of a power. */
const isAtom = (node: ExprNode) =>
  node.kind === "number" || node.kind === "variable" || node.kind === "constant" || node.kind === "call";

export function expressionToTex(node: ExprNode): string {
  switch (node.kind) {
    case "number":
      return node.value;
    case "variable":
      return variableToTex(node.name);
    case "constant":
      return node.name === "e" ? "e" : `{\\${node.name}}`;
    case "call":
      return callToTex(node.name, node.args.map(expressionToTex));
    case "factorial": {
      const operand = expressionToTex(node.operand);
      return `${isAtom(node.operand) ? operand : parens(operand)}!`;
    }
    case "logBase":
      return `\\log_{${expressionToTex(node.base)}}${parens(expressionToTex(node.argument))}`;
    case "relation":
      return node.operands
        .map((operand, i) => (i === 0 ? "" : ` ${RELATION_TEX[node.operators[i - 1]!]} `) + expressionToTex(operand))
        .join("");
    case "piecewise": {
      const branches = node.branches.map(
        (branch) => `${expressionToTex(branch.condition)}: ${expressionToTex(branch.value)}`,
      );
      if (node.otherwise) branches.push(expressionToTex(node.otherwise));
      return `\\left\\{${branches.join(", ")}\\right\\}`;
    }
    case "tuple":
      return parens(node.items.map(expressionToTex).join(", "));
    case "list":
      return `\\left[${node.items.map(expressionToTex).join(", ")}\\right]`;
    case "unary": {
      const operand = expressionToTex(node.operand);
      return node.operator + (isSum(node.operand) || node.operand.kind === "unary" ? parens(operand) : operand);
    }
    case "binary": {
      const left = expressionToTex(node.left);
      const right = expressionToTex(node.right);
      switch (node.operator) {
        case "+":
        case "-": {
          const wrapRight = isSum(node.right) || node.right.kind === "unary";
          return `${left}${node.operator}${wrapRight ? parens(right) : right}`;
        }
        case "/":
          return `\\frac{${left}}{${right}}`;
        case "^": {
          return `${isAtom(node.left) ? left : parens(left)}^{${right}}`;
        }
        case "*": {
          const leftTex = isSum(node.left) ? parens(left) : left;
          // A product on the right was grouped on purpose: keep the grouping visible. A fraction
          // written side by side would read as a mixed number (3½), so it keeps brackets too.
          const groupRight =
            isSum(node.right) ||
            node.right.kind === "unary" ||
            (node.right.kind === "binary" &&
              (node.right.operator === "*" || (node.implicit && node.right.operator === "/")));
          // Side by side, a leading digit would merge with what comes before ("2" "3" → "23").
          const rightTex = groupRight || (node.implicit && /^[0-9.]/.test(right)) ? parens(right) : right;
          return node.implicit ? `${leftTex}${rightTex}` : `${leftTex} \\cdot ${rightTex}`;
        }
      }
    }
  }
}
