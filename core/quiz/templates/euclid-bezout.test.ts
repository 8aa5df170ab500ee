import { expect } from "vitest";
import type { Question } from "../question";
import { euclidBezout } from "./euclid-bezout";
import { checkSkillTemplates } from "./template-checks";
import { gcdByTrial, promptFormula, residueClassBelow, solutionsBelow, texNumber } from "./test-oracles";

checkSkillTemplates("euclid-bezout", [
  {
    template: euclidBezout,
    minVariants: { 1: 650, 2: 950, 3: 990 },
    oracle(question: Question) {
      const [a, b] = [0, 1].map((i) => Number(texNumber(promptFormula(question, i).replace(/^[ab] =/, "")))) as [
        number,
        number,
      ];
      const [gcdKey, classKey] = question.parts.map((part) => part.key);
      if (gcdKey?.kind !== "integer" || classKey?.kind !== "congruence")
        throw new Error("expected an integer and a class");
      const g = Number(gcdByTrial(BigInt(a), BigInt(b)));
      expect(Number(gcdKey.value), `gcd(${a}, ${b})`).toBe(g);
      // Every u below b for which g − a·u is a multiple of b: exactly the key's class, and its modulus b/g.
      const us = solutionsBelow(b, (u) => (g - a * u) % b === 0);
      const [r, n] = [Number(classKey.residue), Number(classKey.modulus)];
      expect(n, `a = ${a}, b = ${b}`).toBe(b / g);
      expect(us, `a = ${a}, b = ${b}: u ≡ ${r} (mod ${n})`).toEqual(residueClassBelow(r, n, b));
      expect(classKey.variable).toBe("u");
    },
  },
]);
