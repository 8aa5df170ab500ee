import { expect } from "vitest";
import type { ExprNode } from "#core/expr/ast";
import type { Question } from "../question";
import { factorQuadratic } from "./factor-quadratics";
import { checkSkillTemplates } from "./template-checks";
import { latexTree, promptFormula, sameOnGrid, textTree, valueAt } from "./test-oracles";

/** The factors of a product as written: (x + 3)(x - 4) → [x + 3, x - 4]. */
function factorsOf(tree: ExprNode): ExprNode[] {
  return tree.kind === "binary" && tree.operator === "*" ? [...factorsOf(tree.left), ...factorsOf(tree.right)] : [tree];
}

/** f(x) = px + q with whole p ≠ 0 and q, checked by its values at 0, 1 and 2. */
function isLinearWithWholeCoefficients(factor: ExprNode): boolean {
  const [f0, f1, f2] = [0, 1, 2].map((x) => valueAt(factor, { x }));
  const whole = [f0!, f1!, f2!].every((v) => v.den === 1n);
  return whole && f2!.num - 2n * f1!.num + f0!.num === 0n && f1!.num !== f0!.num;
}

checkSkillTemplates("factor-quadratics", [
  {
    template: factorQuadratic,
    minVariants: { 1: 60, 2: 320, 3: 500 },
    oracle(question: Question) {
      const quadratic = latexTree(promptFormula(question, 0));
      const key = question.parts[0]!.key;
      if (key.kind !== "expression") throw new Error("expected an expression key");
      const expected = textTree(key.expected);
      expect(key.form).toBe("factored");
      expect(key.variables).toEqual(["x"]);
      expect(sameOnGrid(quadratic, expected, ["x"]), `seed ${question.seed}: ${key.expected}`).toBe(true);
      const factors = factorsOf(expected);
      expect(factors.length, key.expected).toBe(2);
      expect(factors.every(isLinearWithWholeCoefficients), key.expected).toBe(true);
    },
  },
]);
