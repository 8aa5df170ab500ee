import { describe, expect, it } from "vitest";
import { random } from "../numtheory/test-oracles";
import {
  largestModulus,
  phasorChain,
  sampleSuperposition,
  superpositionAt,
  WAVE_PRESETS,
  type ComplexWave,
} from "./complex-waves";

/** Sums of a few sines and cosines of moderate arguments agree with closed forms to about 1e-15. */
const DIGITS = 12;

const wave = (amplitude: number, waveNumber: number, angularFrequency: number, phase = 0): ComplexWave => ({
  amplitude,
  phase,
  waveNumber,
  angularFrequency,
});

function valueAt(waves: ComplexWave[], x: number, t: number) {
  const out = { re: 0, im: 0 };
  superpositionAt(waves, x, t, out);
  return out;
}

describe("complex waves", () => {
  const next = random(20240611);
  const points = Array.from({ length: 40 }, () => ({ x: -10 + 20 * next(), t: 10 * next() }));

  it("one wave is A·(cos θ, sin θ) with θ = kx − ωt + φ, of constant modulus |A|", () => {
    const single = [wave(-1.7, 2, 3, 0.4)];
    for (const { x, t } of points) {
      const theta = 2 * x - 3 * t + 0.4;
      const value = valueAt(single, x, t);
      expect(value.re).toBeCloseTo(-1.7 * Math.cos(theta), DIGITS);
      expect(value.im).toBeCloseTo(-1.7 * Math.sin(theta), DIGITS);
      expect(Math.hypot(value.re, value.im)).toBeCloseTo(1.7, DIGITS);
    }
  });

  it("equal waves with opposite ω make the standing wave 2a·e^{ikx}·cos(ωt)", () => {
    const a = 0.8;
    const standing = [wave(a, 1.5, 2), wave(a, 1.5, -2)];
    for (const { x, t } of points) {
      const value = valueAt(standing, x, t);
      expect(value.re).toBeCloseTo(2 * a * Math.cos(1.5 * x) * Math.cos(2 * t), DIGITS);
      expect(value.im).toBeCloseTo(2 * a * Math.sin(1.5 * x) * Math.cos(2 * t), DIGITS);
      expect(Math.hypot(value.re, value.im)).toBeCloseTo(2 * a * Math.abs(Math.cos(2 * t)), DIGITS);
    }
  });

  it("two equal waves beat: |ψ| = 2|a|·|cos((Δk·x − Δω·t)/2)|", () => {
    const beats = [wave(1.2, 2, 2), wave(1.2, 2.5, 3)];
    for (const { x, t } of points) {
      const value = valueAt(beats, x, t);
      expect(Math.hypot(value.re, value.im)).toBeCloseTo(2 * 1.2 * Math.abs(Math.cos((0.5 * x - 1 * t) / 2)), DIGITS);
    }
  });

  it("is periodic in time with period 2π/ω when every ω is a whole multiple of ω", () => {
    const harmonics = [wave(1, 1, 1), wave(0.5, -2, 2, 1), wave(0.3, 3, -3, 2)];
    for (const { x, t } of points) {
      const now = valueAt(harmonics, x, t);
      const later = valueAt(harmonics, x, t + 2 * Math.PI);
      expect(later.re).toBeCloseTo(now.re, DIGITS);
      expect(later.im).toBeCloseTo(now.im, DIGITS);
    }
  });

  it("chains the phasors head to tail, each as long as its amplitude, ending at ψ", () => {
    const waves = WAVE_PRESETS.find((preset) => preset.name === "Wave packet")!.waves;
    const chain = phasorChain(waves, 0.7, 1.3);
    expect(chain).toHaveLength(waves.length + 1);
    expect(chain[0]).toEqual({ re: 0, im: 0 });
    waves.forEach((w, k) => {
      const length = Math.hypot(chain[k + 1]!.re - chain[k]!.re, chain[k + 1]!.im - chain[k]!.im);
      expect(length).toBeCloseTo(Math.abs(w.amplitude), DIGITS);
    });
    const end = valueAt(waves, 0.7, 1.3);
    expect(chain.at(-1)!.re).toBeCloseTo(end.re, DIGITS);
    expect(chain.at(-1)!.im).toBeCloseTo(end.im, DIGITS);
  });

  it("samples evenly from xMin to xMax and never exceeds the triangle-inequality bound", () => {
    const waves = WAVE_PRESETS.find((preset) => preset.name === "Wave packet")!.waves;
    const samples = sampleSuperposition(waves, -4, 6, 201, 0);
    expect(samples.x[0]).toBe(-4);
    expect(samples.x[200]).toBe(6);
    expect(samples.x[100]).toBeCloseTo(1, DIGITS);
    const bound = largestModulus(waves);
    expect(bound).toBe(3);
    for (const m of samples.modulus) expect(m).toBeLessThanOrEqual(bound + 1e-12);
    // At x = 0, t = 0 every phasor points along 1: the bound is reached.
    expect(samples.modulus[80]).toBeCloseTo(3, DIGITS);
  });

  it("offers presets of 2 to 4 terms; in “Travelling together” ψ(x, t) = ψ(x − t, 0), a shape sliding at speed 1", () => {
    for (const preset of WAVE_PRESETS) {
      expect(preset.waves.length).toBeGreaterThanOrEqual(2);
      expect(preset.waves.length).toBeLessThanOrEqual(4);
    }
    const together = WAVE_PRESETS.find((preset) => preset.name === "Travelling together")!.waves;
    for (const { x, t } of points) {
      const now = valueAt(together, x, t);
      const start = valueAt(together, x - t, 0);
      expect(now.re).toBeCloseTo(start.re, DIGITS);
      expect(now.im).toBeCloseTo(start.im, DIGITS);
    }
  });
});
