import { expect } from "vitest";
import type { Question } from "../question";
import { expansionInBase } from "./other-bases";
import { checkSkillTemplates } from "./template-checks";
import { longDivisionByHand, promptFormula } from "./test-oracles";

checkSkillTemplates("other-bases", [
  {
    template: expansionInBase,
    minVariants: { 1: 25, 2: 300, 3: 600 },
    oracle(question: Question) {
      const n = Number(promptFormula(question, 0).replace(/^1\//, ""));
      const b = Number(promptFormula(question, 1));
      const [pre, period] = question.parts.map((part) => part.key);
      if (pre?.kind !== "integer" || period?.kind !== "integer") throw new Error("expected two integers");
      const byHand = longDivisionByHand(1, n, b);
      expect([Number(pre.value), Number(period.value)], `1/${n} in base ${b}`).toEqual([
        byHand.preperiod,
        byHand.period,
      ]);
    },
  },
]);
