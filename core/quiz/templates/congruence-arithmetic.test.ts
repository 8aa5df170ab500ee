import { expect } from "vitest";
import type { Question } from "../question";
import { remainderOfExpression } from "./congruence-arithmetic";
import { checkSkillTemplates } from "./template-checks";
import { integerValue, latexTree, promptFormula, texNumber } from "./test-oracles";

checkSkillTemplates("congruence-arithmetic", [
  {
    template: remainderOfExpression,
    minVariants: { 1: 900, 2: 900, 3: 900 },
    oracle(question: Question) {
      // The whole number, worked out exactly, then reduced: no remainder is taken on the way.
      const value = integerValue(latexTree(promptFormula(question, 0)));
      const m = texNumber(promptFormula(question, 1));
      const key = question.parts[0]!.key;
      if (key.kind !== "integer") throw new Error("expected an integer key");
      expect(BigInt(key.value), `seed ${question.seed}: ${value} mod ${m}`).toBe(((value % m) + m) % m);
    },
  },
]);
