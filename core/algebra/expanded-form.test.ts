import { describe, expect, it } from "vitest";
import { parseExpression } from "../expr/parse";
import { isExpanded } from "./expanded-form";

function check(text: string) {
  const result = parseExpression(text);
  if (!result.ok) throw new Error(result.error.message);
  return isExpanded(result.ast, (node) => text.slice(node.span.start, node.span.end));
}

describe("isExpanded", () => {
  it.each([
    "a^2+2ab+b^2",
    "a^2 - 2ab + b^2",
    "x^3 + 1",
    "-x^2 + x - 1",
    "0",
    "7",
    "x",
    "ab - ba^2",
    "x/2 + 3",
    "0.5x^2y - y",
    "2·x·y",
    "a^1 b",
  ])("%s is expanded", (text) => {
    expect(check(text)).toEqual({ expanded: true });
  });

  it.each([
    ["(a+b)^2", "(a+b)^2 is a power of a sum"],
    ["(a+b)(a+b)", "(a+b)(a+b) multiplies a sum"],
    ["a(b+c)", "a(b+c) multiplies a sum"],
    ["a^2+ab+ba+b^2", "ab and ba are like terms"],
    ["x + 2 + 3", "2 and 3 are like terms"],
    ["a - (b - c)", "the brackets around (b - c) can still be removed"],
    ["-(a+b)", "the sign in front of (a+b)"],
    ["2·3x", "the numbers in 2·3x can be multiplied"],
    ["a·a", "a appears more than once in a·a"],
    ["x x^2", "x appears more than once"],
    ["(ab)^2", "the power still has to be applied to each factor"],
    ["x^(1+1)", "the exponent in x^(1+1) is not a plain whole number"],
    ["2^3 x", "2^3 is a number that can be worked out"],
    ["x^0 + 1", "x^0 equals 1"],
    ["(a+b)/2", "in (a+b)/2 each term of the sum can be divided separately"],
    ["x/y", "x/y divides by more than a number"],
    ["sin(x)", "sin(x) is a function"],
  ])("%s is not: %s", (text, reason) => {
    const result = check(text);
    expect(result.expanded).toBe(false);
    if (!result.expanded) expect(result.reason).toContain(reason);
  });
});
