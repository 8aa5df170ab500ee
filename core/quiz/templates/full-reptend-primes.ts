/** Full-reptend primes: the period of 1/p is p − 1 exactly when 10 is a primitive root modulo p. */
import { primitiveRootTest } from "#core/numtheory/power-residue-table";
import type { Difficulty } from "../question";
import { defineTemplate } from "../template";
import { candidatesBy, choiceKey, pickDistinct } from "./choose";
import { factorsOf, primesBetween } from "./numbers";
import { periodOf } from "./decimal-period";
import { listFormulas, texFactorization, texPower } from "./tex";

const RANGES: Readonly<Record<Difficulty, { low: number; high: number; options: number }>> = {
  1: { low: 3, high: 50, options: 4 },
  2: { low: 50, high: 200, options: 5 },
  3: { low: 200, high: 600, options: 5 },
};

/** The primitive root test of 10 for every prime of a difficulty's range. */
const reptendTests = candidatesBy((difficulty: Difficulty) => {
  const { low, high } = RANGES[difficulty];
  return primesBetween(low, high)
    .filter((p) => p !== 5)
    .map((p) => primitiveRootTest(10, p));
});

export const fullReptendPrimes = defineTemplate({
  id: "full-reptend-primes",
  skillId: "full-reptend-primes",
  title: "Pick the full-reptend primes",
  build(random, difficulty) {
    const { options } = RANGES[difficulty];
    const tests = reptendTests(difficulty);
    const full = tests.filter((test) => test.isPrimitiveRoot);
    const short = tests.filter((test) => !test.isPrimitiveRoot);
    const fullCount = random.int(1, options - 1);
    const chosen = [...pickDistinct(random, full, fullCount), ...pickDistinct(random, short, options - fullCount)];
    chosen.sort((x, y) => x.m - y.m);
    const key = choiceKey(
      random,
      chosen.map((test) => ({ text: `$${test.m}$`, correct: test.isPrimitiveRoot })),
      { multiple: true, order: "given" },
    );
    const verdict = (test: (typeof chosen)[number]) => {
      const p = test.m;
      const values = test.checks.map((check) => `${texPower(10, check.exponent)} \\equiv ${check.value}`);
      const split = `$${p} - 1 = ${texFactorization(factorsOf(p - 1))}$`;
      return test.isPrimitiveRoot
        ? `- $${p}$: ${split}; ${listFormulas(values)}. None is $1$, so $10$ is a primitive root and $${p}$ is full-reptend.`
        : `- $${p}$: ${split}; ${listFormulas(values)}. A $1$ appears, so the period is shorter (it is $${periodOf(p)}$): not full-reptend.`;
    };
    return {
      prompt:
        "Which of these primes are full-reptend primes, that is, primes $p$ for which the decimal expansion of $\\frac{1}{p}$ has period $p - 1$? Select every one.",
      parts: [{ prompt: "", key }],
      hints: [
        "The period of $\\frac{1}{p}$ is the order of $10$ modulo $p$, so $p$ is full-reptend exactly when $10$ is a primitive root modulo $p$.",
        "Use the primitive root test: for each prime $q$ dividing $p - 1$, compute $10^{(p-1)/q} \\bmod p$. The prime $p$ is full-reptend exactly when none of these is $1$.",
        `Exactly ${fullCount} of the ${options} primes ${fullCount === 1 ? "is" : "are"} full-reptend.`,
      ],
      solution: [
        "The period of $\\frac{1}{p}$ is the order of $10$ modulo $p$, which divides $p - 1$. It is smaller than $p - 1$ exactly when it divides $(p - 1)/q$ for some prime $q$ dividing $p - 1$, that is when one of the powers $10^{(p-1)/q}$ is $\\equiv 1 \\pmod{p}$:",
        chosen.map(verdict).join("\n"),
        fullCount === 1
          ? `So the only full-reptend prime among the options is ${listFormulas(chosen.filter((test) => test.isPrimitiveRoot).map((test) => test.m))}.`
          : `So the full-reptend primes among the options are ${listFormulas(chosen.filter((test) => test.isPrimitiveRoot).map((test) => test.m))}.`,
      ].join("\n\n"),
    };
  },
});
