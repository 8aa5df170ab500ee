import { describe, expect, it } from "vitest";
import { parseExpression } from "../expr/parse";
import { checkExpansionChain, MAX_CHAIN_LINES, MAX_LINE_LENGTH, type LineCheck } from "./expansion-chain";
import { equals } from "./rational";
import { evaluateExact } from "./test-oracles";

const kinds = (lines: LineCheck[]) => lines.map((line) => line.kind);

/** The oracle: evaluate a line's text directly at the counterexample's values. */
function valueAt(text: string, values: [string, { num: bigint; den: bigint }][]) {
  const parsed = parseExpression(text.replace(/^\s*(=|→)/, ""));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return evaluateExact(parsed.ast, new Map(values));
}

describe("checkExpansionChain", () => {
  it("accepts a correct chain and sees that it ends expanded", () => {
    const report = checkExpansionChain("(a+b)^2\n(a+b)(a+b)\na^2+ab+ba+b^2\na^2+2ab+b^2");
    expect(kinds(report.lines)).toEqual(["start", "equal", "equal", "equal"]);
    expect(report.lines.map((line) => line.line)).toEqual([1, 2, 3, 4]);
    expect(report.lastExpanded).toEqual({ expanded: true });
  });

  it("says when the last line still has like terms", () => {
    const report = checkExpansionChain("(a+b)^2\na^2+ab+ba+b^2");
    expect(report.lastExpanded).toEqual({ expanded: false, reason: "“ab” and “ba” are like terms: collect them" });
  });

  it("gives a counterexample that really tells the lines apart", () => {
    const chains = [
      ["(a+b)^2", "a^2+b^2"],
      ["(a-b)^2", "a^2-2ab-b^2"],
      ["(x+3)(x-3)", "x^2-6x-9"],
      ["(x-1)(x-2)", "x^2-3x+2+(x-1)(x-2)(x-3)"],
      ["a^2 a^3", "a^6"],
      ["(n-1)(n+1)", "n^2+1 + 0c"],
    ];
    for (const [first, second] of chains) {
      const report = checkExpansionChain(`${first}\n${second}`);
      const line = report.lines[1]!;
      if (line.kind !== "different") throw new Error(`${first} → ${second}: ${line.kind}`);
      expect(line.comparedWith).toBe(1);
      const { values, earlierValue, value } = line.counterexample;
      const [u, v] = [valueAt(first!, values), valueAt(second!, values)];
      expect(equals(u!, earlierValue) && equals(v!, value), `${first} → ${second}`).toBe(true);
      expect(equals(u!, v!)).toBe(false);
    }
  });

  it("names every letter in the counterexample, including ones that cancel", () => {
    const report = checkExpansionChain("a + c - c\na + 1");
    const line = report.lines[1]!;
    if (line.kind !== "different") throw new Error(line.kind);
    expect(line.counterexample.values.map(([name]) => name)).toEqual(["a", "c"]);
  });

  it("reports syntax errors with positions and compares across them", () => {
    const report = checkExpansionChain("(a+b)^2\n(a+b))(a+b)\n\na^2+2ab+b^2");
    expect(kinds(report.lines)).toEqual(["start", "syntax-error", "equal"]);
    const error = report.lines[1]!;
    if (error.kind !== "syntax-error") throw new Error(error.kind);
    expect(error.message).toBe('unexpected ")" at 6');
    expect(error.position).toBe(5);
    expect(report.lines[2]).toMatchObject({ line: 4, comparedWith: 1 });
  });

  it("reads a leading = or → as a link, keeping positions", () => {
    const report = checkExpansionChain("(x+1)^2\n= x^2+2x+1\n→ x^2+2x+2)");
    expect(kinds(report.lines)).toEqual(["start", "equal", "syntax-error"]);
    expect(report.lines[2]).toMatchObject({ message: 'unexpected ")" at 11', position: 10 });
  });

  it("explains lines that are not polynomials, and compares the next with the last good line", () => {
    const report = checkExpansionChain("x^2-1\n(x^2-1)/x\n(x-1)(x+1)");
    expect(kinds(report.lines)).toEqual(["start", "not-polynomial", "equal"]);
    expect(report.lines[1]).toMatchObject({
      reason: "dividing by “x”, which has letters in it, does not give a polynomial",
    });
    expect(report.lastExpanded?.expanded).toBe(false);
  });

  it("has no verdict on expansion when the last line has an error", () => {
    expect(checkExpansionChain("(a+b)^2\n(a+").lastExpanded).toBeNull();
    expect(checkExpansionChain("").lines).toEqual([]);
  });

  it("checks at most MAX_CHAIN_LINES lines and refuses over-long ones", () => {
    const report = checkExpansionChain(Array.from({ length: MAX_CHAIN_LINES + 4 }, () => "x").join("\n"));
    expect(report.lines).toHaveLength(MAX_CHAIN_LINES);
    expect(report.skippedLines).toBe(4);
    const long = checkExpansionChain("x+".repeat(MAX_LINE_LENGTH) + "x");
    expect(long.lines[0]).toMatchObject({ kind: "syntax-error", message: `longer than ${MAX_LINE_LENGTH} characters` });
  });

  it("stays quick on a chain of the largest powers", () => {
    const lines = Array.from({ length: MAX_CHAIN_LINES }, () => "(a+b+c+d)^20").join("\n");
    const report = checkExpansionChain(lines);
    expect(report.lines).toHaveLength(MAX_CHAIN_LINES);
    // The shared budget runs out partway: later lines say so instead of taking seconds each.
    expect(report.lines.some((line) => line.kind === "not-polynomial" && line.reason.includes("too much work"))).toBe(
      true,
    );
  });
});
