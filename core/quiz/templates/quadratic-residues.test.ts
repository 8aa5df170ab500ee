import { expect } from "vitest";
import type { Question } from "../question";
import { quadraticResidue } from "./quadratic-residues";
import { checkSkillTemplates } from "./template-checks";
import { powerByRepetition, promptFormula } from "./test-oracles";

checkSkillTemplates("quadratic-residues", [
  {
    template: quadraticResidue,
    minVariants: { 1: 70, 2: 550, 3: 950 },
    oracle(question: Question) {
      const p = Number(promptFormula(question, 0).replace(/^p =/, ""));
      const a = Number(promptFormula(question, 1).replace(/^a =/, ""));
      const [valueKey, answerKey] = question.parts.map((part) => part.key);
      if (valueKey?.kind !== "integer" || answerKey?.kind !== "choice")
        throw new Error("expected a value and a choice");
      const reduced = ((a % p) + p) % p;
      expect(Number(valueKey.value), `${a}^((p−1)/2) mod ${p}`).toBe(powerByRepetition(reduced, (p - 1) / 2, p));
      // Squares found by squaring every remainder.
      const isSquare = Array.from({ length: p - 1 }, (_, x) => ((x + 1) * (x + 1)) % p).includes(reduced);
      expect(answerKey.options[answerKey.correct[0]!], `is ${a} a square mod ${p}?`).toBe(isSquare ? "yes" : "no");
    },
  },
]);
