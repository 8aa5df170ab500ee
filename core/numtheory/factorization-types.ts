/**
 * The shapes every factoring stage, worker, page and API share. All of them
 * survive structured cloning (postMessage, IndexedDB): plain objects, bigint,
 * numbers, strings and typed arrays only.
 */

/** Anything with `aborted`: an AbortSignal, or a deadline wrapped as one. Checked between units of work. */
export interface StopSignal {
  readonly aborted: boolean;
}

/** Thrown by a stage that saw its StopSignal raised; the caller keeps what was found so far. */
export class FactorizationStopped extends Error {
  constructor() {
    super("The factorization was stopped.");
    this.name = "FactorizationStopped";
  }
}

export function throwIfStopped(signal: StopSignal | undefined): void {
  if (signal?.aborted) throw new FactorizationStopped();
}

export type FactorKind = "prime" | "probable-prime" | "composite";

/** One factor p^e of n; a composite factor is a cofactor nothing could split in the time given. */
export interface Factor {
  value: bigint;
  exponent: number;
  kind: FactorKind;
}

export type FactorMethod =
  "trial-division" | "perfect-power" | "algebraic" | "rho" | "p-1" | "ecm" | "siqs" | "primality";

/** One line of the log the page shows: what a method found and how long it ran. */
export interface MethodLogEntry {
  method: FactorMethod;
  /** The number the method worked on. */
  input: bigint;
  /** Non-trivial factors it split off (empty when it found nothing). */
  found: bigint[];
  milliseconds: number;
  detail: string;
}

export interface Factorization {
  n: bigint;
  /** Factors of |n| in increasing order; empty for 0, ±1. */
  factors: Factor[];
  /** False when a composite factor is left (stopped, or out of time). */
  complete: boolean;
  log: MethodLogEntry[];
}

/** What a long stage reports while it runs (at most a few times a second). */
export interface FactorProgress {
  method: FactorMethod;
  /** Digits of the number being worked on. */
  digits: number;
  curvesDone?: number;
  curvesPlanned?: number;
  relationsFound?: number;
  relationsNeeded?: number;
  /** Best guess at seconds left in this stage, when the stage can tell. */
  secondsLeft?: number;
}

/** A StopSignal raised once `milliseconds` have passed, or as soon as `outer` is. */
export function deadlineSignal(milliseconds: number, outer?: StopSignal): StopSignal {
  const end = Date.now() + milliseconds;
  return {
    get aborted() {
      return Date.now() >= end || (outer?.aborted ?? false);
    },
  };
}
