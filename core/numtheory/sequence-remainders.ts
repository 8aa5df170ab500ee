/**
 * Remainders of a few classic sequences on division by m, and where they start
 * repeating. Each sequence mod m is driven by a state on a finite set (n mod m,
 * the last power, the last two Fibonacci numbers…), so the states must repeat
 * (pigeonhole); the remainders then repeat too, possibly with a shorter period.
 */

export const REMAINDER_SEQUENCES = ["n", "n^2", "n^3", "2^n", "10^n", "fibonacci", "triangular"] as const;
export type RemainderSequence = (typeof REMAINDER_SEQUENCES)[number];

/** Largest modulus accepted: the state space is at most 2m² pairs, so work stays small. */
export const SEQUENCE_REMAINDERS_MAX_MODULUS = 10_000;
export const SEQUENCE_REMAINDERS_MAX_TERMS = 100_000;

export interface SequenceRemainders {
  sequence: RemainderSequence;
  modulus: number;
  /** The remainders of terms n = 0, 1, …, terms − 1. */
  remainders: number[];
  /** Terms before the repetition starts: s(n + period) = s(n) exactly for n ≥ prePeriod. */
  prePeriod: number;
  /** The shortest period of the remainders. */
  period: number;
}

/** The state that determines the rest of the sequence, and how to read the term off it. */
interface Recurrence {
  start: [number, number];
  next: (state: [number, number]) => [number, number];
  value: (state: [number, number]) => number;
}

function recurrence(sequence: RemainderSequence, m: number): Recurrence {
  const index = (state: [number, number]) => state[0];
  const step: (state: [number, number]) => [number, number] = ([n]) => [(n + 1) % m, 0];
  switch (sequence) {
    case "n":
      return { start: [0, 0], next: step, value: index };
    case "n^2":
      return { start: [0, 0], next: step, value: ([n]) => (n * n) % m };
    case "n^3":
      return { start: [0, 0], next: step, value: ([n]) => (((n * n) % m) * n) % m };
    case "2^n":
      return { start: [1 % m, 0], next: ([p]) => [(2 * p) % m, 0], value: index };
    case "10^n":
      return { start: [1 % m, 0], next: ([p]) => [(10 * p) % m, 0], value: index };
    case "fibonacci":
      return { start: [0, 1 % m], next: ([a, b]) => [b, (a + b) % m], value: index };
    case "triangular":
      // State (T(n), n + 1): T(n + 1) = T(n) + (n + 1).
      return { start: [0, 1 % m], next: ([t, k]) => [(t + k) % m, (k + 1) % m], value: index };
  }
}

/** First repeated state: the states from `start` on run μ steps, then cycle with length λ. */
function stateCycle(rule: Recurrence, m: number): { start: number; length: number; values: number[] } {
  const firstSeen = new Map<number, number>();
  const values: number[] = [];
  let state = rule.start;
  for (let n = 0; ; n += 1) {
    const key = state[0] * m + state[1];
    const seen = firstSeen.get(key);
    if (seen !== undefined) return { start: seen, length: n - seen, values };
    firstSeen.set(key, n);
    values.push(rule.value(state));
    state = rule.next(state);
  }
}

/**
 * The remainders of the first `terms` terms (n = 0, 1, …) of `sequence` mod m,
 * with the shortest period and pre-period of the whole infinite sequence.
 */
export function sequenceRemainders(sequence: RemainderSequence, m: number, terms: number): SequenceRemainders {
  if (!Number.isInteger(m) || m < 1 || m > SEQUENCE_REMAINDERS_MAX_MODULUS) {
    throw new RangeError(`the modulus must be a whole number from 1 to ${SEQUENCE_REMAINDERS_MAX_MODULUS}`);
  }
  if (!Number.isInteger(terms) || terms < 0 || terms > SEQUENCE_REMAINDERS_MAX_TERMS) {
    throw new RangeError(`the number of terms must be a whole number from 0 to ${SEQUENCE_REMAINDERS_MAX_TERMS}`);
  }
  const rule = recurrence(sequence, m);
  const cycle = stateCycle(rule, m);
  // Values repeat with the state's cycle; one full cycle is enough to find every term.
  const term = (n: number) =>
    n < cycle.start ? cycle.values[n]! : cycle.values[cycle.start + ((n - cycle.start) % cycle.length)]!;

  // The shortest period divides the state's cycle length; check it on one cycle.
  let period = cycle.length;
  for (let d = 1; d < cycle.length; d += 1) {
    if (cycle.length % d !== 0) continue;
    let repeats = true;
    for (let n = cycle.start; n < cycle.start + cycle.length - d && repeats; n += 1) repeats = term(n) === term(n + d);
    if (repeats) {
      period = d;
      break;
    }
  }

  // The states' pre-period is the values' too: for the powers the state is the value itself, and the
  // other states never have one (they hold n mod m, or for Fibonacci can be run backwards).
  return {
    sequence,
    modulus: m,
    remainders: Array.from({ length: terms }, (_, n) => term(n)),
    prePeriod: cycle.start,
    period,
  };
}
