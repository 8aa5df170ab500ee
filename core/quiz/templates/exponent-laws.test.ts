import { expect } from "vitest";
import type { Question } from "../question";
import { exponentLaws } from "./exponent-laws";
import { checkSkillTemplates } from "./template-checks";
import { latexTree, promptFormula, valueAt } from "./test-oracles";

checkSkillTemplates("exponent-laws", [
  {
    template: exponentLaws,
    minVariants: { 1: 500, 2: 900, 3: 900 },
    oracle(question: Question) {
      const expression = latexTree(promptFormula(question, 0));
      const keys = question.parts.map((part) => {
        if (part.key.kind !== "integer") throw new Error("expected integers");
        return Number(part.key.value);
      });
      // The expression's exact value at a = 3, b = 5 (with 2 as written) against the power the keys name.
      const value = valueAt(expression, { a: 3, b: 5 });
      const [x, y = 0] = keys;
      const base = question.prompt.includes("2^k") ? 2n : 3n;
      const expected = (n: bigint, e: number) => (e >= 0 ? [n ** BigInt(e), 1n] : [1n, n ** BigInt(-e)]);
      const [xn, xd] = expected(base, x!);
      const [yn, yd] = expected(5n, y);
      expect([value.num, value.den], question.prompt).toEqual([xn! * yn!, xd! * yd!]);
    },
  },
]);
