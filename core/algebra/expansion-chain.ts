/**
 * A chain of algebra steps, one per line, checked the way a careful teacher would: is each line
 * equal to the one before for every value of the letters? Equality is decided exactly by
 * comparing polynomials; when two lines differ, values of the letters where they differ are
 * given, so the reader can see the mistake with numbers.
 */
import { variablesOf, type ExprNode } from "../expr/ast";
import { parseExpression } from "../expr/parse";
import { expressionToTex } from "../expr/to-tex";
import { isExpanded, type ExpandedCheck } from "./expanded-form";
import {
  evaluatePolynomial,
  nonZeroPoint,
  polynomialsEqual,
  subtractPolynomials,
  toPolynomial,
  type Polynomial,
  type WorkBudget,
} from "./polynomial";
import { ONE, type Rational } from "./rational";

export const MAX_CHAIN_LINES = 30;
export const MAX_LINE_LENGTH = 200;
/** Term products for the whole chain, so a long chain of big powers cannot stall the page. */
export const CHAIN_WORK_BUDGET = 120_000;

export interface Counterexample {
  /** Every letter of the two lines, in alphabetical order, with its value. */
  values: [name: string, value: Rational][];
  earlierValue: Rational;
  value: Rational;
}

interface LineBase {
  /** 1-based line number in the text, blank lines counted. */
  line: number;
  /** The line as typed, leading spaces kept so an error position lines up with it. */
  text: string;
}

export type LineCheck =
  | (LineBase & { kind: "syntax-error"; message: string; /** 0-based, within the line */ position: number })
  | (LineBase & { kind: "not-polynomial"; tex: string; reason: string })
  /** The first line that is a polynomial: nothing before it to compare with. */
  | (LineBase & { kind: "start"; tex: string })
  | (LineBase & { kind: "equal"; tex: string; comparedWith: number })
  | (LineBase & { kind: "different"; tex: string; comparedWith: number; counterexample: Counterexample });

export interface ChainReport {
  lines: LineCheck[];
  /** Whether the last line is written fully expanded; null when it is not a polynomial or has an error. */
  lastExpanded: ExpandedCheck | null;
  /** Lines beyond MAX_CHAIN_LINES (not checked). */
  skippedLines: number;
}

/** A leading "=", "→" or "->" (the reader continuing a chain) becomes spaces, so positions stay true. */
const stripLeadingLink = (text: string) => text.replace(/^\s*(=|→|->|⇒|=>)/, (link) => " ".repeat(link.length));

interface GoodLine {
  line: number;
  ast: ExprNode;
  polynomial: Polynomial;
}

function counterexample(earlier: GoodLine, later: GoodLine): Counterexample {
  const point = nonZeroPoint(subtractPolynomials(earlier.polynomial, later.polynomial)) ?? new Map<string, Rational>();
  // Letters that cancel out still need a value for the reader to substitute.
  for (const name of [...variablesOf(earlier.ast), ...variablesOf(later.ast)])
    if (!point.has(name)) point.set(name, ONE);
  return {
    values: [...point].sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
    earlierValue: evaluatePolynomial(earlier.polynomial, point),
    value: evaluatePolynomial(later.polynomial, point),
  };
}

export function checkExpansionChain(input: string): ChainReport {
  const budget: WorkBudget = { remaining: CHAIN_WORK_BUDGET };
  const all = input.split(/\r?\n/).map((raw, index) => ({ line: index + 1, raw }));
  const filled = all.filter(({ raw }) => raw.trim() !== "");
  const checked = filled.slice(0, MAX_CHAIN_LINES);
  const lines: LineCheck[] = [];
  let previous: GoodLine | null = null;
  let lastExpanded: ExpandedCheck | null = null;
  for (const { line, raw: text } of checked) {
    lastExpanded = null;
    if (text.length > MAX_LINE_LENGTH) {
      lines.push({
        line,
        text,
        kind: "syntax-error",
        message: `longer than ${MAX_LINE_LENGTH} characters`,
        position: 0,
      });
      continue;
    }
    const source = stripLeadingLink(text);
    const parsed = parseExpression(source);
    if (!parsed.ok) {
      lines.push({ line, text, kind: "syntax-error", message: parsed.error.message, position: parsed.error.position });
      continue;
    }
    const tex = expressionToTex(parsed.ast);
    const converted = toPolynomial(parsed.ast, { source, budget });
    if (!converted.ok) {
      lines.push({ line, text, kind: "not-polynomial", tex, reason: converted.reason });
      continue;
    }
    const current: GoodLine = { line, ast: parsed.ast, polynomial: converted.polynomial };
    if (previous === null) {
      lines.push({ line, text, kind: "start", tex });
    } else if (polynomialsEqual(previous.polynomial, current.polynomial)) {
      lines.push({ line, text, kind: "equal", tex, comparedWith: previous.line });
    } else {
      lines.push({
        line,
        text,
        kind: "different",
        tex,
        comparedWith: previous.line,
        counterexample: counterexample(previous, current),
      });
    }
    previous = current;
    lastExpanded = isExpanded(parsed.ast, (node) => `“${source.slice(node.span.start, node.span.end).trim()}”`);
  }
  return { lines, lastExpanded, skippedLines: filled.length - checked.length };
}
