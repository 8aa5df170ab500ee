import { describe, expect, it } from "vitest";
import {
  applyOperation,
  checkBySubstitution,
  describeOperation,
  equationStatus,
  equationToTex,
  equationToText,
  evaluateSide,
  isolatedValue,
  parseLinearEquation,
  parseOperation,
  solveLinearEquation,
  suggestOperation,
  type LinearEquation,
  type OperationKind,
  type ParsedEquation,
} from "./linear-equation";
import { equals, rational, rationalToText, type Rational } from "./rational";
import { evaluateExact, random, randomRational } from "./test-oracles";

function parsed(text: string): ParsedEquation {
  const result = parseLinearEquation(text);
  if (!result.ok) throw new Error(`${text}: ${result.message}`);
  return result.value;
}

const equation = (text: string) => parsed(text).equation;

function operation(kind: OperationKind, text: string) {
  const result = parseOperation(kind, text);
  if (!result.ok) throw new Error(`${kind} ${text}: ${result.message}`);
  return result.value;
}

/** The oracle: does x satisfy the equation as written? Evaluates the written sides directly. */
function satisfies(written: ParsedEquation["written"], x: Rational): boolean {
  const values = new Map([["x", x]]);
  const left = evaluateExact(written[0], values);
  const right = evaluateExact(written[1], values);
  return left !== null && right !== null && equals(left, right);
}

/** Brute force: which of the sample values satisfy the equation (by its sides' values, no solving). */
function satisfiedAt(eq: LinearEquation, samples: Rational[]): boolean[] {
  return samples.map((x) => equals(evaluateSide(eq.left, x), evaluateSide(eq.right, x)));
}

const SAMPLES = [
  ...Array.from({ length: 41 }, (_, i) => rational(BigInt(i - 20))),
  rational(1n, 3n),
  rational(-7n, 2n),
];

