import { expect } from "vitest";
import { evaluateExact } from "#core/algebra/test-oracles";
import { rational, type Rational } from "#core/algebra/rational";
import type { Question } from "../question";
import { solveQuadratic } from "./quadratic-equations";
import { checkSkillTemplates } from "./template-checks";
import { latexTree, promptFormula } from "./test-oracles";

/** The left side's value at x, exactly. */
function valueAt(question: Question, x: Rational): Rational {
  const left = latexTree(promptFormula(question, 0).replace(/= 0$/, ""));
  const value = evaluateExact(left, new Map([["x", x]]));
  if (value === null) throw new Error("no value");
  return value;
}

const keyValue = (key: Question["parts"][number]["key"]): Rational => {
  if (key.kind === "fraction") return rational(BigInt(key.numerator), BigInt(key.denominator));
  if (key.kind === "integer") return rational(BigInt(key.value));
  throw new Error(`unexpected key ${key.kind}`);
};

checkSkillTemplates("quadratic-equations", [
  {
    template: solveQuadratic,
    minVariants: { 1: 120, 2: 500, 3: 600 },
    oracle(question: Question) {
      const [first, second] = question.parts.map((part) => keyValue(part.key));
      if (question.prompt.startsWith("How many real solutions")) {
        // a, b, c read back from the values at 0, 1 and −1; the count from the sign of the value at the vertex.
        const [f0, f1, fm1] = [0n, 1n, -1n].map((x) => valueAt(question, rational(x)));
        const c = f0!;
        const a = rational((f1!.num + fm1!.num) / 2n - c.num);
        const b = rational((f1!.num - fm1!.num) / 2n);
        expect(first!.num).toBe(b.num * b.num - 4n * a.num * c.num);
        const vertex = valueAt(question, rational(-b.num, 2n * a.num));
        const sign = vertex.num === 0n ? 0 : vertex.num > 0n === a.num > 0n ? 1 : -1;
        expect(Number(second!.num), question.prompt).toBe(sign === 0 ? 1 : sign < 0 ? 2 : 0);
        return;
      }
      // Both are solutions, different and in order; a quadratic has no third.
      for (const x of [first!, second!])
        expect(valueAt(question, x).num, `${question.prompt} at ${x.num}/${x.den}`).toBe(0n);
      expect(first!.num * second!.den < second!.num * first!.den).toBe(true);
    },
  },
]);
