/** gcd and lcm from the prime factorizations: the smaller and the larger exponent of each prime. */
import { gcd } from "#core/numtheory/bigint";
import type { Difficulty } from "../question";
import { defineTemplate } from "../template";
import { pickDistinct, retry } from "./choose";
import { exponentOf, factorsOf } from "./numbers";
import { listFormulas, texFactorization, texInteger } from "./tex";

const SETTINGS: Readonly<
  Record<Difficulty, { pool: readonly number[]; primes: readonly [number, number]; maxExponent: number; high: number }>
> = {
  1: { pool: [2, 3, 5, 7], primes: [2, 3], maxExponent: 3, high: 300 },
  2: { pool: [2, 3, 5, 7, 11, 13], primes: [3, 3], maxExponent: 3, high: 5000 },
  3: { pool: [2, 3, 5, 7, 11, 13], primes: [3, 4], maxExponent: 4, high: 2_000_000 },
};

export const gcdAndLcm = defineTemplate({
  id: "gcd-lcm-from-factors",
  skillId: "gcd-lcm-from-factors",
  title: "gcd and lcm of two numbers from their prime factorizations",
  build(random, difficulty) {
    const { pool, primes: primeCount, maxExponent, high } = SETTINGS[difficulty];
    const { a, b, primes } = retry(() => {
      const primes = pickDistinct(random, pool, random.int(...primeCount)).sort((x, y) => x - y);
      const xs = primes.map(() => random.int(0, maxExponent));
      const ys = primes.map(() => random.int(0, maxExponent));
      const a = primes.reduce((product, p, i) => product * p ** xs[i]!, 1);
      const b = primes.reduce((product, p, i) => product * p ** ys[i]!, 1);
      // Every prime occurs; they share one (gcd > 1); neither divides the other (gcd below both).
      const everyPrimeUsed = primes.every((_, i) => xs[i]! + ys[i]! > 0);
      const shared = primes.some((_, i) => xs[i]! > 0 && ys[i]! > 0);
      const crossing = xs.some((x, i) => x > ys[i]!) && ys.some((y, i) => y > xs[i]!);
      return everyPrimeUsed && shared && crossing && a >= 6 && b >= 6 && a <= high && b <= high
        ? { a, b, primes }
        : undefined;
    });
    const g = gcd(BigInt(a), BigInt(b));
    const l = (BigInt(a) * BigInt(b)) / g;
    const minima = primes.map((p) => Math.min(exponentOf(a, p), exponentOf(b, p)));
    const maxima = primes.map((p) => Math.max(exponentOf(a, p), exponentOf(b, p)));
    const withExponents = (exponents: readonly number[]) =>
      primes.map((p, i) => `${p}^{${exponents[i]}}`).join(" \\cdot ");
    const given =
      difficulty === 3
        ? `$a = ${texFactorization(factorsOf(a))}$ and $b = ${texFactorization(factorsOf(b))}$`
        : `$a = ${texInteger(a)}$ and $b = ${texInteger(b)}$`;
    return {
      prompt: `Let ${given}.${difficulty === 3 ? " Give the answers as ordinary whole numbers." : ""}`,
      parts: [
        { prompt: "What is $\\gcd(a, b)$?", key: { kind: "integer", value: g.toString() } },
        { prompt: "What is $\\operatorname{lcm}(a, b)$?", key: { kind: "integer", value: l.toString() } },
      ],
      hints: [
        "Write $a$ and $b$ as products of powers of the same primes, giving the exponent $0$ to a prime that is missing from one of them.",
        "The gcd takes the smaller exponent of each prime, the lcm the larger one.",
        `For the primes ${listFormulas(primes)}, the smaller exponents are ${listFormulas(minima)} and the larger ones are ${listFormulas(maxima)}.`,
      ],
      solution: [
        "Write both numbers with the same primes (exponent $0$ for a missing prime):",
        `$$a = ${withExponents(primes.map((p) => exponentOf(a, p)))}, \\qquad b = ${withExponents(primes.map((p) => exponentOf(b, p)))}.$$`,
        "A common divisor cannot contain more of a prime than either number, so the gcd takes the smaller exponent of each prime; a common multiple must contain at least as much as each number, so the lcm takes the larger one:",
        `$$\\gcd(a, b) = ${withExponents(minima)} = ${texInteger(g)}, \\qquad \\operatorname{lcm}(a, b) = ${withExponents(maxima)} = ${texInteger(l)}.$$`,
        `Check with $\\gcd(a, b) \\cdot \\operatorname{lcm}(a, b) = ab$: $${texInteger(g)} \\cdot ${texInteger(l)} = ${texInteger(g * l)}$ and $${texInteger(a)} \\cdot ${texInteger(b)} = ${texInteger(BigInt(a) * BigInt(b))}$.`,
      ].join("\n\n"),
    };
  },
});
