import { describe, expect, it } from "vitest";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { checkForm } from "./answer-form";

function parse(text: string) {
  const result = parseExpression(text, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.ast;
}

describe("checkForm: factored", () => {
  it.each(["(x-1)(x+1)", "2(x+1)^2", "-x(x-3)/2", "x", "x^2", "3(x+1)", "(x+y)(x-y)", "x(x-1)(x+1)", "(x^2+1)(x-1)"])(
    "%s is factored",
    (text) => expect(checkForm(parse(text), "factored")).toEqual({ ok: true }),
  );

  it.each([
    ["x^2-1", "“x^2 − 1” is a sum, not a product of factors"],
    ["-(x^2-1)", "“x^2 − 1” is a sum, not a product of factors"],
    ["2(x^2+2x+1)", "the factor “x^2 + 2·x + 1” can be factored further"],
    ["(x^2-1)(x+3)", "the factor “x^2 − 1” can be factored further"],
    ["(4x^2-1)^3", "the factor “4·x^2 − 1” can be factored further"],
    ["6", "“6” has no factor with a letter"],
    ["(x^2-2)", "“x^2 − 2” is a sum, not a product of factors"],
  ])("%s is not: %s", (text, reason) => expect(checkForm(parse(text), "factored")).toEqual({ ok: false, reason }));
});

describe("checkForm: expanded", () => {
  it.each([
    "x^2+2x+1",
    "x/2 - 3",
    "-x^2 + x",
    "x + x + 1",
    "2·3x",
    "3 + sqrt(x+1)",
    "x^2 - (1)",
    "xy - y^2",
    "1/(x+1)",
  ])("%s is expanded", (text) => expect(checkForm(parse(text), "expanded")).toEqual({ ok: true }));

  it.each([
    ["(x+1)^2", "“(x + 1)^2” is a power of a sum: multiply it out"],
    ["(x+1)(x-1)", "“(x + 1)·(x − 1)” multiplies a sum: multiply it out"],
    ["1 + 2(x+1)", "“2·(x + 1)” multiplies a sum: multiply it out"],
    ["x - (x+1)", "the brackets around “x + 1” can still be removed"],
    ["-(x+1)", "the sign in front of “x + 1” still has to be multiplied in"],
    ["(x+1)/2", "“(x + 1)/2” divides a sum: divide each term"],
    ["(2x)^2", "in “(2·x)^2” the power still has to be applied to each factor"],
    ["3x·(x+1)^2", "“(x + 1)^2” is a power of a sum: multiply it out"],
  ])("%s is not: %s", (text, reason) => expect(checkForm(parse(text), "expanded")).toEqual({ ok: false, reason }));
});
