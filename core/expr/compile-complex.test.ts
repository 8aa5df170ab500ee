import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import type { ExprNode } from "./ast";
import { compileComplex } from "./compile-complex";
import { compileReal, ExprCompileError } from "./compile-real";
import { FORMULA_OPTIONS, parseExpression } from "./parse";

/** Agreement of two complex computations of the same value, relative to its size. */
const TOLERANCE = 1e-10;

function parse(input: string): ExprNode {
  const result = parseExpression(input, FORMULA_OPTIONS);
  if (!result.ok) throw new Error(`${input}: ${result.error.message}`);
  return result.ast;
}

type Pair = [number, number];

function complexFunction(input: string, variables = ["z"]): (...zs: Pair[]) => Pair {
  const f = compileComplex(parse(input), variables);
  const out = { re: 0, im: 0 };
  return (...zs) => {
    f(
      zs.map((z) => z[0]),
      zs.map((z) => z[1]),
      out,
    );
    return [out.re, out.im];
  };
}

function near(actual: Pair, expected: Pair, scale = 1): boolean {
  const size = Math.max(1, Math.hypot(...expected)) * scale;
  return Math.hypot(actual[0] - expected[0], actual[1] - expected[1]) <= TOLERANCE * size;
}

const next = random(555);
/** A random point of the box [−r, r] × [−s, s]. */
const randomPoint = (r: number, s: number): Pair => [(next() * 2 - 1) * r, (next() * 2 - 1) * s];

describe("compileComplex: known principal values", () => {
  it.each([
    // e^{iπ} = −1 (Euler).
    ["exp(z)", [0, Math.PI], [-1, 0]],
    ["e^z", [0, Math.PI], [-1, 0]],
    ["sqrt(z)", [-4, 0], [0, 2]],
    ["ln(z)", [-1, 0], [0, Math.PI]],
    ["ln(z)", [0, 1], [0, Math.PI / 2]],
    // i^i = e^{−π/2}.
    ["z^z", [0, 1], [Math.exp(-Math.PI / 2), 0]],
    ["z^2", [1, 1], [0, 2]],
    ["z^-1", [0, 2], [0, -0.5]],
    ["1/z", [3, 4], [3 / 25, -4 / 25]],
    ["abs(z)", [3, 4], [5, 0]],
    ["sign(z)", [3, 4], [0.6, 0.8]],
    // asin(i) = i·asinh(1) = i·ln(1 + √2); acos(i) = π/2 − asin(i).
    ["asin(z)", [0, 1], [0, Math.log(1 + Math.SQRT2)]],
    ["acos(z)", [0, 1], [Math.PI / 2, -Math.log(1 + Math.SQRT2)]],
    ["sinh(z)", [0, Math.PI / 2], [0, 1]],
    ["cosh(z)", [0, Math.PI], [-1, 0]],
    ["cbrt(z)", [-8, 0], [1, Math.sqrt(3)]],
    ["log(z)", [-100, 0], [2, Math.PI / Math.LN10]],
    ["log_2(z)", [0, 4], [2, Math.PI / 2 / Math.LN2]],
  ] as [string, Pair, Pair][])("%s at %j = %j", (input, z, expected) => {
    const value = complexFunction(input)(z);
    expect(near(value, expected), `${input} at ${z} gave ${value}`).toBe(true);
  });
});

