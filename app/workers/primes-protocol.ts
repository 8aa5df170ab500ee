import type { MersenneVerdict } from "#core/numtheory/lucas-lehmer";
import type { PrimeSurvey } from "#core/numtheory/prime-count";

/** Messages between the prime discoveries page and its workers. */
export type PrimesRequest =
  /** Trial factoring by 2kp + 1 up to k = trialK, then the Lucas–Lehmer test of 2^p − 1. */
  | { kind: "mersenne"; p: number; trialK: number }
  /** A survey of lo ≤ n ≤ hi: one block of a count shared between workers. */
  | { kind: "survey"; lo: number; hi: number }
  /** The n-th prime. */
  | { kind: "nth"; n: number }
  /** The primes lo ≤ p ≤ hi (hi < 2^32) as a list, for the gap plot. */
  | { kind: "window"; lo: number; hi: number };

export type PrimesEvent =
  /** How far the run is: iterations for Lucas–Lehmer, numbers sieved for a survey. */
  | { kind: "progress"; done: number; total: number }
  /** A factor is carried as decimal text: bigint crosses postMessage, but text keeps the event plain. */
  | { kind: "mersenne-done"; verdict: Exclude<MersenneVerdict, { kind: "factor" }> }
  | { kind: "mersenne-factor"; exponent: number; factor: string; reason: "exponent-composite" | "trial-factor" }
  | { kind: "survey-done"; survey: PrimeSurvey }
  | { kind: "nth-done"; n: number; prime: number }
  /** The list's buffer is transferred, not copied. */
  | { kind: "window-done"; lo: number; hi: number; primes: Uint32Array }
  | { kind: "failed"; message: string };
