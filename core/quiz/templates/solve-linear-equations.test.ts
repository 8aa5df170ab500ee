import { expect } from "vitest";
import { rational, subtract, type Rational } from "#core/algebra/rational";
import { evaluateExact } from "#core/algebra/test-oracles";
import type { Question } from "../question";
import { solveLinearEquationTemplate } from "./solve-linear-equations";
import { checkSkillTemplates } from "./template-checks";
import { latexTree, promptFormula } from "./test-oracles";

checkSkillTemplates("solve-linear-equations", [
  {
    template: solveLinearEquationTemplate,
    minVariants: { 1: 800, 2: 900, 3: 900 },
    oracle(question: Question) {
      const sides = promptFormula(question, 0).split("=");
      expect(sides.length).toBe(2);
      const [left, right] = sides.map(latexTree);
      const key = question.parts[0]!.key;
      if (key.kind !== "fraction") throw new Error("expected a fraction key");
      const gap = (x: Rational) => {
        const values = new Map([["x", x]]);
        return subtract(evaluateExact(left!, values)!, evaluateExact(right!, values)!);
      };
      // Left − right is linear in x (its second difference is 0) and not constant, so it has one zero: the key.
      expect(gap(rational(BigInt(key.numerator), BigInt(key.denominator))).num, `seed ${question.seed}`).toBe(0n);
      const [g0, g1, g2] = [0n, 1n, 2n].map((x) => gap(rational(x)));
      expect(subtract(subtract(g2!, g1!), subtract(g1!, g0!)).num, "linear").toBe(0n);
      expect(subtract(g1!, g0!).num, "not constant").not.toBe(0n);
    },
  },
]);
