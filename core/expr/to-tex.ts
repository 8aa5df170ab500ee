/**
 * A syntax tree back to TeX, as it was written: the reader sees how their input was read
 * (`1/2x` comes out as ½x), with only the parentheses the tree needs. Products written side by
 * side stay side by side; `*` becomes a centred dot.
 */
import type { ExprNode } from "./ast";

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

/** Functions KaTeX typesets upright with their own command. */
const TEX_OPERATORS = new Set([
  "sin",
  "cos",
  "tan",
  "cot",
  "sec",
  "csc",
  "arcsin",
  "arccos",
  "arctan",
  "sinh",
  "cosh",
  "tanh",
  "exp",
  "ln",
  "log",
  "gcd",
  "min",
  "max",
]);

const parens = (tex: string) => `\\left(${tex}\\right)`;

/** A variable's TeX: a letter as is, a Greek name as its symbol, any other name upright. */
export function variableToTex(name: string): string {
  if (name.length === 1) return name;
  return GREEK.has(name) ? `{\\${name}}` : `\\mathrm{${name}}`;
}

function callToTex(name: string, args: string[]): string {
  const [first = ""] = args;
  if (name === "sqrt" && args.length === 1) return `\\sqrt{${first}}`;
  if (name === "abs" && args.length === 1) return `\\left|${first}\\right|`;
  if (name === "floor" && args.length === 1) return `\\left\\lfloor ${first}\\right\\rfloor`;
  if (name === "ceil" && args.length === 1) return `\\left\\lceil ${first}\\right\\rceil`;
  const head = TEX_OPERATORS.has(name) ? `\\${name}` : `\\operatorname{${name}}`;
  return `${head}${parens(args.join(", "))}`;
}

const isSum = (node: ExprNode) => node.kind === "binary" && (node.operator === "+" || node.operator === "-");

export function expressionToTex(node: ExprNode): string {
  switch (node.kind) {
    case "number":
      return node.value;
    case "variable":
      return variableToTex(node.name);
    case "call":
      return callToTex(node.name, node.args.map(expressionToTex));
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
          const bareBase = node.left.kind === "number" || node.left.kind === "variable" || node.left.kind === "call";
          return `${bareBase ? left : parens(left)}^{${right}}`;
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
