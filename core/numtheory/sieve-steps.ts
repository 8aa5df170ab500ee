/**
 * The sieve of Eratosthenes as a list of steps a reader can watch: take the
 * next number not crossed out (it is prime), cross out its multiples from p²
 * (smaller multiples have a smaller prime factor and are already gone), and stop
 * once p² passes the limit (every composite ≤ limit has a prime factor p with
 * p² ≤ limit). Small limits only: the steps are listed, not streamed.
 */

export const SIEVE_MIN_LIMIT = 10;
export const SIEVE_MAX_LIMIT = 400;

export type SieveStep =
  /** `prime` was left standing, so it is prime; its multiples are crossed out next, from prime². */
  | { kind: "prime"; prime: number }
  /** `number` = prime · k is crossed out; `alreadyBy` is the smaller prime that crossed it out before, if any. */
  | { kind: "cross"; prime: number; number: number; alreadyBy: number | null }
  /** `next` is the next number left and next² > limit: every number left is prime. */
  | { kind: "stop"; next: number; primeCount: number };

export function sieveLimitProblem(limit: number): string | null {
  if (!Number.isSafeInteger(limit) || limit < SIEVE_MIN_LIMIT || limit > SIEVE_MAX_LIMIT) {
    return `Enter a whole number from ${SIEVE_MIN_LIMIT} to ${SIEVE_MAX_LIMIT}.`;
  }
  return null;
}

export function sieveSteps(limit: number): SieveStep[] {
  const problem = sieveLimitProblem(limit);
  if (problem) throw new RangeError(`sieveSteps(${limit}): ${problem}`);
  const crossedBy = new Array<number>(limit + 1).fill(0);
  const steps: SieveStep[] = [];
  let candidate = 2;
  for (; candidate * candidate <= limit; candidate++) {
    if (crossedBy[candidate]) continue;
    const prime = candidate;
    steps.push({ kind: "prime", prime });
    for (let multiple = prime * prime; multiple <= limit; multiple += prime) {
      const before = crossedBy[multiple] ?? 0;
      steps.push({ kind: "cross", prime, number: multiple, alreadyBy: before === 0 ? null : before });
      if (before === 0) crossedBy[multiple] = prime;
    }
  }
  while (crossedBy[candidate]) candidate++;
  const primeCount = crossedBy.filter((by, k) => k >= 2 && by === 0).length;
  steps.push({ kind: "stop", next: candidate, primeCount });
  return steps;
}

export interface SieveState {
  /** Index k: the prime that first crossed k out, or 0 while k stands. */
  crossedBy: number[];
  /** The primes known so far, increasing; after the stop step, all of them up to the limit. */
  primes: number[];
  /** The prime whose multiples are being crossed out, or null before the first and after the stop. */
  current: number | null;
  /** The number the last step was about, or null before the first step. */
  touched: number | null;
  finished: boolean;
}

/** The grid after the first `count` steps (0 … steps.length). */
export function sieveStateAfter(limit: number, steps: readonly SieveStep[], count: number): SieveState {
  const crossedBy = new Array<number>(limit + 1).fill(0);
  const primes: number[] = [];
  let current: number | null = null;
  let touched: number | null = null;
  let finished = false;
  for (const step of steps.slice(0, Math.max(0, count))) {
    if (step.kind === "prime") {
      primes.push(step.prime);
      current = touched = step.prime;
    } else if (step.kind === "cross") {
      if (!crossedBy[step.number]) crossedBy[step.number] = step.prime;
      touched = step.number;
    } else {
      for (let k = (primes.at(-1) ?? 1) + 1; k <= limit; k++) if (!crossedBy[k]) primes.push(k);
      current = null;
      touched = step.next;
      finished = true;
    }
  }
  return { crossedBy, primes, current, touched, finished };
}

/** What one step did, in a sentence. */
export function describeSieveStep(step: SieveStep, limit: number): string {
  switch (step.kind) {
    case "prime":
      return (
        `${step.prime} is not crossed out, so it is prime. ` +
        `Crossing out multiples of ${step.prime} from ${step.prime}² = ${step.prime * step.prime}.`
      );
    case "cross": {
      const product = `${step.number} = ${step.prime} · ${step.number / step.prime}`;
      return step.alreadyBy === null
        ? `Crossed out ${product}.`
        : `${product} is already crossed out (by ${step.alreadyBy}).`;
    }
    case "stop":
      return (
        `Stop: the next number left is ${step.next}, and ${step.next}² = ${step.next * step.next} > ${limit}. ` +
        `Every composite number up to ${limit} has a prime factor p with p² ≤ ${limit}, so it is already crossed out: ` +
        `the ${step.primeCount} numbers left are the primes up to ${limit}.`
      );
  }
}

/**
 * What the reader is told after `count` steps: the phase (which prime is at
 * work, or that the sieve has stopped), and the latest single action.
 */
export function sieveMessages(
  limit: number,
  steps: readonly SieveStep[],
  count: number,
): { phase: string; action: string | null } {
  const done = steps.slice(0, Math.max(0, count));
  const last = done.at(-1);
  const phaseStep = done.findLast((step) => step.kind !== "cross");
  if (!last || !phaseStep) {
    return {
      phase: `Every number from 2 to ${limit} is still standing; 1 is not prime, so it is left out.`,
      action: null,
    };
  }
  if (phaseStep.kind === "stop") return { phase: describeSieveStep(phaseStep, limit), action: null };
  return {
    phase: `Crossing out multiples of ${phaseStep.prime} from ${phaseStep.prime * phaseStep.prime}.`,
    action: describeSieveStep(last, limit),
  };
}
