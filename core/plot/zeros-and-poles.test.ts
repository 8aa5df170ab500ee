import { describe, expect, it } from "vitest";
import type { ComplexPoint } from "./complex-plane-view";
import { findZerosAndPoles, type ComplexMap, type ZeroOrPole } from "./zeros-and-poles";

/**
 * A simple zero is found to near machine precision, but one of order k only to about ε^(1/k)
 * (its value is flat to that width): 5·10⁻⁶ for the triple pole below.
 */
const POSITION_TOLERANCE = 1e-5;

type C = [number, number];
const mul = ([a, b]: C, [c, d]: C): C => [a * c - b * d, a * d + b * c];
const div = ([a, b]: C, [c, d]: C): C => {
  const n = c * c + d * d;
  return [(a * c + b * d) / n, (b * c - a * d) / n];
};
const add = ([a, b]: C, [c, d]: C): C => [a + c, b + d];
const map =
  (f: (z: C) => C): ComplexMap =>
  (re, im, out) => {
    [out.re, out.im] = f([re, im]);
  };

function expectPoints(found: ZeroOrPole[], expected: { re: number; im: number; order: number }[]) {
  expect(found).toHaveLength(expected.length);
  for (const want of expected) {
    const match = found.find((p) => Math.hypot(p.re - want.re, p.im - want.im) < POSITION_TOLERANCE);
    expect(match, `a point near ${want.re} + ${want.im}i`).toBeDefined();
    expect(match!.order).toBe(want.order);
  }
}

describe("zeros and poles by the argument principle", () => {
  it("finds those of (z² − 1)(z − 2 − i)²/(z² + 2 + 2i), with their orders", () => {
    const f = map((z) => {
      const zz = mul(z, z);
      const shifted = add(z, [-2, -1]);
      return div(mul(add(zz, [-1, 0]), mul(shifted, shifted)), add(zz, [2, 2]));
    });
    // The poles are ±√(−2 − 2i): −2 − 2i = √8·e^{−3πi/4}, so √ = 8^{1/4}·e^{−3πi/8}.
    const r = 8 ** 0.25;
    const pole = { re: r * Math.cos((-3 * Math.PI) / 8), im: r * Math.sin((-3 * Math.PI) / 8) };
    const found = findZerosAndPoles(f, { reMin: -4, reMax: 4, imMin: -2.5, imMax: 2.5 });
    expectPoints(found.zeros, [
      { re: -1, im: 0, order: 1 },
      { re: 1, im: 0, order: 1 },
      { re: 2, im: 1, order: 2 },
    ]);
    expectPoints(found.poles, [
      { ...pole, order: 1 },
      { re: -pole.re, im: -pole.im, order: 1 },
    ]);
  });

  it("finds a triple pole at 0 in the middle of a symmetric range, and the zeros of z³ − 1", () => {
    const cube = (z: C) => mul(z, mul(z, z));
    const pole = findZerosAndPoles(
      map((z) => div([1, 0], cube(z))),
      { reMin: -2, reMax: 2, imMin: -2, imMax: 2 },
    );
    expect(pole.zeros).toEqual([]);
    expectPoints(pole.poles, [{ re: 0, im: 0, order: 3 }]);

    const roots = findZerosAndPoles(
      map((z) => add(cube(z), [-1, 0])),
      { reMin: -2, reMax: 2, imMin: -1.5, imMax: 1.5 },
    );
    const h = Math.sqrt(3) / 2;
    expectPoints(roots.zeros, [
      { re: 1, im: 0, order: 1 },
      { re: -0.5, im: h, order: 1 },
      { re: -0.5, im: -h, order: 1 },
    ]);
  });

  it("finds the zeros kπ of sin z, and nothing for e^z", () => {
    const sin = map(([x, y]) => [Math.sin(x) * Math.cosh(y), Math.cos(x) * Math.sinh(y)]);
    const found = findZerosAndPoles(sin, { reMin: -7, reMax: 7, imMin: -2, imMax: 2 });
    expectPoints(
      found.zeros,
      [-2, -1, 0, 1, 2].map((k) => ({ re: k * Math.PI, im: 0, order: 1 })),
    );
    expect(found.poles).toEqual([]);

    const exp = map(([x, y]) => [Math.exp(x) * Math.cos(y), Math.exp(x) * Math.sin(y)]);
    expect(findZerosAndPoles(exp, { reMin: -3, reMax: 3, imMin: -3, imMax: 3 })).toEqual({ zeros: [], poles: [] });
  });

  it("is not fooled by the branch cut of the principal log: only its zero at 1", () => {
    const log = map(([x, y]) => [Math.log(Math.hypot(x, y)), Math.atan2(y, x)]);
    const found = findZerosAndPoles(log, { reMin: -3, reMax: 3, imMin: -2, imMax: 2 });
    expectPoints(found.zeros, [{ re: 1, im: 0, order: 1 }]);
    expect(found.poles).toEqual([]);
  });

  it("reports points sorted by real part", () => {
    const f = map((z) => mul(add(z, [-1, 0]), add(z, [1.5, 0.5])));
    const found = findZerosAndPoles(f, { reMin: -2, reMax: 2, imMin: -1, imMax: 1 });
    expect(found.zeros.map((p: ComplexPoint) => Math.round(p.re * 10) / 10)).toEqual([-1.5, 1]);
  });
});
