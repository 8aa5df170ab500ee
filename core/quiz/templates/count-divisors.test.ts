import { expect } from "vitest";
import type { Question } from "../question";
import { divisorCountAndSum } from "./count-divisors";
import { checkSkillTemplates } from "./template-checks";
import { promptFormula, texNumber } from "./test-oracles";

/** The divisors of n, found in pairs d and n/d with d ≤ √n. */
function divisorsByTrial(n: number): number[] {
  const divisors: number[] = [];
  for (let d = 1; d * d <= n; d += 1) {
    if (n % d !== 0) continue;
    divisors.push(d);
    if (d * d !== n) divisors.push(n / d);
  }
  return divisors;
}

checkSkillTemplates("count-divisors", [
  {
    template: divisorCountAndSum,
    minVariants: { 1: 45, 2: 550, 3: 850 },
    oracle(question: Question) {
      const n = Number(texNumber(promptFormula(question, 0).replace("n =", "")));
      const divisors = divisorsByTrial(n);
      const [count, sum] = question.parts.map((part) => part.key);
      if (count?.kind !== "integer" || sum?.kind !== "integer") throw new Error("expected two integers");
      expect(Number(count.value), `n = ${n}`).toBe(divisors.length);
      expect(Number(sum.value), `n = ${n}`).toBe(divisors.reduce((x, y) => x + y, 0));
    },
  },
]);
