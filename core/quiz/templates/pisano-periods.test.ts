import { expect } from "vitest";
import type { Question } from "../question";
import { fibonacciRemainder } from "./pisano-periods";
import { checkSkillTemplates } from "./template-checks";
import { fibonacciModulo, formulasOf, promptFormula, texNumber } from "./test-oracles";

/** The first n > 0 at which the pair (F(n), F(n+1)) modulo m is (0, 1) again, by walking the pairs. */
function pisanoByWalking(m: number): number {
  let [a, b] = [0, 1 % m];
  for (let n = 1; ; n += 1) {
    [a, b] = [b, (a + b) % m];
    if (a === 0 && b === 1 % m) return n;
  }
}

checkSkillTemplates("pisano-periods", [
  {
    template: fibonacciRemainder,
    minVariants: { 1: 680, 2: 900, 3: 900 },
    oracle(question: Question) {
      const m = Number(texNumber(promptFormula(question, 3).replace("m =", "")));
      const [period, remainder] = question.parts.map((part) => part.key);
      if (period?.kind !== "integer" || remainder?.kind !== "integer") throw new Error("expected two integers");
      const index = /^F_\{(.+)\}$/.exec(formulasOf(question.parts[1]!.prompt)[0]!);
      if (!index) throw new Error(`no F_N in ${question.parts[1]!.prompt}`);
      expect(Number(period.value), `m = ${m}`).toBe(pisanoByWalking(m));
      expect(BigInt(remainder.value), `F(${index[1]}) mod ${m}`).toBe(fibonacciModulo(texNumber(index[1]!), BigInt(m)));
    },
  },
]);
