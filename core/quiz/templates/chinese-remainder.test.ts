import { expect } from "vitest";
import type { Question } from "../question";
import { solveCongruenceSystem } from "./chinese-remainder";
import { checkSkillTemplates } from "./template-checks";
import { residueClassBelow, solutionsBelow } from "./test-oracles";

checkSkillTemplates("chinese-remainder", [
  {
    template: solveCongruenceSystem,
    minVariants: { 1: 700, 2: 900, 3: 850 },
    oracle(question: Question) {
      const system = [...question.prompt.matchAll(/x \\equiv (\d+) \\pmod\{(\d+)\}/g)].map((match) => ({
        residue: Number(match[1]),
        modulus: Number(match[2]),
      }));
      expect(system.length).toBeGreaterThanOrEqual(2);
      const key = question.parts[0]!.key;
      if (key.kind !== "congruence") throw new Error("expected a congruence key");
      const [r, n] = [Number(key.residue), Number(key.modulus)];
      // Every x below the product of the moduli tried; the solutions must be one class modulo n.
      const bound = system.reduce((product, { modulus }) => product * modulus, 1);
      const solutions = solutionsBelow(bound, (x) =>
        system.every(({ residue, modulus }) => (x - residue) % modulus === 0),
      );
      expect(bound % n).toBe(0);
      expect(solutions, `${JSON.stringify(system)}: x ≡ ${r} (mod ${n})`).toEqual(residueClassBelow(r, n, bound));
    },
  },
]);
