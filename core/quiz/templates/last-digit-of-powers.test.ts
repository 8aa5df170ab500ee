import { expect } from "vitest";
import type { Question } from "../question";
import { lastDigitsOfPower } from "./last-digit-of-powers";
import { checkSkillTemplates } from "./template-checks";
import { powerByRepetition, promptFormula, texNumber } from "./test-oracles";

checkSkillTemplates("last-digit-of-powers", [
  {
    template: lastDigitsOfPower,
    minVariants: { 1: 900, 2: 900, 3: 900 },
    oracle(question: Question) {
      const match = /^(\d+)\^\{(.+)\}$/.exec(promptFormula(question, 0));
      if (!match) throw new Error(`no power in ${question.prompt}`);
      const [a, e] = [Number(match[1]), Number(texNumber(match[2]!))];
      const m = question.prompt.includes("last two digits") ? 100 : 10;
      const key = question.parts[0]!.key;
      if (key.kind !== "integer") throw new Error("expected an integer key");
      expect(Number(key.value), `${a}^${e} mod ${m}`).toBe(powerByRepetition(a, e, m));
    },
  },
]);
