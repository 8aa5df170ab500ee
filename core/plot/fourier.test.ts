import { describe, expect, it } from "vitest";
import { compileReal } from "../expr/compile-real";
import { FORMULA_OPTIONS, parseExpression } from "../expr/parse";
import { gibbsPeak, squareWavePartialSum, squareWaveSeriesText } from "./fourier";

/** (2/π)·Si(π), the limit of the overshoot: the Wilbraham–Gibbs constant, 1.178979744… (OEIS A243268 gives Si(π) = 1.851937052…). */
const WILBRAHAM_GIBBS = (2 / Math.PI) * 1.8519370519824661;

describe("the square wave's Fourier partial sums", () => {
  it("converge to the wave's value 1 at x = π/2 (the Leibniz series 1 − 1/3 + 1/5 − … = π/4)", () => {
    expect(squareWavePartialSum(Math.PI / 2, 20000)).toBeCloseTo(1, 4);
    expect(squareWavePartialSum(-Math.PI / 2, 20000)).toBeCloseTo(-1, 4);
  });

  it("are 0 at the jump and odd in x", () => {
    expect(squareWavePartialSum(0, 7)).toBe(0);
    expect(squareWavePartialSum(-0.3, 7)).toBeCloseTo(-squareWavePartialSum(0.3, 7), 14);
  });

  it("peak at π/(2n), a local maximum found by brute force", () => {
    for (const n of [1, 3, 10]) {
      const { x, y } = gibbsPeak(n);
      let best = { x: 0, y: -Infinity };
      for (let i = 1; i <= 20000; i++) {
        const t = (i / 20000) * (Math.PI / n);
        const value = squareWavePartialSum(t, n);
        if (value > best.y) best = { x: t, y: value };
      }
      expect(x).toBeCloseTo(best.x, 3);
      expect(y).toBeCloseTo(best.y, 6);
    }
  });

  it("overshoot towards the Wilbraham–Gibbs constant, not towards 1", () => {
    expect(gibbsPeak(1000).y).toBeCloseTo(WILBRAHAM_GIBBS, 5);
    expect(gibbsPeak(5).y).toBeGreaterThan(1.17);
  });

  it("are written as a formula that evaluates to the same sums", () => {
    expect(squareWaveSeriesText(3)).toBe("4/pi*(sin(x) + sin(3x)/3 + sin(5x)/5)");
    const parsed = parseExpression(squareWaveSeriesText(12), FORMULA_OPTIONS);
    if (!parsed.ok) throw parsed.error;
    const f = compileReal(parsed.ast, ["x"]);
    for (const x of [-2, -0.1, 0.4, 1.3, 3]) expect(f([x])).toBeCloseTo(squareWavePartialSum(x, 12), 12);
  });
});
