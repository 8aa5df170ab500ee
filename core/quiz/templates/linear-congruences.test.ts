import { expect } from "vitest";
import type { Question } from "../question";
import { solveLinearCongruence } from "./linear-congruences";
import { checkSkillTemplates } from "./template-checks";
import { formulasOf, residueClassBelow, solutionsBelow } from "./test-oracles";

checkSkillTemplates("linear-congruences", [
  {
    template: solveLinearCongruence,
    minVariants: { 1: 450, 2: 800, 3: 720 },
    oracle(question: Question) {
      const match = formulasOf(question.prompt)
        .map((formula) => /^(\d+)x \\equiv (\d+) \\pmod\{(\d+)\}$/.exec(formula))
        .find((found) => found !== null);
      if (!match) throw new Error(`not a linear congruence: ${question.prompt}`);
      const [a, b, m] = match.slice(1).map(Number) as [number, number, number];
      const key = question.parts[0]!.key;
      if (key.kind !== "congruence") throw new Error("expected a congruence key");
      const [r, n] = [Number(key.residue), Number(key.modulus)];
      // Every x below m tried: the solutions must be exactly one class modulo n, with n dividing m.
      const solutions = solutionsBelow(m, (x) => (a * x - b) % m === 0);
      expect(solutions.length, `${a}x ≡ ${b} (mod ${m})`).toBeGreaterThan(0);
      expect(m % n, `${n} divides ${m}`).toBe(0);
      expect(solutions, `${a}x ≡ ${b} (mod ${m}): x ≡ ${r} (mod ${n})`).toEqual(residueClassBelow(r, n, m));
      expect(key.variable).toBe("x");
    },
  },
]);
