/** Prime factorizations by repeated division, and telling primes from numbers that only look prime. */
import { primeFactorsWithMultiplicity } from "#core/numtheory/arithmetic-functions";
import type { Factor } from "#core/numtheory/factorization-types";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { candidatesBy, choiceKey, pickDistinct, retry } from "./choose";
import { factorsOf, isPrime, primesBetween } from "./numbers";
import { listFormulas, listInWords, texFactorization, texInteger, texPower } from "./tex";

const SKILL = "prime-factorization";

/** A number with at least two distinct primes and at least three prime factors counted with repetition. */
function numberFor(random: Random, difficulty: Difficulty): number {
  return retry(() => {
    if (difficulty === 3) {
      const small = pickDistinct(random, [2, 3, 5, 7, 11, 13], random.int(2, 3));
      const big = random.pick(primesBetween(17, 199));
      const n = small.reduce((product, p) => product * p ** random.int(1, p <= 3 ? 3 : 2), big);
      return n >= 10_000 && n <= 1_000_000 ? n : undefined;
    }
    const pool = difficulty === 1 ? [2, 3, 5, 7] : primesBetween(2, 23);
    const primes = pickDistinct(random, pool, random.int(2, 3));
    const n = primes.reduce((product, p) => product * p ** random.int(1, p <= 5 ? 3 : 2), 1);
    const [low, high] = difficulty === 1 ? [24, 600] : [200, 10_000];
    return n >= low && n <= high && primeFactorsWithMultiplicity(factorsOf(n)) >= 3 ? n : undefined;
  });
}

interface Written {
  /** Bases and exponents as shown, in increasing order of the base. */
  factors: { value: number; exponent: number }[];
  why: string;
}

const valueOf = ({ factors }: Written) =>
  factors.reduce((product, { value, exponent }) => product * value ** exponent, 1);
const texOf = ({ factors }: Written) => texFactorization(factors);

/** Wrong answers a learner could write: a composite "factor", swapped or miscounted exponents, a wrong prime. */
function wrongFactorizations(n: number, factors: readonly Factor[]): Written[] {
  const base = factors.map(({ value, exponent }) => ({ value: Number(value), exponent }));
  const sorted = (list: { value: number; exponent: number }[]) =>
    list.filter(({ exponent }) => exponent > 0).sort((x, y) => x.value - y.value);
  const wrongValue = (list: { value: number; exponent: number }[]) =>
    `is not even equal to $${texInteger(n)}$: it is worth $${texInteger(valueOf({ factors: list, why: "" }))}$`;
  const candidates: Written[] = [];
  // Two prime factors merged into one composite factor: the right value, but not a prime factorization.
  for (let i = 0; i < base.length; i += 1) {
    for (let j = i; j < base.length; j += 1) {
      const p = base[i]!;
      const q = base[j]!;
      if (i === j && p.exponent < 2) continue;
      const merged = base.map(({ value, exponent }, k) => ({
        value,
        exponent: exponent - (k === i ? 1 : 0) - (k === j ? 1 : 0),
      }));
      const composite = p.value * q.value;
      const list = sorted([...merged, { value: composite, exponent: 1 }]);
      if (list.length < 2) continue;
      candidates.push({
        factors: list,
        why: `has the right value, but $${composite} = ${p.value} \\cdot ${q.value}$ is not prime`,
      });
    }
  }
  for (let i = 0; i < base.length; i += 1) {
    for (let j = i + 1; j < base.length; j += 1) {
      if (base[i]!.exponent === base[j]!.exponent) continue;
      const list = base.map((f, k) => ({
        value: f.value,
        exponent: k === i ? base[j]!.exponent : k === j ? base[i]!.exponent : f.exponent,
      }));
      candidates.push({ factors: list, why: wrongValue(list) });
    }
    for (const step of [-1, 1]) {
      const list = sorted(base.map((f, k) => ({ value: f.value, exponent: f.exponent + (k === i ? step : 0) })));
      if (list.length >= 2) candidates.push({ factors: list, why: wrongValue(list) });
    }
  }
  const largest = base[base.length - 1]!;
  const neighbour = primesBetween(largest.value + 1, largest.value + 40).find((p) => !base.some((f) => f.value === p));
  if (neighbour !== undefined) {
    const list = base.map((f) => (f === largest ? { value: neighbour, exponent: f.exponent } : f));
    candidates.push({ factors: list, why: wrongValue(list) });
  }
  return candidates;
}

