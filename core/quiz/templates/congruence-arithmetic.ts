/** Remainders of big sums, differences, products and powers, found by reducing every number first. */
import { mod } from "#core/numtheory/bigint";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { listFormulas, texDivision, texFactor, texInteger, texPower } from "./tex";

/** a·b ± c^k (the power left out at difficulty 1). */
interface Expression {
  a: bigint;
  b: bigint;
  power?: { sign: 1n | -1n; c: bigint; k: number };
}

function expressionFor(random: Random, difficulty: Difficulty): { expression: Expression; m: bigint } {
  return retry(() => {
    const m = BigInt(random.int(difficulty === 1 ? 3 : 6, 13));
    const a = BigInt(random.int(100, difficulty === 3 ? 999 : 9999));
    const b = BigInt(random.int(100, difficulty === 3 ? 999 : 9999));
    const expression: Expression =
      difficulty === 1
        ? { a, b }
        : difficulty === 2
          ? { a, b, power: { sign: 1n, c: BigInt(random.int(20, 999)), k: random.int(2, 3) } }
          : { a, b, power: { sign: -1n, c: BigInt(random.int(11, 60)), k: random.int(3, 5) } };
    // Every number should need reducing: a multiple of m would turn its whole term into 0.
    const bases = [a, b, ...(expression.power ? [expression.power.c] : [])];
    return bases.every((n) => n % m !== 0n) && new Set(bases).size === bases.length ? { expression, m } : undefined;
  });
}

function written({ a, b, power }: Expression, show: (n: bigint) => string): string {
  const product = `${show(a)} \\cdot ${show(b)}`;
  if (!power) return product;
  return `${product} ${power.sign === 1n ? "+" : "-"} ${texPower(show(power.c), power.k)}`;
}

function valueOf({ a, b, power }: Expression): bigint {
  return a * b + (power ? power.sign * power.c ** BigInt(power.k) : 0n);
}

export const remainderOfExpression = defineTemplate({
  id: "remainder-of-expression",
  skillId: "congruence-arithmetic",
  title: "Remainder of a big expression by reducing first",
  build(random, difficulty) {
    const { expression, m } = expressionFor(random, difficulty);
    const reduce = (n: bigint) => mod(n, m);
    const reduced: Expression = {
      a: reduce(expression.a),
      b: reduce(expression.b),
      power: expression.power && { ...expression.power, c: reduce(expression.power.c) },
    };
    const reducedValue = valueOf(reduced);
    const remainder = mod(reducedValue, m);
    const full = valueOf(expression);
    const bases = [expression.a, expression.b, ...(expression.power ? [expression.power.c] : [])];
    const originalTex = written(expression, texInteger);
    const reducedTex = written(reduced, texFactor);
    const congruences = bases.map((n) => `${texInteger(n)} \\equiv ${reduce(n)}`);
    const reductions = bases.map((n) => `$${texDivision(n, m)}$, so $${texInteger(n)} \\equiv ${reduce(n)}$`);
    const finalStep =
      reducedValue >= 0n && reducedValue < m
        ? `so the remainder is $${remainder}$.`
        : `and $${texDivision(reducedValue, m)}$, so the remainder is $${remainder}$${reducedValue < 0n ? ` (a remainder lies between $0$ and $${m - 1n}$, never below $0$)` : ""}.`;
    return {
      prompt: `What is the remainder of $${originalTex}$ on division by $${m}$? Try to find it without working out the large number.`,
      parts: [{ prompt: "", key: { kind: "integer", value: remainder.toString(), modulus: m.toString() } }],
      hints: [
        `Replace each number by its remainder modulo $${m}$ first: congruent numbers give congruent sums, differences, products and powers.`,
        `Modulo $${m}$: ${listFormulas(congruences)}.`,
        `So the expression is congruent to $${reducedTex} = ${texInteger(reducedValue)}$ modulo $${m}$.${reducedValue < 0n ? " Remember that a remainder is never negative." : ""}`,
      ],
      solution: [
        `Reduce each number modulo $${m}$: ${reductions.join("; ")}.`,
        `Since congruent numbers may replace each other in sums, differences, products and powers,`,
        `$$${originalTex} \\equiv ${reducedTex} = ${texInteger(reducedValue)} \\pmod{${m}},$$`,
        finalStep,
        `Check with the large number itself: $${originalTex} = ${texDivision(full, m)}$.`,
      ].join("\n\n"),
    };
  },
});
