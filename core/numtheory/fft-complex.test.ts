import { describe, expect, it } from "vitest";
import { fftForward, fftInverse, fftPlan, radicesOf } from "./fft-complex";
import { random } from "./test-oracles";

/** The DFT by its definition, O(n²): the oracle. */
function naiveDft(re: Float64Array, im: Float64Array): { re: Float64Array; im: Float64Array } {
  const n = re.length;
  const outRe = new Float64Array(n);
  const outIm = new Float64Array(n);
  for (let k = 0; k < n; k += 1) {
    let sr = 0;
    let si = 0;
    for (let j = 0; j < n; j += 1) {
      const angle = (-2 * Math.PI * ((j * k) % n)) / n;
      sr += re[j]! * Math.cos(angle) - im[j]! * Math.sin(angle);
      si += re[j]! * Math.sin(angle) + im[j]! * Math.cos(angle);
    }
    outRe[k] = sr;
    outIm[k] = si;
  }
  return { re: outRe, im: outIm };
}

/** Lengths that use every kind of stage: radix 2, 3, 4, 5 and the last radix 8, alone and mixed. */
const LENGTHS = [
  1, 2, 3, 4, 5, 6, 8, 9, 10, 12, 15, 16, 20, 25, 30, 32, 45, 60, 64, 75, 96, 128, 240, 256, 360, 512, 1200,
];

describe("the mixed-radix complex FFT", () => {
  it("splits a length into radices 2, 3, 4, 5 and 8 whose product it is, or refuses it", () => {
    for (let n = 1; n <= 2000; n += 1) {
      const radices = radicesOf(n);
      let rest = n;
      for (const r of [2, 3, 5]) while (rest % r === 0) rest /= r;
      if (rest !== 1) {
        expect(radices, `${n}`).toBeNull();
        continue;
      }
      expect(
        radices!.reduce((a, b) => a * b, 1),
        `${n}`,
      ).toBe(n);
      // A radix 8 only ever comes last, where a stage needs no twiddles.
      expect(radices!.slice(0, -1)).not.toContain(8);
    }
  });

  it("leaves every frequency at its own place: the positions are a permutation", () => {
    for (const n of LENGTHS) {
      const seen = new Set(fftPlan(n).position);
      expect(seen.size, `${n}`).toBe(n);
      expect(Math.max(...seen)).toBe(n - 1);
    }
  });

  it("agrees with the DFT by its definition, and its inverse gives back n times the input", () => {
    const next = random(2024);
    for (const n of LENGTHS) {
      const re = Float64Array.from({ length: n }, () => next() - 0.5);
      const im = Float64Array.from({ length: n }, () => next() - 0.5);
      const expected = naiveDft(re, im);
      const plan = fftPlan(n);
      const outRe = re.slice();
      const outIm = im.slice();
      fftForward(plan, outRe, outIm);
      for (let k = 0; k < n; k += 1) {
        const at = plan.position[k]!;
        expect(Math.abs(outRe[at]! - expected.re[k]!), `n = ${n}, k = ${k}`).toBeLessThan(1e-11 * n);
        expect(Math.abs(outIm[at]! - expected.im[k]!), `n = ${n}, k = ${k}`).toBeLessThan(1e-11 * n);
      }
      fftInverse(plan, outRe, outIm);
      for (let j = 0; j < n; j += 1) {
        expect(Math.abs(outRe[j]! / n - re[j]!), `n = ${n}, j = ${j}`).toBeLessThan(1e-14 * n);
        expect(Math.abs(outIm[j]! / n - im[j]!), `n = ${n}, j = ${j}`).toBeLessThan(1e-14 * n);
      }
    }
  });

  it("refuses a length with a prime factor above 5", () => {
    expect(() => fftPlan(7)).toThrow(RangeError);
    expect(() => fftPlan(2 * 11)).toThrow(RangeError);
  });
});
