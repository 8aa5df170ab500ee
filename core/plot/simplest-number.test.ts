import { describe, expect, it } from "vitest";
import { exactText, simpleNumberIn, simplestBetween, SNAP_CHANCE } from "./simplest-number";

/** Brute force: the first denominator q with a multiple of 1/q in [a, b] (0 < a ≤ b), and that fraction. */
function smallestDenominator(a: number, b: number): [number, number] {
  for (let q = 1; ; q++) {
    const p = Math.ceil(a * q);
    if (p <= b * q) return [p, q];
  }
}

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe("simplestBetween", () => {
  it("finds integers, 0 and written decimals in tight brackets", () => {
    expect(simplestBetween(0.9999999999, 1.0000000001)).toBe(1);
    expect(simplestBetween(-1e-12, 3e-12)).toBe(0);
    expect(simplestBetween(0.2999999999, 0.3000000001)).toBe(0.3);
    expect(simplestBetween(-2.5000000001, -2.4999999999)).toBe(-2.5);
    expect(simplestBetween(1 / 3 - 1e-12, 1 / 3 + 1e-12)).toBe(1 / 3);
    expect(simplestBetween(4, 4)).toBe(4);
  });

  it("agrees with a brute-force search for the smallest denominator", () => {
    const next = seeded(42);
    for (let trial = 0; trial < 300; trial++) {
      const a = next() * 10;
      const b = a + next() * 1e-3;
      const [p, q] = smallestDenominator(a, b);
      expect(simplestBetween(a, b)).toBe(p / q);
      expect(simplestBetween(-b, -a)).toBe(-p / q);
    }
  });

  it("stays in the bracket, and refuses a reversed one", () => {
    const next = seeded(7);
    for (let trial = 0; trial < 300; trial++) {
      const a = (next() - 0.5) * 1e6;
      const b = a + next() * 1e-9 * Math.abs(a);
      const x = simplestBetween(a, b);
      expect(x).toBeGreaterThanOrEqual(a);
      expect(x).toBeLessThanOrEqual(b);
    }
    expect(simplestBetween(2, 1)).toBeNaN();
  });
});

const ulp = (v: number) => Math.abs(v) * Number.EPSILON;

/** The least q ≤ 1000 with v a multiple of 1/q (to an ulp), by brute force. */
function denominatorOf(v: number): number {
  for (let q = 1; q <= 1000; q++) if (Math.abs(Math.round(v * q) / q - v) <= ulp(v)) return q;
  return Infinity;
}

describe("simpleNumberIn", () => {
  it("finds the number a reader would write in windows a few ulps wide", () => {
    const around = (v: number) => simpleNumberIn(v - 2 * ulp(v), v + 2 * ulp(v));
    expect(simpleNumberIn(-1e-300, 1e-300)).toEqual({ value: 0, text: "0" });
    expect(around(Math.PI / 2)).toEqual({ value: Math.PI / 2, text: "π/2" });
    expect(around((3 * Math.PI) / 2)?.text).toBe("3π/2");
    expect(around(-Math.PI)?.text).toBe("\u2212π");
    expect(around(Math.SQRT2)).toEqual({ value: Math.SQRT2, text: "√2" });
    expect(around(-Math.sqrt(7))?.text).toBe("\u2212√7");
    expect(around(1 / 3)?.text).toBe("1/3");
    expect(around(-2.5)?.text).toBe("\u22122.5");
    expect(around(Math.E)?.text).toBe("e");
  });

  it("finds nothing where the window holds no simple number: tan t = t's root, 1/e", () => {
    const t = 4.493409457909064;
    expect(simpleNumberIn(t - 4 * ulp(t), t + 4 * ulp(t))).toBeNull();
    expect(simpleNumberIn(Math.exp(-1) - 1e-15, Math.exp(-1) + 1e-15)).toBeNull();
  });

  it("takes a fraction of denominator q only from a window w with q²·w ≤ SNAP_CHANCE", () => {
    expect(simpleNumberIn(0.5 - 1e-6, 0.5 + 1e-6)?.value).toBe(0.5);
    // 1/2 is in [0.499, 0.501], but so would be a number that is not 1/2 one time in a few hundred.
    expect(simpleNumberIn(0.499, 0.501)).toBeNull();
    const next = seeded(11);
    for (let trial = 0; trial < 300; trial++) {
      const width = 10 ** (-3 - 12 * next());
      const lo = (next() - 0.5) * 20;
      const found = simpleNumberIn(lo, lo + width);
      if (!found) continue;
      expect(found.value).toBeGreaterThanOrEqual(lo - 2 * ulp(lo));
      expect(found.value).toBeLessThanOrEqual(lo + width + 2 * ulp(lo));
      if (/[π√e]/.test(found.text)) continue;
      expect(denominatorOf(found.value) ** 2 * width).toBeLessThanOrEqual(SNAP_CHANCE);
    }
  });
});

describe("exactText", () => {
  it("writes simple numbers exactly and refuses the rest", () => {
    expect(exactText(-0)).toBe("0");
    expect(exactText(0.25)).toBe("0.25");
    expect(exactText(-4 / 9)).toBe("\u22124/9");
    expect(exactText((5 * Math.PI) / 6)).toBe("5π/6");
    expect(exactText(Math.sqrt(3))).toBe("√3");
    expect(exactText(1 / 13)).toBeNull();
    expect(exactText(0.1 + 0.2)).toBeNull();
    expect(exactText(4.493409457909064)).toBeNull();
  });
});