describe("compileComplex satisfies identities at random points", () => {
  const identities: [string, string, string[], () => Pair][] = [
    // left, right, variables, where to sample
    ["abs(sin(z))^2", "sin(a)^2 + sinh(b)^2", ["z", "a", "b"], () => randomPoint(4, 2)],
    ["sqrt(z)^2", "z", ["z"], () => randomPoint(5, 5)],
    ["exp(ln(z))", "z", ["z"], () => randomPoint(5, 5)],
    ["ln(exp(z))", "z", ["z"], () => randomPoint(3, 3)],
    ["sin(z)^2 + cos(z)^2", "1", ["z"], () => randomPoint(2, 2)],
    ["cosh(z)^2 - sinh(z)^2", "1", ["z"], () => randomPoint(2, 2)],
    ["tan(z)", "sin(z)/cos(z)", ["z"], () => randomPoint(1.5, 3)],
    ["tan(z)", "sin(z)/cos(z)", ["z"], () => randomPoint(1.5, 0.5)],
    ["tan(z)", "sin(z)/cos(z)", ["z"], () => randomPoint(1.5, 30)],
    ["tanh(z)", "sinh(z)/cosh(z)", ["z"], () => randomPoint(3, 1.5)],
    ["cot(z) tan(z)", "1", ["z"], () => randomPoint(1.5, 1)],
    ["sec(z) cos(z)", "1", ["z"], () => randomPoint(1.5, 1)],
    ["csc(z) sin(z)", "1", ["z"], () => randomPoint(1.5, 1)],
    ["asin(sin(z))", "z", ["z"], () => randomPoint(1.5, 2)],
    ["acos(cos(z))", "z", ["z"], () => [0.1 + next() * 3, (next() * 2 - 1) * 2]],
    ["atan(tan(z))", "z", ["z"], () => randomPoint(1.5, 2)],
    ["asinh(sinh(z))", "z", ["z"], () => randomPoint(2, 1.5)],
    ["acosh(cosh(z))", "z", ["z"], () => [0.1 + next() * 2, (next() * 2 - 1) * 3]],
    ["atanh(tanh(z))", "z", ["z"], () => randomPoint(2, 1.5)],
    ["z^3", "z z z", ["z"], () => randomPoint(3, 3)],
    ["z^-3 z^3", "1", ["z"], () => randomPoint(3, 3)],
    ["z^w", "exp(w ln(z))", ["z", "w"], () => randomPoint(3, 3)],
    ["log(z) ln(10)", "ln(z)", ["z"], () => randomPoint(5, 5)],
    ["log_w(z) ln(w)", "ln(z)", ["z", "w"], () => randomPoint(5, 5)],
    ["nthroot(z, 3)^3", "z", ["z"], () => randomPoint(5, 5)],
    ["cbrt(z)^3", "z", ["z"], () => randomPoint(5, 5)],
    ["(z + w)/(z - w) (z - w)", "z + w", ["z", "w"], () => randomPoint(5, 5)],
  ];

  it.each(identities)("%s = %s", (left, right, variables, sample) => {
    const f = complexFunction(left, variables);
    const g = complexFunction(right, variables);
    for (let trial = 0; trial < 300; trial += 1) {
      const z = sample();
      const w = randomPoint(2, 2);
      // a and b, where used, are Re z and Im z as real numbers.
      const values: Record<string, Pair> = { z, w, a: [z[0], 0], b: [z[1], 0] };
      const args = variables.map((name) => values[name]!);
      const [a, b] = [f(...args), g(...args)];
      expect(near(a, b, 10), `${left} vs ${right} at ${args.join(" | ")}: ${a} vs ${b}`).toBe(true);
    }
  });

  it("keeps sqrt and ln on the principal branch", () => {
    const root = complexFunction("sqrt(z)");
    const log = complexFunction("ln(z)");
    for (let trial = 0; trial < 500; trial += 1) {
      const z = randomPoint(5, 5);
      expect(root(z)[0]).toBeGreaterThanOrEqual(0);
      const argument = log(z)[1];
      expect(argument > -Math.PI && argument <= Math.PI).toBe(true);
    }
  });
});

describe("compileComplex agrees with compileReal on the real axis", () => {
  const expressions = [
    "x^2 - 3x + 1",
    "x^3 / (x - 2)",
    "x^-2",
    "2^x",
    "x^x",
    "e^x",
    "x^0.5",
    "sin(x) + cos(2x) - tan(x)",
    "cot(x) + sec(x) + csc(x)",
    "asin(x/4) + acos(x/5) + atan(x)",
    "sinh(x) + cosh(x) + tanh(x)",
    "asinh(x) + acosh(x) + atanh(x/6)",
    "exp(x) + ln(x) + log(x) + log_2(x)",
    "sqrt(x) + cbrt(x)",
    "nthroot(x, 4)",
    "abs(x) + sign(x) + |x - 1|",
    "floor(x) + ceil(x) + round(x)",
    "mod(x, 3) + min(x, 1, 2) + max(x, 0)",
    "gcd(round(x), 6) + lcm(round(x), 4)",
    "round(abs(x))!",
    "{x < 0: -x, x < 2: x^2, 4}",
    "pi x + tau + e",
    "x = x^2",
  ];

  it.each(expressions)("%s", (input) => {
    const ast = parse(input);
    const real = compileReal(ast, ["x"]);
    const complex = compileComplex(ast, ["x"]);
    const out = { re: 0, im: 0 };
    let compared = 0;
    for (let trial = 0; trial < 400; trial += 1) {
      const x = (next() * 2 - 1) * 8;
      const expected = real([x]);
      if (!Number.isFinite(expected)) continue;
      complex([x], [0], out);
      compared += 1;
      expect(near([out.re, out.im], [expected, 0]), `${input} at ${x}: ${out.re} + ${out.im}i vs ${expected}`).toBe(
        true,
      );
    }
    expect(compared).toBeGreaterThan(50);
  });

  it("gives NaN off the real axis for what has no complex meaning", () => {
    for (const input of ["floor(z)", "round(z)", "mod(z, 2)", "min(z, 1)", "gcd(z, 4)", "z!", "{z < 0: 1, 2}"]) {
      const f = complexFunction(input);
      expect(f([1.5, 1]).every(Number.isNaN), input).toBe(true);
      expect(f([1, 0]).some(Number.isNaN), input).toBe(false);
    }
  });

  it("refuses what has no single value, and unknown variables", () => {
    expect(() => compileComplex(parse("(z, 1)"), ["z"])).toThrow(ExprCompileError);
    expect(() => compileComplex(parse("z + q"), ["z"])).toThrow('unknown variable "q"');
  });
});