/** "360 = 2 \cdot 180 = 2^{2} \cdot 90 = 2^{3} \cdot 45", one chain per prime. */
function divisionChains(n: number, factors: readonly Factor[]): string[] {
  const chains: string[] = [];
  let rest = n;
  factors.forEach(({ value, exponent }, index) => {
    const p = Number(value);
    const last = index === factors.length - 1;
    if (last && exponent === 1) return;
    const steps: string[] = [texInteger(rest)];
    for (let k = 1; k <= exponent; k += 1) {
      const quotient = rest / p ** k;
      steps.push(quotient === 1 ? texPower(p, k) : `${texPower(p, k)} \\cdot ${texInteger(quotient)}`);
    }
    chains.push(`$${steps.join(" = ")}$`);
    rest /= p ** exponent;
  });
  return chains;
}

/** Why the last number left is prime: the primes up to its square root do not divide it. */
function primeReason(p: number): string {
  if (p < 10) return `$${p}$ is prime`;
  const tried = primesBetween(2, Math.floor(Math.sqrt(p)));
  // The first prime after the last one tried has its square above p, or it would have been tried.
  const next = primesBetween(tried[tried.length - 1]! + 1, p)[0]!;
  const noDivisor =
    tried.length === 1
      ? `$${tried[0]}$ does not divide it`
      : tried.length === 2
        ? `neither $${tried[0]}$ nor $${tried[1]}$ divides it`
        : `none of ${listFormulas(tried, "or")} divides it`;
  return `$${texInteger(p)}$ is prime: ${noDivisor}, and $${next}^2 = ${texInteger(next * next)} > ${texInteger(p)}$`;
}

export const factorInteger = defineTemplate({
  id: "factor-integer",
  skillId: SKILL,
  title: "Find a prime factorization, its largest prime and its number of prime factors",
  build(random, difficulty) {
    const n = numberFor(random, difficulty);
    const factors = factorsOf(n);
    const correctTex = texFactorization(factors);
    const distinct = new Map<string, Written>();
    for (const candidate of wrongFactorizations(n, factors)) {
      const tex = texOf(candidate);
      if (tex !== correctTex && !distinct.has(tex)) distinct.set(tex, candidate);
    }
    const wrong = pickDistinct(random, [...distinct.values()], 3);
    const key = choiceKey(
      random,
      [{ text: `$${correctTex}$`, correct: true }, ...wrong.map((w) => ({ text: `$${texOf(w)}$`, correct: false }))],
      { multiple: false, order: "shuffle" },
    );
    const largest = Number(factors[factors.length - 1]!.value);
    const count = primeFactorsWithMultiplicity(factors);
    const exponents = factors.map(({ exponent }) => exponent);
    const last = factors[factors.length - 1]!;
    const chains = divisionChains(n, factors);
    const lastLeft = last.exponent === 1 ? Number(last.value) : undefined;
    const smallest = Number(factors[0]!.value);
    return {
      prompt: `Find the prime factorization of $n = ${texInteger(n)}$.`,
      parts: [
        { prompt: "Which of these is the prime factorization of $n$?", key },
        { prompt: "What is the largest prime factor of $n$?", key: { kind: "integer", value: `${largest}` } },
        {
          prompt:
            "How many prime factors does $n$ have, counted with repetition? (For example, $12 = 2 \\cdot 2 \\cdot 3$ has $3$.)",
          key: { kind: "integer", value: `${count}` },
        },
      ],
      hints: [
        "Divide by the smallest prime that goes into the number, as often as it goes; then continue with the next prime, and stop when what is left is prime.",
        `Start with $${smallest}$: ${chains[0]!}.`,
        `The primes that divide $n$ are ${listFormulas(factors.map(({ value }) => value))}; count how often each one goes in.`,
      ],
      solution: [
        `Divide by each prime as often as it goes, smallest first: ${listInWords(chains)}${lastLeft === undefined ? "" : `, and ${primeReason(lastLeft)}`}.`,
        `So $${texInteger(n)} = ${correctTex}$. Its largest prime factor is $${largest}$, and counted with repetition it has $${exponents.length === 1 ? exponents[0] : `${exponents.join(" + ")} = ${count}`}$ prime factors.`,
        "The other options are wrong:",
        wrong.map((w) => `- $${texOf(w)}$ ${w.why}.`).join("\n"),
      ].join("\n\n"),
    };
  },
});

