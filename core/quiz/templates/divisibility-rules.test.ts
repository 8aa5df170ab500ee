import { expect } from "vitest";
import type { Question } from "../question";
import { remaindersByDigitRules } from "./divisibility-rules";
import { checkSkillTemplates } from "./template-checks";
import { promptFormula, texNumber } from "./test-oracles";

checkSkillTemplates("divisibility-rules", [
  {
    template: remaindersByDigitRules,
    minVariants: { 1: 990, 2: 990, 3: 990 },
    oracle(question: Question) {
      const n = texNumber(promptFormula(question, 0).replace(/^N =/, ""));
      const divisors = [1, 2].map((i) => BigInt(promptFormula(question, i)));
      question.parts.forEach((part, i) => {
        if (part.key.kind !== "integer") throw new Error("expected integers");
        // The remainder by long division with BigInt, not by any digit rule.
        expect(BigInt(part.key.value), `${n} mod ${divisors[i]}`).toBe(n % divisors[i]!);
      });
    },
  },
]);
