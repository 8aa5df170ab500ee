import { describe, expect, it } from "vitest";
import { lintLesson } from "./lint-delimiters";
import { renderLesson } from "./render-lesson";

const summary = (markdown: string) =>
  lintLesson(markdown).map(({ severity, line, message }) => `${severity} ${line}: ${message}`);

describe("lintLesson", () => {
  it("reports each kind of opener that is never closed, with its line", () => {
    expect(summary("Fine $x$.\n\nOpen $x here\nand \\(y\n\n$$z\n\n\\[w")).toEqual([
      "error 3: Opening $ on line 3 is never closed",
      "error 4: Opening \\( on line 4 is never closed",
      "error 6: Opening $$ on line 6 is never closed",
      "error 8: Opening \\[ on line 8 is never closed",
    ]);
  });

  it("quotes the rest of the line after an unclosed opener", () => {
    expect(lintLesson("We have $a^2 + b^2 = c^2 and then")[0]!.source).toBe("$a^2 + b^2 = c^2 and then");
  });

  it("reports a display formula left open across a blank line", () => {
    expect(summary("$$\nx = 1\n\ny")).toEqual(["error 1: Opening $$ on line 1 is never closed"]);
  });

  it("reports a closing \\) or \\] that closes nothing", () => {
    expect(summary("a) b\\) c\n\nd\\]")).toEqual([
      "error 1: Closing \\) on line 1 has no opening \\(",
      "error 3: Closing \\] on line 3 has no opening \\[",
    ]);
  });

  it("warns about money only in a paragraph that also has $ formulas", () => {
    expect(summary("It costs $5 and $10.50.")).toEqual([]);
    expect(summary("It costs $5 for $x$.\n\nAnd $3 here.")).toEqual([
      "warning 1: $5 is read as money; write \\$ for a dollar sign or \\(…\\) for a formula starting with a digit",
    ]);
    expect(summary("$x$ then\n$10.50")[0]).toMatch(/^warning 2: \$10\.50 is read as money/);
  });

  it("warns about a $…$ formula of digits and punctuation only, not about a signed number", () => {
    expect(summary("Prices: 5$, 10$ each.")).toEqual([
      "warning 1: $, 10$ holds only digits and punctuation: if it is money, write \\$; if it is a formula, write \\(, 10\\)",
    ]);
    expect(summary("The residue $-1$ and $x$.")).toEqual([]);
  });

  it("does not look into code, and accepts escaped dollars", () => {
    expect(summary("`$x` and `\\(`\n\n```\n$$\n```\n\n    $y\n\nA \\$ sign.")).toEqual([]);
  });

  it("lists problems in source order", () => {
    const lines = lintLesson("$a\n\n$5 $x$\n\n\\(b").map((problem) => problem.line);
    expect(lines).toEqual([1, 3, 5]);
  });

  it("reports nothing that renderLesson reports, and renderLesson nothing it reports", () => {
    const markdown = '$\\frac{1}{$ and $open\n\n:::theorem\nunclosed\n\n# Title\n\n::widget{name="nope"}';
    const rendered = renderLesson(markdown, { checkWidget: () => "unknown widget" }).problems;
    const linted = lintLesson(markdown);
    expect(rendered.length).toBeGreaterThan(0);
    expect(linted.map((problem) => problem.message)).toEqual(["Opening $ on line 1 is never closed"]);
    const key = (problem: { line: number; message: string }) => `${problem.line} ${problem.message}`;
    expect(rendered.map(key).filter((entry) => linted.map(key).includes(entry))).toEqual([]);
  });
});
