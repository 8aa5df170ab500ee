import { describe, expect, it } from "vitest";
import { logIntegral } from "./log-integral";

/** li(x) = li(2) + ∫₂ˣ dt/ln t by Simpson's rule on a logarithmic grid: an independent oracle. */
function integrated(x: number): number {
  // li(2) = 1.0451637801174927848…, a published constant.
  const LI_2 = 1.045163780117493;
  // With t = e^u, dt/ln t = e^u / u du.
  const a = Math.log(2);
  const b = Math.log(x);
  const steps = 20_000;
  const h = (b - a) / steps;
  const f = (u: number) => Math.exp(u) / u;
  let sum = f(a) + f(b);
  for (let i = 1; i < steps; i += 1) sum += (i % 2 === 1 ? 4 : 2) * f(a + i * h);
  return LI_2 + (sum * h) / 3;
}

describe("the logarithmic integral", () => {
  it("agrees with numerical integration from 3 to 10^12", () => {
    for (const x of [3, 10, 100, 1e4, 1e6, 1e9, 1e12]) {
      expect(logIntegral(x) / integrated(x), `li(${x})`).toBeCloseTo(1, 9);
    }
  });

  it("matches the published li(10^6) and li(10^9)", () => {
    // The published values li(10^6) = 78627.549… and li(10^9) = 50849234.957…, rounded.
    expect(Math.round(logIntegral(1e6))).toBe(78_628);
    expect(Math.round(logIntegral(1e9))).toBe(50_849_235);
  });

  it("is zero near the Ramanujan–Soldner constant and refuses x ≤ 1", () => {
    expect(Math.abs(logIntegral(1.451369234883381))).toBeLessThan(1e-12);
    expect(() => logIntegral(1)).toThrow(RangeError);
    expect(() => logIntegral(Number.NaN)).toThrow(RangeError);
  });
});
