import { expect } from "vitest";
import type { Question } from "../question";
import { periodOfFraction } from "./decimal-period";
import { checkSkillTemplates } from "./template-checks";
import { longDivisionByHand, promptFormula } from "./test-oracles";

checkSkillTemplates("decimal-period", [
  {
    template: periodOfFraction,
    minVariants: { 1: 12, 2: 750, 3: 720 },
    oracle(question: Question) {
      const match = /^\\frac\{(\d+)\}\{(\d+)\}$/.exec(promptFormula(question, 0));
      if (!match) throw new Error(`no fraction in ${question.prompt}`);
      const [a, n] = [Number(match[1]), Number(match[2])];
      const key = question.parts[0]!.key;
      if (key.kind !== "integer") throw new Error("expected an integer key");
      const division = longDivisionByHand(a, n);
      expect(division.preperiod, `${a}/${n} repeats from the start`).toBe(0);
      expect(Number(key.value), `period of ${a}/${n}`).toBe(division.period);
    },
  },
]);
