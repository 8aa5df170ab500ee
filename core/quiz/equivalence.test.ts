import { describe, expect, it } from "vitest";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { evaluateExact, randomPolynomialText, randomRational } from "../algebra/test-oracles";
import { equals, rational, type Rational } from "../algebra/rational";
import { random } from "../numtheory/test-oracles";
import { compareExpressions, RANDOM_POINTS, RELATIVE_TOLERANCE } from "./equivalence";

function parse(text: string) {
  const result = parseExpression(text, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${text}: ${result.error.message}`);
  return result.ast;
}

const compare = (expected: string, given: string, variables: readonly string[] = ["x"]) =>
  compareExpressions(parse(expected), parse(given), variables);

/** The feedback of a comparison that found a difference; null when it found none. */
const differenceFeedback = (expected: string, given: string, variables?: readonly string[]) => {
  const result = compare(expected, given, variables);
  return result.equal ? null : result.feedback;
};

/** The exact point a feedback names ("Not equal at a = 1, b = −2/3."), or null for a random one. */
function reportedPoint(feedback: string): Map<string, Rational> | null {
  const match = /at ((?:\w+ = [−\d/]+(?:, )?)+)[:.]/.exec(feedback);
  if (match === null) return null;
  return new Map(
    match[1]!.split(", ").map((pair) => {
      const [name, value] = pair.split(" = ") as [string, string];
      const [top, bottom = "1"] = value.replace("−", "-").split("/");
      return [name, rational(BigInt(top!), BigInt(bottom))];
    }),
  );
}

const sameValue = (a: Rational | null, b: Rational | null) => (a === null ? b === null : b !== null && equals(a, b));

describe("compareExpressions against exact evaluation", () => {
  it("on random polynomial pairs: a reported point is one where they differ; equal ones agree everywhere", () => {
    const next = random(21);
    let equalCount = 0;
    for (let i = 0; i < 300; i += 1) {
      const expected = randomPolynomialText(next, ["a", "b"]);
      const given =
        next() < 0.5
          ? `(${expected}) + (${randomPolynomialText(next, ["a", "b"], 1)}) * 0`
          : randomPolynomialText(next, ["a", "b"]);
      const result = compare(expected, given, ["a", "b"]);
      if (result.equal) {
        equalCount += 1;
        for (let k = 0; k < 10; k += 1) {
          const point = new Map([
            ["a", randomRational(next)],
            ["b", randomRational(next)],
          ]);
          expect(sameValue(evaluateExact(parse(expected), point), evaluateExact(parse(given), point))).toBe(true);
        }
      } else {
        const point = reportedPoint(result.feedback);
        expect(point, result.feedback).not.toBeNull();
        for (const name of ["a", "b"]) if (!point!.has(name)) point!.set(name, rational(0n));
        expect(sameValue(evaluateExact(parse(expected), point!), evaluateExact(parse(given), point!))).toBe(false);
      }
    }
    expect(equalCount).toBeGreaterThan(100);
  });

  it("on quotients: an exact reported point is one where they differ, one undefined or both different", () => {
    const next = random(22);
    for (let i = 0; i < 150; i += 1) {
      const [p, q, r] = [0, 1, 2].map(() => randomPolynomialText(next, ["x"], 2));
      const expected = `(${p})/(${q})`;
      const given = next() < 0.5 ? `((${p})(${r}))/((${q})(${r}))` : `(${p})/(${r})`;
      const result = compare(expected, given);
      if (result.equal) continue;
      const point = reportedPoint(result.feedback);
      if (point === null) continue; // a random point, in floating point: checked by the tests of the table
      const [e, g] = [evaluateExact(parse(expected), point), evaluateExact(parse(given), point)];
      expect(sameValue(e, g), `${expected} vs ${given}: ${result.feedback}`).toBe(false);
      if (result.feedback.includes("given expression is undefined")) expect(g).toBeNull();
      if (result.feedback.includes("expected answer is undefined")) expect(e).toBeNull();
    }
  });
});

describe("compareExpressions: how it decides", () => {
  it("decides polynomials by multiplying out", () => {
    expect(compare("(x+1)^2", "x^2+2x+1")).toEqual({ equal: true, steps: ["Multiplied out, expected − given = 0."] });
    const different = compare("(x+1)^2", "x^2+1");
    expect(different.equal).toBe(false);
    expect(different.steps[0]).toBe("Multiplied out, expected − given = 2x, not 0.");
  });

  it("simplifies, then checks where each side is defined", () => {
    const result = compare("1", "x/x");
    expect(result).toEqual({
      equal: false,
      feedback: "Not equal at x = 0: the given expression is undefined there.",
      steps: [
        "Simplified, expected − given = 0; checked where each is defined.",
        "Values at x = 0: expected 1, given undefined.",
      ],
    });
  });

  it("compares by values at special and random points, reproducibly", () => {
    const result = compare("abs(x)", "sqrt(x^2)");
    expect(result.equal).toBe(true);
    expect(result.steps.at(-1)).toBe(`Equal at ${RANDOM_POINTS} random points within ${RELATIVE_TOLERANCE}.`);
    expect(compare("abs(x)", "sqrt(x^2)")).toEqual(result);
  });

  it("finds zeros of denominators that are not whole numbers", () => {
    expect(differenceFeedback("2x+1", "(4x^2-1)/(2x-1)")).toBe(
      "Not equal at x = 1/2: the given expression is undefined there.",
    );
    // x² + x/3 − 2/9 = (x − 1/3)(x + 2/3)
    expect(differenceFeedback("x-1", "(x-1)(x^2+x/3-2/9)/(x^2+x/3-2/9)")).toBe(
      "Not equal at x = −2/3: the given expression is undefined there.",
    );
  });

  it("compares functions of whole numbers at whole points", () => {
    expect(compare("gcd(n, 6)", "gcd(6, n)", ["n"]).equal).toBe(true);
    expect(compare("n^2", "n!", ["n"]).equal).toBe(false);
    // At 0, (−1)! is undefined: as functions the two differ there.
    expect(differenceFeedback("n", "n!/(n-1)!", ["n"])).toBe(
      "Not equal at n = 0: the given expression is undefined there.",
    );
  });

  it("reports what cannot be evaluated", () => {
    expect(differenceFeedback("x", "(x, 1)")).toContain("The answer cannot be evaluated: a tuple has no single value");
  });
});
