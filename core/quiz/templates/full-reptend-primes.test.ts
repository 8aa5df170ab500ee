import { expect } from "vitest";
import type { Question } from "../question";
import { fullReptendPrimes } from "./full-reptend-primes";
import { checkSkillTemplates } from "./template-checks";
import { formulasOf, isPrimeByTrial, longDivisionByHand } from "./test-oracles";

checkSkillTemplates("full-reptend-primes", [
  {
    template: fullReptendPrimes,
    minVariants: { 1: 430, 2: 900, 3: 900 },
    oracle(question: Question) {
      const key = question.parts[0]!.key;
      if (key.kind !== "choice") throw new Error("expected a choice key");
      const primes = key.options.map((option) => Number(formulasOf(option)[0]));
      expect(primes.every(isPrimeByTrial), primes.join(" ")).toBe(true);
      const full = primes.flatMap((p, index) => (longDivisionByHand(1, p).period === p - 1 ? [index] : []));
      expect(key.correct, primes.join(" ")).toEqual(full);
    },
  },
]);
