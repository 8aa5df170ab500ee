import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import type { ExprNode } from "./ast";
import { compileInterval } from "./compile-interval";
import { compileReal } from "./compile-real";
import { add, divide, interval, multiply, subtract, type Interval } from "./interval";
import { FORMULA_OPTIONS, parseExpression } from "./parse";

function parse(input: string): ExprNode {
  const result = parseExpression(input, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${input}: ${result.error.message}`);
  return result.ast;
}

const over = (input: string, lo: number, hi: number): Interval =>
  compileInterval(parse(input), ["x"])([interval(lo, hi)]);

describe("compileInterval: defined and continuous in known cases", () => {
  it.each([
    // expression, box, defined, continuous
    ["tan(x)", 1.5, 1.6, "some", false],
    ["tan(x)", 0, 1, "all", true],
    ["tan(x)", 1e7, 1e7 + 1, "some", false],
    ["1/x", -1, 1, "some", false],
    ["1/x", 0.5, 1, "all", true],
    ["1/x", 0, 0, "none", true],
    ["floor(x)", 0.2, 0.8, "all", true],
    ["floor(x)", 0.5, 1.5, "all", false],
    ["round(x)", 0.4, 0.6, "all", false],
    ["sign(x)", -1, 1, "all", false],
    ["sign(x)", 1, 2, "all", true],
    ["mod(x, 1)", 0.2, 0.8, "all", true],
    ["mod(x, 1)", 0.5, 1.5, "all", false],
    ["sqrt(x)", -1, 1, "some", true],
    ["sqrt(x)", -2, -1, "none", true],
    ["sqrt(x^2)", -1, 1, "all", true],
    ["sqrt(x*x)", 0, 1, "all", true],
    ["ln(x)", -1, 1, "some", true],
    ["asin(x)", 0.5, 2, "some", true],
    ["acosh(x)", 0, 0.5, "none", true],
    ["atanh(x)", -1, 0, "some", true],
    ["x^0.5", -1, 1, "some", true],
    ["x^x", -1, 1, "some", false],
    ["x^(1/3)", -2, -1, "none", true],
    ["x^-2", -1, 1, "some", false],
    ["cot(x)", -0.5, 0.5, "some", false],
    ["sec(x)", 1, 2, "some", false],
    ["{x<0: -x, x}", -1, 1, "all", false],
    ["{x<0: -x, x}", 1, 2, "all", true],
    ["{x<0: 1}", -1, 1, "some", false],
    ["{x<0: 1}", 1, 2, "none", true],
    ["{sqrt(x) < 1: 0, 1}", -1, 0.5, "some", true],
    ["x!", 2.5, 3.5, "some", false],
    ["x!", 2.2, 2.8, "none", true],
    ["x!", 4, 4, "all", true],
    ["gcd(x, 6)", 3.5, 4.5, "some", false],
    ["gcd(x, 6)", 4, 4, "all", true],
    ["nthroot(x, 3)", -8, 8, "all", true],
    ["nthroot(x, 4)", -8, 8, "some", true],
    ["log_x(8)", 0.5, 2, "some", false],
  ] as const)("%s over [%d, %d]: %s, continuous %s", (input, lo, hi, defined, continuous) => {
    const result = over(input, lo, hi);
    expect(result.defined).toBe(defined);
    expect(result.continuous).toBe(continuous);
  });

  it("encloses tightly where it can", () => {
    expect(over("x^2", -1, 2)).toMatchObject({ lo: 0 });
    expect(over("x^2", -1, 2).hi).toBeCloseTo(4, 12);
    // sin peaks at π/2 inside (0, 3), but not inside (1.7, 3).
    expect(over("sin(x)", 0, 3).hi).toBe(1);
    expect(over("sin(x)", 1.7, 3).hi).toBeLessThan(Math.sin(1.7) + 1e-12);
    expect(over("cos(x)", -0.1, 0.1).hi).toBe(1);
    expect(over("cosh(x)", -1, 2).lo).toBe(1);
    expect(over("floor(x)", 0.2, 0.8)).toMatchObject({ lo: 0, hi: 0 });
    expect(over("sqrt(x)", -1, 4)).toMatchObject({ lo: 0 });
    expect(over("1/x", 0, 2)).toMatchObject({ hi: Infinity });
    expect(over("1/x", 0, 2).lo).toBeCloseTo(0.5, 12);
    expect(over("tan(x)", 1.5, 1.6)).toMatchObject({ lo: -Infinity, hi: Infinity });
    expect(over("x!", 2.5, 5.5)).toMatchObject({ lo: 6, hi: 120 });
    // An underflow of exp still has a positive upper bound.
    expect(over("exp(x)", -1000, -999).hi).toBeGreaterThan(0);
    expect(over("sqrt(x)", -2, -1)).toMatchObject({ lo: NaN, hi: NaN });
  });

  it("gives a relation as the enclosure of L − R", () => {
    const circle = compileInterval(parse("x^2 + y^2 = 1"), ["x", "y"]);
    const inside = circle([interval(0, 0.1), interval(0, 0.1)]);
    expect(inside.hi).toBeLessThan(0);
    const crossing = circle([interval(0.5, 0.8), interval(0.5, 0.8)]);
    expect(crossing.lo).toBeLessThan(0);
    expect(crossing.hi).toBeGreaterThan(0);
  });
});

describe("interval arithmetic rounds outward (checked exactly with BigInt)", () => {
  // Doubles with 1e-6 ≤ |v| ≤ 1e6 have ulps ≥ 2^-73, so v·2^SCALE is a whole number and BigInt holds it exactly.
  const SCALE = 100;
  const exact = (v: number) => BigInt(v * 2 ** SCALE);
  const next = random(31);
  const randomDouble = () => (next() < 0.5 ? -1 : 1) * Math.exp((next() - 0.5) * 20) * (1 + next());

  it("for +, −, × and ÷ of random intervals", () => {
    for (let trial = 0; trial < 1500; trial += 1) {
      const [a0, a1] = [randomDouble(), randomDouble()].sort((p, q) => p - q) as [number, number];
      const [b0, b1] = [randomDouble(), randomDouble()].sort((p, q) => p - q) as [number, number];
      const a = interval(a0, a1);
      const b = interval(b0, b1);
      const sum = add(a, b);
      expect(exact(sum.lo) <= exact(a0) + exact(b0) && exact(a1) + exact(b1) <= exact(sum.hi)).toBe(true);
      const difference = subtract(a, b);
      expect(exact(difference.lo) <= exact(a0) - exact(b1) && exact(a1) - exact(b0) <= exact(difference.hi)).toBe(true);
      const product = multiply(a, b);
      const corners = [exact(a0) * exact(b0), exact(a0) * exact(b1), exact(a1) * exact(b0), exact(a1) * exact(b1)];
      for (const corner of corners) {
        expect(
          exact(product.lo) * 2n ** BigInt(SCALE) <= corner && corner <= exact(product.hi) * 2n ** BigInt(SCALE),
        ).toBe(true);
      }
      if (b0 > 0 || b1 < 0) {
        const quotient = divide(a, b);
        // lo ≤ n/d ⟺ lo·d ≤ n for d > 0 (reversed for d < 0).
        for (const n of [a0, a1]) {
          for (const d of [b0, b1]) {
            const [lo, hi] = [exact(quotient.lo) * exact(d), exact(quotient.hi) * exact(d)];
            const numerator = exact(n) * 2n ** BigInt(SCALE);
            expect(d > 0 ? lo <= numerator && numerator <= hi : hi <= numerator && numerator <= lo).toBe(true);
          }
        }
      }
    }
  });
});

/** ~50 expressions of one or two variables covering every function and construct. */
const PROPERTY_EXPRESSIONS: readonly string[] = [
  "x^2 - 3x + 1",
  "x^3 - x",
  "(x-1)(x+2)(x-3)",
  "x^4 - 2x^2",
  "x^-1",
  "x^-2 + 1",
  "1/(x^2 - 1)",
  "(x^2+1)/(x-0.5)",
  "x^0.5",
  "x^(1/3)",
  "x^x",
  "2^x",
  "e^(-x^2)",
  "(-2)^x",
  "sin(x)",
  "cos(3x) + sin(x/2)",
  "tan(x)",
  "cot(x)",
  "sec(x)",
  "csc(2x)",
  "asin(x/3)",
  "acos(x/2)",
  "atan(x) * 2",
  "sinh(x)",
  "cosh(x) - 1",
  "tanh(2x)",
  "asinh(x)",
  "acosh(x)",
  "atanh(x/4)",
  "exp(x) - x",
  "ln(x)",
  "log(x^2)",
  "log_2(x)",
  "log_{x}(3)",
  "sqrt(4 - x^2)",
  "cbrt(x - 1)",
  "nthroot(x, 3) + nthroot(x, 4)",
  "|x - 1| - |x|",
  "floor(x) + ceil(x/2)",
  "round(x) * sign(x)",
  "mod(x, 2) - mod(x, -1.5)",
  "min(x, x^2, 1)",
  "max(sin(x), cos(x))",
  "gcd(x, 12) + lcm(x, 4)",
  "x!",
  "{x < 0: -x, x < 2: x^2, 4}",
  "{0 < x < 1: 1/x}",
  "{sqrt(x) < 1.5: x, -x}",
  "x^2 + y^2 = 4",
  "y < sin(x) + x y",
  "x/y - y/x",
  "sqrt(x*y) + ln(x - y)",
  "pi x + tau - e",
];

describe("compileInterval encloses every real value (property, seeded)", () => {
  it("for ~50 expressions over thousands of random boxes", () => {
    const next = random(2026);
    let checkedPoints = 0;
    for (const text of PROPERTY_EXPRESSIONS) {
      const ast = parse(text);
      const enclose = compileInterval(ast, ["x", "y"]);
      const evaluate = compileReal(ast, ["x", "y"]);
      for (let trial = 0; trial < 200; trial += 1) {
        const side = () => {
          const centre = (next() - 0.5) * 12;
          const width = trial % 10 === 0 ? 0 : Math.exp((next() - 0.9) * 12);
          return [centre - width / 2, centre + width / 2] as const;
        };
        const [x0, x1] = side();
        const [y0, y1] = side();
        const result = enclose([interval(x0, x1), interval(y0, y1)]);
        for (let k = 0; k < 12; k += 1) {
          // Corners first, then inside.
          const x = k < 2 ? [x0, x1][k]! : x0 + (x1 - x0) * next();
          const y = k < 2 ? [y0, y1][k]! : y0 + (y1 - y0) * next();
          const v = evaluate([x, y]);
          const where = `${text} over x∈[${x0}, ${x1}], y∈[${y0}, ${y1}] at (${x}, ${y}) = ${v}: ${JSON.stringify(result)}`;
          if (Number.isNaN(v)) {
            if (result.defined === "all") throw new Error(`undefined point, but defined "all": ${where}`);
          } else if (!Number.isFinite(v)) {
            if (result.defined === "all" && !(result.lo <= v && v <= result.hi))
              throw new Error(`pole outside: ${where}`);
          } else {
            if (result.defined === "none") throw new Error(`defined point, but "none": ${where}`);
            if (!(result.lo <= v && v <= result.hi)) throw new Error(`value outside the enclosure: ${where}`);
            checkedPoints += 1;
          }
        }
      }
    }
    expect(checkedPoints).toBeGreaterThan(50_000);
  });

  it("marks a box holding a jump or a pole as not continuous", () => {
    const next = random(7);
    const cases: [string, (lo: number, hi: number) => boolean][] = [
      // Each with where its jumps or poles are: a whole number, π/2 + kπ, 0.
      ["floor(x)", (lo, hi) => Math.floor(hi) > Math.floor(lo) && !Number.isInteger(hi)],
      ["tan(x)", (lo, hi) => Math.floor((hi - Math.PI / 2) / Math.PI) > Math.floor((lo - Math.PI / 2) / Math.PI)],
      ["1/x", (lo, hi) => lo < 0 && hi > 0],
      ["sign(x)", (lo, hi) => lo < 0 && hi > 0],
      ["mod(x, 1)", (lo, hi) => Math.floor(hi) > Math.floor(lo) && !Number.isInteger(hi)],
      ["{x < 1: 0, 1}", (lo, hi) => lo < 1 && hi > 1],
    ];
    let jumps = 0;
    for (const [text, jumpsInside] of cases) {
      for (let trial = 0; trial < 500; trial += 1) {
        const lo = (next() - 0.5) * 10;
        const hi = lo + next() * 3;
        if (!jumpsInside(lo, hi)) continue;
        jumps += 1;
        expect(over(text, lo, hi).continuous, `${text} over [${lo}, ${hi}]`).toBe(false);
      }
    }
    expect(jumps).toBeGreaterThan(500);
  });

  it("tells a pole of tan from its neighbours to within the rounding of x/π, not a billionth of a period", () => {
    const halfPi = Math.PI / 2;
    const next = (x: number) => x + Math.abs(x) * Number.EPSILON;
    // π/2 lies between the double nearest it and the next one up: a box of those two holds the pole.
    expect(over("tan(x)", halfPi, next(halfPi))).toMatchObject({ defined: "some", continuous: false });
    for (const gap of [1e-12, 1e-10, 3e-9]) {
      expect(over("tan(x)", halfPi + gap, halfPi + 2 * gap), `${gap} past π/2`).toMatchObject({
        defined: "all",
        continuous: true,
      });
      expect(over("tan(x)", halfPi - 2 * gap, halfPi - gap).hi).toBeGreaterThan(1 / (2 * gap));
    }
    // Far out, x/π is rounded more coarsely, and the margin grows with it.
    const pole = (2e5 + 0.5) * Math.PI;
    expect(over("tan(x)", pole - 1e-11, pole + 1e-11).continuous).toBe(false);
  });
});
