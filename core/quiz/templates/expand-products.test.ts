import { expect } from "vitest";
import { isExpanded } from "#core/algebra/expanded-form";
import { variablesOf } from "#core/expr/ast";
import type { Question } from "../question";
import { expandProduct, squareOfBinomial } from "./expand-products";
import { checkSkillTemplates } from "./template-checks";
import { formulasOf, latexTree, promptFormula, sameOnGrid, textTree } from "./test-oracles";

checkSkillTemplates("expand-products", [
  {
    template: expandProduct,
    minVariants: { 1: 250, 2: 800, 3: 850 },
    oracle(question: Question) {
      const product = latexTree(promptFormula(question, 0));
      const key = question.parts[0]!.key;
      if (key.kind !== "expression") throw new Error("expected an expression key");
      const expected = textTree(key.expected);
      const letters = variablesOf(product);
      expect(key.variables, `seed ${question.seed}`).toEqual(letters);
      expect(key.form).toBe("expanded");
      expect(sameOnGrid(product, expected, letters), `seed ${question.seed}: ${key.expected}`).toBe(true);
      expect(
        isExpanded(expected, () => key.expected),
        key.expected,
      ).toEqual({ expanded: true });
    },
  },
  {
    template: squareOfBinomial,
    minVariants: { 1: 600, 2: 850, 3: 850 },
    oracle(question: Question) {
      const given = latexTree(promptFormula(question, 0));
      const letters = variablesOf(given);
      const key = question.parts[0]!.key;
      if (key.kind !== "choice") throw new Error("expected a choice key");
      const equal = key.options.flatMap((option, index) => {
        const [tex] = formulasOf(option);
        return sameOnGrid(given, latexTree(tex!), letters) ? [index] : [];
      });
      expect(key.correct, `seed ${question.seed}: ${key.options.join(" | ")}`).toEqual(equal);
    },
  },
]);
