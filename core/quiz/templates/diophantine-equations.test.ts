import { expect } from "vitest";
import type { Question } from "../question";
import { linearDiophantine } from "./diophantine-equations";
import { checkSkillTemplates } from "./template-checks";
import { formulasOf, residueClassBelow, solutionsBelow, texNumber } from "./test-oracles";

checkSkillTemplates("diophantine-equations", [
  {
    template: linearDiophantine,
    minVariants: { 1: 600, 2: 900, 3: 990 },
    oracle(question: Question) {
      const match = formulasOf(question.prompt)
        .map((formula) => /^([\d\\,]+)x \+ ([\d\\,]+)y = ([\d\\,]+)$/.exec(formula))
        .find((found) => found !== null);
      if (!match) throw new Error(`not an equation ax + by = c: ${question.prompt}`);
      const [a, b, c] = match.slice(1).map((tex) => Number(texNumber(tex))) as [number, number, number];
      const [classKey, yKey] = question.parts.map((part) => part.key);
      if (classKey?.kind !== "congruence" || yKey?.kind !== "integer")
        throw new Error("expected a class and an integer");
      const name = `${a}x + ${b}y = ${c}`;
      // The x in 0 … 2b − 1 for which c − a·x is a multiple of b, tried one by one.
      const xs = solutionsBelow(2 * b, (x) => (c - a * x) % b === 0);
      const [r, n] = [Number(classKey.residue), Number(classKey.modulus)];
      expect(xs.length, name).toBeGreaterThan(0);
      expect(xs, `${name}: x ≡ ${r} (mod ${n})`).toEqual(residueClassBelow(r, n, 2 * b));
      expect(n, name).toBeLessThanOrEqual(b);
      // The solution with the smallest x ≥ 0 is the first one found.
      expect(Number(yKey.value), name).toBe((c - a * xs[0]!) / b);
    },
  },
]);
