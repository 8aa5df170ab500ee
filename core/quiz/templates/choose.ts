/** Picking numbers for a variant, and turning right and wrong options into a choice key. */
import type { AnswerKey } from "../question";
import type { Random } from "../random";

/** Tries per variant before giving up: every template accepts far more than 1 try in 1000. */
const MAX_ATTEMPTS = 1000;

/** The first non-undefined result of `attempt`; rejection sampling for variants with side conditions. */
export function retry<T>(attempt: () => T | undefined): T {
  for (let i = 0; i < MAX_ATTEMPTS; i += 1) {
    const result = attempt();
    if (result !== undefined) return result;
  }
  throw new Error(`no acceptable variant in ${MAX_ATTEMPTS} attempts`);
}

/** A whole number from min to max other than 0. */
export function nonZeroInt(random: Random, min: number, max: number): number {
  return retry(() => {
    const n = random.int(min, max);
    return n === 0 ? undefined : n;
  });
}

/** `count` different items of the list, in random order. */
export function pickDistinct<T>(random: Random, items: readonly T[], count: number): T[] {
  if (count > items.length) throw new RangeError(`cannot pick ${count} of ${items.length} items`);
  return random.shuffle(items).slice(0, count);
}

/**
 * A choice key from the right and wrong options (each already distinct): shuffled, or kept in
 * the order given when `order` is "given" (lists of numbers read best in increasing order).
 */
export function choiceKey(
  random: Random,
  options: readonly { text: string; correct: boolean }[],
  { multiple, order }: { multiple: boolean; order: "shuffle" | "given" },
): AnswerKey & { kind: "choice" } {
  const texts = new Set(options.map(({ text }) => text));
  if (texts.size !== options.length) throw new Error("choice options must be distinct");
  const arranged = order === "shuffle" ? random.shuffle(options) : [...options];
  const correct = arranged.flatMap(({ correct }, index) => (correct ? [index] : []));
  if (correct.length === 0 || (!multiple && correct.length !== 1)) throw new Error("wrong number of correct options");
  return { kind: "choice", options: arranged.map(({ text }) => text), correct, multiple };
}

/** Candidate lists that depend only on a key (a difficulty, a prime): computed on first use, then kept. */
export function candidatesBy<K, V>(compute: (key: K) => V): (key: K) => V {
  const known = new Map<K, V>();
  return (key) => {
    if (!known.has(key)) known.set(key, compute(key));
    return known.get(key)!;
  };
}
