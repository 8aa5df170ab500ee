/**
 * A small seeded generator for quiz variants: the same seed always gives the same question, so a
 * question is stored as (template, seed, difficulty) and rebuilt on demand. sfc32 (Chris Doty-Humphrey's
 * "small fast counting" generator): four 32-bit words of state, fast, and good enough for picking
 * numbers; it is not for anything secret.
 */

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number;
  /** One item of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** A shuffled copy; the list itself is left alone. */
  shuffle<T>(items: readonly T[]): T[];
}

/** Outputs thrown away after seeding, so that nearby seeds have drifted apart before the first use. */
const WARM_UP_ROUNDS = 12;

/** Any number is accepted as a seed and reduced to 32 bits (seed >>> 0); seeds in 0 … 2³² − 1 are all different. */
export function createRandom(seed: number): Random {
  // Fixed words from the digits of the golden ratio, π and e; only the fourth carries the seed.
  let a = 0x9e3779b9;
  let b = 0x243f6a88;
  let c = 0xb7e15162;
  let d = seed >>> 0;
  const nextWord = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < WARM_UP_ROUNDS; i += 1) nextWord();

  const next = () => nextWord() / 4294967296;
  const int = (min: number, max: number): number => {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
      throw new RangeError(`int needs whole numbers min ≤ max, not ${min} and ${max}`);
    }
    return min + Math.floor(next() * (max - min + 1));
  };
  const pick = <T>(items: readonly T[]): T => {
    if (items.length === 0) throw new RangeError("pick needs a non-empty list");
    return items[int(0, items.length - 1)]!;
  };
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = int(0, i);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  };
  return { next, int, pick, shuffle };
}