const PRIME_CHOICE_RANGES: Readonly<
  Record<Difficulty, { low: number; high: number; options: number; minFactor: number }>
> = {
  1: { low: 30, high: 150, options: 5, minFactor: 3 },
  2: { low: 100, high: 400, options: 5, minFactor: 7 },
  3: { low: 400, high: 1000, options: 6, minFactor: 7 },
};

/** The primes of a difficulty's range, and the composites that "feel" prime: odd, not ending in 5, no small factor. */
const primeChoices = candidatesBy((difficulty: Difficulty) => {
  const { low, high, minFactor } = PRIME_CHOICE_RANGES[difficulty];
  const lookalikes: number[] = [];
  for (let m = low; m <= high; m += 1) {
    if (m % 2 === 0 || m % 5 === 0 || isPrime(m)) continue;
    if (Number(factorsOf(m)[0]!.value) >= minFactor) lookalikes.push(m);
  }
  return { primes: primesBetween(low, high), lookalikes };
});

export const whichArePrime = defineTemplate({
  id: "which-are-prime",
  skillId: SKILL,
  title: "Pick the primes among numbers that look prime",
  build(random, difficulty) {
    const { options } = PRIME_CHOICE_RANGES[difficulty];
    const { primes, lookalikes } = primeChoices(difficulty);
    const primeCount = random.int(1, options - 1);
    const chosen = [
      ...pickDistinct(random, primes, primeCount),
      ...pickDistinct(random, lookalikes, options - primeCount),
    ];
    chosen.sort((x, y) => x - y);
    const key = choiceKey(
      random,
      chosen.map((m) => ({ text: `$${m}$`, correct: isPrime(m) })),
      { multiple: true, order: "given" },
    );
    const largest = chosen[chosen.length - 1]!;
    const enough = primesBetween(2, Math.floor(Math.sqrt(largest)));
    const top = enough[enough.length - 1]!;
    const beyond = primesBetween(top + 1, top + 40)[0]!;
    return {
      prompt: "Which of these numbers are prime? Select every prime.",
      parts: [{ prompt: "", key }],
      hints: [
        "A number $n > 1$ is prime exactly when no prime $p$ with $p^2 \\le n$ divides it.",
        `None of the numbers is even or ends in 5. Try $3$ (add up the digits), then $7$, $11$, $13$, …; the primes up to $${top}$ are enough here, since $${beyond}^2 = ${texInteger(beyond * beyond)} > ${largest}$.`,
        `Exactly ${primeCount} of the ${options} numbers ${primeCount === 1 ? "is" : "are"} prime.`,
      ],
      solution: [
        "To decide whether $n$ is prime it is enough to try the primes $p$ with $p^2 \\le n$:",
        chosen
          .map((m) =>
            isPrime(m) ? `- ${primeReason(m)}.` : `- $${m} = ${texFactorization(factorsOf(m))}$ is not prime.`,
          )
          .join("\n"),
        primeCount === 1
          ? `So the only prime is ${listFormulas(chosen.filter(isPrime))}.`
          : `So the primes are ${listFormulas(chosen.filter(isPrime))}.`,
      ].join("\n\n"),
    };
  },
});
