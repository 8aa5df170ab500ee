import { expect } from "vitest";
import type { Question } from "../question";
import { gcdAndLcm } from "./gcd-lcm-from-factors";
import { checkSkillTemplates } from "./template-checks";
import { gcdByTrial, integerValue, latexTree, promptFormula, trialFactor } from "./test-oracles";

/**
 * L is the least common multiple of a and b exactly when both divide L and, for every prime q
 * of a or b, L/q is not a common multiple: a smaller common multiple M would divide L (else the
 * remainder of L by M would be a smaller one), and then L/q would be one for a prime q of L/M.
 */
function isLeastCommonMultiple(l: bigint, a: bigint, b: bigint): boolean {
  const common = (m: bigint) => m % a === 0n && m % b === 0n;
  const primes = new Set([...trialFactor(a).keys(), ...trialFactor(b).keys()]);
  return common(l) && [...primes].every((q) => l % q !== 0n || !common(l / q));
}

checkSkillTemplates("gcd-lcm-from-factors", [
  {
    template: gcdAndLcm,
    minVariants: { 1: 430, 2: 850, 3: 900 },
    oracle(question: Question) {
      const [a, b] = [0, 1].map((i) => integerValue(latexTree(promptFormula(question, i).replace(/^[ab] =/, "")))) as [
        bigint,
        bigint,
      ];
      const [g, l] = question.parts.map((part) => part.key);
      if (g?.kind !== "integer" || l?.kind !== "integer") throw new Error("expected two integers");
      expect(BigInt(g.value), `a = ${a}, b = ${b}`).toBe(gcdByTrial(a, b));
      expect(isLeastCommonMultiple(BigInt(l.value), a, b), `a = ${a}, b = ${b}, lcm ${l.value}`).toBe(true);
    },
  },
]);
