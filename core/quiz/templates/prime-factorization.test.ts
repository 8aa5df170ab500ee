import { expect } from "vitest";
import type { Question } from "../question";
import { factorInteger, whichArePrime } from "./prime-factorization";
import { checkSkillTemplates } from "./template-checks";
import { formulasOf, isPrimeByTrial, promptFormula, texNumber, trialFactor } from "./test-oracles";

/** "2^{3} \cdot 3^{2} \cdot 10" → [[2, 3], [3, 2], [10, 1]]. */
function writtenFactors(tex: string): [number, number][] {
  return tex.split("\\cdot").map((factor) => {
    const match = /^\s*(\d+)(?:\^\{(\d+)\})?\s*$/.exec(factor);
    if (!match) throw new Error(`not a factor: ${factor}`);
    return [Number(match[1]), Number(match[2] ?? 1)];
  });
}

checkSkillTemplates("prime-factorization", [
  {
    template: factorInteger,
    minVariants: { 1: 850, 2: 900, 3: 900 },
    oracle(question: Question) {
      const n = texNumber(promptFormula(question, 0).replace("n =", ""));
      const factors = trialFactor(n);
      const [choice, largest, count] = question.parts.map((part) => part.key);
      if (choice?.kind !== "choice" || largest?.kind !== "integer" || count?.kind !== "integer") {
        throw new Error("expected a choice and two integers");
      }
      // Right: the value is n, every base is prime, and no base repeats.
      const right = choice.options.flatMap((option, index) => {
        const written = writtenFactors(formulasOf(option)[0]!);
        const value = written.reduce((product, [p, e]) => product * BigInt(p) ** BigInt(e), 1n);
        const bases = written.map(([p]) => p);
        return value === n && bases.every(isPrimeByTrial) && new Set(bases).size === bases.length ? [index] : [];
      });
      expect(choice.correct, `seed ${question.seed}: ${choice.options.join(" | ")}`).toEqual(right);
      const largestPrime = [...factors.keys()].reduce((x, y) => (x > y ? x : y));
      expect(largest.value, `seed ${question.seed}`).toBe(largestPrime.toString());
      expect(Number(count.value), `seed ${question.seed}`).toBe([...factors.values()].reduce((x, y) => x + y, 0));
    },
  },
  {
    template: whichArePrime,
    minVariants: { 1: 900, 2: 900, 3: 900 },
    oracle(question: Question) {
      const key = question.parts[0]!.key;
      if (key.kind !== "choice") throw new Error("expected a choice key");
      const primes = key.options.flatMap((option, index) =>
        isPrimeByTrial(Number(formulasOf(option)[0])) ? [index] : [],
      );
      expect(key.correct, `seed ${question.seed}: ${key.options.join(" ")}`).toEqual(primes);
    },
  },
]);
