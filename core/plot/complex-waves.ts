/**
 * A superposition of complex exponential waves, ψ(x, t) = Σ a_k·e^{i(k_k·x − ω_k·t)} with
 * a_k = A_k·e^{iφ_k}: the values along x at a time t (real part, imaginary part and modulus), and
 * the phasors a_k·e^{i(k_k·x − ω_k·t)} at one x, added head to tail.
 *
 * Each term is a point turning round a circle of radius |A_k|: clockwise in time at the rate ω_k,
 * anticlockwise along x at the rate k_k. Its real part is the familiar A_k·cos(k_k·x − ω_k·t + φ_k)
 * travelling at the phase velocity ω_k/k_k, and its modulus is constant: only a superposition of
 * different terms makes |ψ| vary (beats, standing waves, wave packets).
 */
import type { ComplexPoint } from "./complex-plane-view";

export interface ComplexWave {
  /** A_k: the radius of the term's circle (negative turns it half round). */
  amplitude: number;
  /** φ_k: the term's phase at x = 0, t = 0, in radians. */
  phase: number;
  /** k_k: radians of phase per unit of x. */
  waveNumber: number;
  /** ω_k: radians of phase per unit of time. */
  angularFrequency: number;
}

/** The term's phase k·x − ω·t + φ at (x, t). */
export const wavePhase = (wave: ComplexWave, x: number, t: number) =>
  wave.waveNumber * x - wave.angularFrequency * t + wave.phase;

/** ψ(x, t) into `out` (allocation-free, for drawing). */
export function superpositionAt(waves: readonly ComplexWave[], x: number, t: number, out: ComplexPoint): void {
  let re = 0;
  let im = 0;
  for (const wave of waves) {
    const theta = wavePhase(wave, x, t);
    re += wave.amplitude * Math.cos(theta);
    im += wave.amplitude * Math.sin(theta);
  }
  out.re = re;
  out.im = im;
}

/** The partial sums 0, a₁e^{iθ₁}, a₁e^{iθ₁} + a₂e^{iθ₂}, …: the tails and heads of the phasors, head to tail; the last is ψ(x, t). */
export function phasorChain(waves: readonly ComplexWave[], x: number, t: number): ComplexPoint[] {
  const chain: ComplexPoint[] = [{ re: 0, im: 0 }];
  let re = 0;
  let im = 0;
  for (const wave of waves) {
    const theta = wavePhase(wave, x, t);
    re += wave.amplitude * Math.cos(theta);
    im += wave.amplitude * Math.sin(theta);
    chain.push({ re, im });
  }
  return chain;
}

export interface WaveSamples {
  x: Float64Array;
  re: Float64Array;
  im: Float64Array;
  modulus: Float64Array;
}

/** ψ at `count` (≥ 2) evenly spaced x from xMin to xMax at time t. */
export function sampleSuperposition(
  waves: readonly ComplexWave[],
  xMin: number,
  xMax: number,
  count: number,
  t: number,
): WaveSamples {
  const samples: WaveSamples = {
    x: new Float64Array(count),
    re: new Float64Array(count),
    im: new Float64Array(count),
    modulus: new Float64Array(count),
  };
  const value = { re: 0, im: 0 };
  for (let j = 0; j < count; j += 1) {
    const x = xMin + ((xMax - xMin) * j) / (count - 1);
    superpositionAt(waves, x, t, value);
    samples.x[j] = x;
    samples.re[j] = value.re;
    samples.im[j] = value.im;
    samples.modulus[j] = Math.hypot(value.re, value.im);
  }
  return samples;
}

/** The largest |ψ| can ever be, Σ|A_k| (the triangle inequality; reached when all phasors line up): a fixed scale for the plots. */
export const largestModulus = (waves: readonly ComplexWave[]) =>
  waves.reduce((sum, wave) => sum + Math.abs(wave.amplitude), 0);

export interface WavePreset {
  name: string;
  /** What it shows, in a sentence. */
  lesson: string;
  waves: ComplexWave[];
}

/** Superpositions worth looking at, each showing one idea. */
export const WAVE_PRESETS: readonly WavePreset[] = [
  {
    name: "Travelling together",
    lesson:
      "Two terms with the same phase velocity ω/k = 1: ψ depends on x − t alone, so the whole pattern slides to the right without changing its shape.",
    waves: [
      { amplitude: 1, phase: 0, waveNumber: 1, angularFrequency: 1 },
      { amplitude: 0.5, phase: 0, waveNumber: 2, angularFrequency: 2 },
    ],
  },
  {
    name: "Standing wave",
    lesson:
      "Equal terms with opposite frequencies: ψ = 2a·e^(ikx)·cos(ωt), so the modulus is the same at every x and swells and shrinks with |cos(ωt)|.",
    waves: [
      { amplitude: 1, phase: 0, waveNumber: 1, angularFrequency: 1 },
      { amplitude: 1, phase: 0, waveNumber: 1, angularFrequency: -1 },
    ],
  },
  {
    name: "Beats",
    lesson:
      "Two close wave numbers and frequencies: the modulus 2|a|·|cos((Δk·x − Δω·t)/2)| is an envelope moving at Δω/Δk, the group velocity.",
    waves: [
      { amplitude: 1, phase: 0, waveNumber: 2, angularFrequency: 2 },
      { amplitude: 1, phase: 0, waveNumber: 2.5, angularFrequency: 3 },
    ],
  },
  {
    name: "Wave packet",
    lesson: "Four terms with neighbouring wave numbers: where their phasors line up, the modulus peaks.",
    waves: [
      { amplitude: 0.5, phase: 0, waveNumber: 2, angularFrequency: 1 },
      { amplitude: 1, phase: 0, waveNumber: 2.5, angularFrequency: 1.5 },
      { amplitude: 1, phase: 0, waveNumber: 3, angularFrequency: 2 },
      { amplitude: 0.5, phase: 0, waveNumber: 3.5, angularFrequency: 2.5 },
    ],
  },
];