describe("parseLinearEquation", () => {
  it("reads ax + b = cx + d", () => {
    expect(equation("3x+5=20")).toEqual({
      left: { coefficient: rational(3n), constant: rational(5n) },
      right: { coefficient: rational(0n), constant: rational(20n) },
    });
    expect(equationToText(equation("2(x - 1) = x/2 + 0.5"))).toBe("2x - 2 = (1/2)x + (1/2)");
    expect(equationToTex(equation("5 - x = 2x"))).toBe("-x + 5 = 2x");
  });

  it.each([
    ["3x+5", "an equation needs an = sign"],
    ["x=1=1", "use exactly one = sign"],
    ["x^2 = 4", "the left side has x^2: only linear equations"],
    ["x(x+1) = 3", "the left side has x^2"],
    ["2y = 4", "the left side has the letter y: only x may appear"],
    ["3x+ = 20", "the left side: unexpected end at 5"],
    ["3x = 20)", 'the right side: unexpected ")" at 8'],
    ["1/x = 2", "dividing by “x”"],
    ["x = " + "1+".repeat(40) + "1", "at most 60 characters"],
  ])("%s: %s", (text, message) => {
    const result = parseLinearEquation(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });
});

describe("parseOperation", () => {
  it("takes terms in x for adding and subtracting, non-zero numbers for multiplying and dividing", () => {
    expect(operation("subtract", "2x - 1")).toEqual({
      kind: "subtract",
      amount: { coefficient: rational(2n), constant: rational(-1n) },
    });
    expect(operation("divide", "-3/4")).toEqual({ kind: "divide", amount: rational(-3n, 4n) });
  });

  it.each([
    ["divide", "0", "dividing by 0 is not defined"],
    ["divide", "2-2", "dividing by 0 is not defined"],
    ["multiply", "0", "multiplying both sides by 0"],
    ["multiply", "x", "multiply only by a number"],
    ["divide", "2x+1", "divide only by a number"],
    ["add", "x^2", "x^2"],
    ["add", "y", "the letter y"],
    ["add", "", "the expression is empty"],
  ] as const)("%s %j is refused: %s", (kind, text, message) => {
    const result = parseOperation(kind, text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(message);
  });

  it("describes itself", () => {
    expect(describeOperation(operation("subtract", "5"))).toEqual({
      before: "subtract",
      amountTex: "5",
      after: "from both sides",
    });
    expect(describeOperation(operation("add", "x"))).toEqual({ before: "add", amountTex: "x", after: "to both sides" });
    expect(describeOperation(operation("divide", "1/2")).amountTex).toBe("\\frac{1}{2}");
  });
});

describe("solveLinearEquation against brute force", () => {
  it.each([
    ["3x+5=20", "one", "5"],
    ["2x + 1 = 2x + 3", "none", ""],
    ["2(x+1) = 2x + 2", "every", ""],
    ["x/2 + 1/3 = 1", "one", "4/3"],
    ["5 = 5", "every", ""],
    ["0 = 1", "none", ""],
    ["7 - 2x = x + 1", "one", "2"],
  ])("%s: %s %s", (text, kind, value) => {
    const { equation: eq, written } = parsed(text);
    const solutions = solveLinearEquation(eq);
    expect(solutions.kind).toBe(kind);
    if (solutions.kind === "one") {
      expect(rationalToText(solutions.x)).toBe(value);
      expect(satisfies(written, solutions.x)).toBe(true);
    }
    const hits = SAMPLES.filter((x) => satisfies(written, x)).length;
    expect(hits).toBe(kind === "every" ? SAMPLES.length : kind === "none" ? 0 : hits);
  });

  it("finds the one integer root that scanning finds, on random equations", () => {
    const next = random(404);
    for (let trial = 0; trial < 300; trial += 1) {
      const small = () => Math.floor(next() * 19) - 9;
      const [a, c, root] = [small(), small(), small()];
      const b = small();
      const d = (a - c) * root + b; // makes `root` a solution whenever a ≠ c
      const text = `${a}x + ${b} = ${c}x + ${d}`.replace(/\+ -/g, "- ");
      const { equation: eq, written } = parsed(text);
      const scan = SAMPLES.filter((x) => satisfies(written, x));
      const solutions = solveLinearEquation(eq);
      if (a !== c) {
        expect(solutions).toEqual({ kind: "one", x: rational(BigInt(root)) });
        expect(scan).toEqual([rational(BigInt(root))]);
      } else {
        expect(solutions.kind).toBe(b === d ? "every" : "none");
        expect(scan.length).toBe(b === d ? SAMPLES.length : 0);
      }
    }
  });
});

describe("applyOperation keeps the solutions", () => {
  it("leaves the set of solutions unchanged under random allowed operations", () => {
    const next = random(77);
    const kinds: OperationKind[] = ["add", "subtract", "multiply", "divide"];
    for (let trial = 0; trial < 300; trial += 1) {
      let eq: LinearEquation = {
        left: { coefficient: randomRational(next, 6), constant: randomRational(next, 6) },
        right: { coefficient: randomRational(next, 6), constant: randomRational(next, 6) },
      };
      const before = satisfiedAt(eq, SAMPLES);
      for (let step = 0; step < 4; step += 1) {
        const kind = kinds[Math.floor(next() * kinds.length)]!;
        const amount = randomRational(next, 5);
        const value = `(${rationalToText(amount)})`;
        const result = parseOperation(kind, kind === "add" || kind === "subtract" ? `${value}x + 1` : value);
        if (!result.ok) {
          expect(amount.num).toBe(0n); // only 0 is refused here
          continue;
        }
        eq = applyOperation(eq, result.value);
      }
      expect(satisfiedAt(eq, SAMPLES)).toEqual(before);
    }
  });
});

describe("isolating x", () => {
  it("sees x alone on either side", () => {
    expect(isolatedValue(equation("x = 5"))).toEqual(rational(5n));
    expect(isolatedValue(equation("-2/3 = x"))).toEqual(rational(-2n, 3n));
    expect(isolatedValue(equation("2x = 10"))).toBeNull();
    expect(isolatedValue(equation("x + 0 = x"))).toBeNull();
  });

  it("following the suggestions isolates x in at most three steps when there is one solution", () => {
    const next = random(5150);
    for (let trial = 0; trial < 300; trial += 1) {
      let eq: LinearEquation = {
        left: { coefficient: randomRational(next, 6), constant: randomRational(next, 6) },
        right: { coefficient: randomRational(next, 6), constant: randomRational(next, 6) },
      };
      const solutions = solveLinearEquation(eq);
      let steps = 0;
      for (let suggestion = suggestOperation(eq); suggestion; suggestion = suggestOperation(eq)) {
        eq = applyOperation(eq, suggestion);
        steps += 1;
        expect(steps).toBeLessThanOrEqual(3);
      }
      if (solutions.kind === "one") expect(isolatedValue(eq)).toEqual(solutions.x);
      else expect(isolatedValue(eq)).toBeNull();
    }
  });

  it("suggests the steps a teacher would for 3x + 5 = 20", () => {
    let eq = equation("3x+5=20");
    const first = suggestOperation(eq)!;
    expect(describeOperation(first)).toEqual({ before: "subtract", amountTex: "5", after: "from both sides" });
    eq = applyOperation(eq, first);
    expect(equationToText(eq)).toBe("3x = 15");
    const second = suggestOperation(eq)!;
    expect(describeOperation(second)).toEqual({ before: "divide both sides by", amountTex: "3", after: "" });
    eq = applyOperation(eq, second);
    expect(equationToText(eq)).toBe("x = 5");
    expect(suggestOperation(eq)).toBeNull();
  });
});

describe("equationStatus", () => {
  it.each([
    ["x = 5", "isolated"],
    ["2x + 2 = 2x + 2", "identity"],
    ["4 = 4", "identity"],
    ["1 = 3", "contradiction"],
    ["2x + 1 = 2x + 3", "open"],
    ["3x + 5 = 20", "open"],
  ])("%s is %s", (text, kind) => {
    expect(equationStatus(equation(text)).kind).toBe(kind);
  });

  it("agrees with the solutions once the suggestions run out", () => {
    const next = random(8);
    for (let trial = 0; trial < 200; trial += 1) {
      const small = () => rational(BigInt(Math.floor(next() * 7) - 3));
      let eq: LinearEquation = {
        left: { coefficient: small(), constant: small() },
        right: { coefficient: small(), constant: small() },
      };
      const solutions = solveLinearEquation(eq);
      for (let suggestion = suggestOperation(eq); suggestion; suggestion = suggestOperation(eq)) {
        eq = applyOperation(eq, suggestion);
      }
      const expected = { one: "isolated", every: "identity", none: "contradiction" }[solutions.kind];
      expect(equationStatus(eq).kind).toBe(expected);
    }
  });
});

describe("checkBySubstitution", () => {
  it("puts the value into the equation as written", () => {
    const equationText = parsed("3x+5=20");
    const check = checkBySubstitution(equationText, rational(5n));
    expect(check.leftTex).toBe("3\\left(5\\right)+5");
    expect(check.rightTex).toBe("20");
    expect(check.holds).toBe(true);
    expect(check.leftValue).toEqual(rational(20n));
    const wrong = checkBySubstitution(equationText, rational(4n));
    expect(wrong.holds).toBe(false);
    expect(wrong.leftValue).toEqual(rational(17n));
  });

  it("brackets negative and fractional values", () => {
    expect(checkBySubstitution(parsed("2x - x = 1"), rational(-3n, 2n)).leftTex).toBe(
      "2\\left(-\\frac{3}{2}\\right)-\\left(-\\frac{3}{2}\\right)",
    );
  });
});
