import { expect } from "vitest";
import type { Question } from "../question";
import { fermatTest } from "./fermat-test";
import { checkSkillTemplates } from "./template-checks";
import { isPrimeByTrial, powerByRepetition, promptFormula, texNumber } from "./test-oracles";

checkSkillTemplates("fermat-test", [
  {
    template: fermatTest,
    minVariants: { 1: 400, 2: 900, 3: 900 },
    oracle(question: Question) {
      const n = Number(texNumber(promptFormula(question, 0).replace(/^n =/, "")));
      const a = Number(promptFormula(question, 1).replace(/^a =/, ""));
      const [valueKey, verdictKey] = question.parts.map((part) => part.key);
      if (valueKey?.kind !== "integer" || verdictKey?.kind !== "choice")
        throw new Error("expected a value and a choice");
      const value = powerByRepetition(a, n - 1, n);
      expect(Number(valueKey.value), `${a}^${n - 1} mod ${n}`).toBe(value);
      const chosen = verdictKey.options[verdictKey.correct[0]!]!;
      // A result other than 1 proves n composite (a prime always gives 1); 1 proves nothing, and "prime" is never right.
      expect(chosen, `n = ${n}, a = ${a}`).toBe(
        value === 1 ? `The test proves nothing: ${n} may be prime` : `${n} is composite`,
      );
      if (isPrimeByTrial(n)) expect(value).toBe(1);
    },
  },
]);
