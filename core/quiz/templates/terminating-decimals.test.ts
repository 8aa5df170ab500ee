import { expect } from "vitest";
import type { Question } from "../question";
import { preperiodAndPeriod, terminatingDecimal } from "./terminating-decimals";
import { checkSkillTemplates } from "./template-checks";
import { longDivisionByHand, promptFormula, texNumber } from "./test-oracles";

function fractionOf(question: Question): [number, number] {
  const match = /^\\frac\{(.+)\}\{(.+)\}$/.exec(promptFormula(question, 0));
  if (!match) throw new Error(`no fraction in ${question.prompt}`);
  return [Number(texNumber(match[1]!)), Number(texNumber(match[2]!))];
}

checkSkillTemplates("terminating-decimals", [
  {
    template: preperiodAndPeriod,
    minVariants: { 1: 340, 2: 850, 3: 900 },
    oracle(question: Question) {
      const [a, n] = fractionOf(question);
      const [preperiod, period] = question.parts.map((part) => part.key);
      if (preperiod?.kind !== "integer" || period?.kind !== "integer") throw new Error("expected two integers");
      const division = longDivisionByHand(a, n);
      expect(Number(preperiod.value), `pre-period of ${a}/${n}`).toBe(division.preperiod);
      expect(Number(period.value), `period of ${a}/${n}`).toBe(division.period);
    },
  },
  {
    template: terminatingDecimal,
    minVariants: { 1: 160, 2: 650, 3: 680 },
    oracle(question: Question) {
      const [a, n] = fractionOf(question);
      const key = question.parts[0]!.key;
      if (key.kind !== "decimal") throw new Error("expected a decimal key");
      const division = longDivisionByHand(a, n);
      expect(division.period, `${a}/${n} terminates`).toBe(0);
      const exact = Number(`${division.integer}.${division.digits.join("")}`);
      expect(Math.abs(key.value - exact), `${a}/${n} = ${exact}`).toBeLessThan(key.tolerance);
      // A change of one in the last digit must fall outside the tolerance.
      expect(key.tolerance, `${a}/${n}`).toBeLessThan(10 ** -division.digits.length / 2);
    },
  },
]);
