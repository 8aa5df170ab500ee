/** a·x + b·y = c in integers: x in one class modulo b/g, and the solution with the smallest x ≥ 0. */
import { gcd } from "#core/numtheory/bigint";
import { extendedEuclid, solveLinearDiophantine } from "#core/numtheory/euclid";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { texCongruence, texFactor, texInteger } from "./tex";

/** Coefficient sizes, and whether gcd(a, b) is above 1 (dividing c). */
const SETTINGS: Readonly<Record<Difficulty, { high: number; common: boolean; cHigh: number }>> = {
  1: { high: 20, common: false, cHigh: 60 },
  2: { high: 60, common: true, cHigh: 300 },
  3: { high: 400, common: true, cHigh: 5000 },
};

function equationFor(random: Random, difficulty: Difficulty) {
  const { high, common, cHigh } = SETTINGS[difficulty];
  return retry(() => {
    const a = BigInt(random.int(3, high));
    const b = BigInt(random.int(3, high));
    const g = gcd(a, b);
    if (a === b || a % b === 0n || b % a === 0n || (common ? g === 1n : g !== 1n)) return undefined;
    const c = g * BigInt(random.int(1, Math.floor(cHigh / Number(g))));
    return { a, b, c };
  });
}

export const linearDiophantine = defineTemplate({
  id: "linear-diophantine",
  skillId: "diophantine-equations",
  title: "Every integer solution of a·x + b·y = c",
  build(random, difficulty) {
    const { a, b, c } = equationFor(random, difficulty);
    const solution = solveLinearDiophantine(a, b, c);
    if (solution.kind === "none") throw new Error(`${a}x + ${b}y = ${c} was built to be solvable`);
    const { gcd: g, x0, y0, xStep } = solution;
    const euclid = extendedEuclid(a, b);
    const k = c / g;
    const [x1, y1] = [euclid.x * k, euclid.y * k];
    const equation = `${texInteger(a)}x + ${texInteger(b)}y = ${texInteger(c)}`;
    return {
      prompt: `Find every pair of integers $x, y$ with $${equation}$.`,
      parts: [
        {
          prompt:
            "The values of $x$ form one class: write it as $x \\equiv r \\pmod{n}$ with the smallest such modulus $n$.",
          key: { kind: "congruence", residue: x0.toString(), modulus: xStep.toString(), variable: "x" },
        },
        {
          prompt: "What is $y$ in the solution with the smallest $x \\ge 0$?",
          key: { kind: "integer", value: y0.toString() },
        },
      ],
      hints: [
        `First find $g = \\gcd(${texInteger(a)}, ${texInteger(b)})$; solutions exist because $g$ divides $${texInteger(c)}$.`,
        `Bézout's identity from the extended Euclidean algorithm: $${texInteger(a)} \\cdot ${texFactor(euclid.x)} + ${texInteger(b)} \\cdot ${texFactor(euclid.y)} = ${texInteger(g)}$. Multiply it by $${texInteger(k)}$.`,
        `From one solution $(x_0, y_0)$, all are $x = x_0 + \\frac{b}{g} t$, $y = y_0 - \\frac{a}{g} t$.`,
      ],
      solution: [
        `Here $\\gcd(${texInteger(a)}, ${texInteger(b)}) = ${texInteger(g)}$, which divides $${texInteger(c)} = ${texInteger(k)} \\cdot ${texInteger(g)}$. The extended Euclidean algorithm gives $${texInteger(a)} \\cdot ${texFactor(euclid.x)} + ${texInteger(b)} \\cdot ${texFactor(euclid.y)} = ${texInteger(g)}$; multiplied by $${texInteger(k)}$:`,
        `$$${texInteger(a)} \\cdot ${texFactor(x1)} + ${texInteger(b)} \\cdot ${texFactor(y1)} = ${texInteger(c)}.$$`,
        `All solutions are $x = ${texInteger(x1)} + ${texInteger(xStep)}t$, $y = ${texInteger(y1)} - ${texInteger(a / g)}t$ for integers $t$ (the steps are $b/g = ${texInteger(xStep)}$ and $a/g = ${texInteger(a / g)}$). So $${texCongruence("x", texInteger(x0), xStep)}$, and the solution with the smallest $x \\ge 0$ is $x = ${texInteger(x0)}$, $y = ${texInteger(y0)}$.`,
        `Check: $${texInteger(a)} \\cdot ${texFactor(x0)} + ${texInteger(b)} \\cdot ${texFactor(y0)} = ${texInteger(a * x0)} ${b * y0 < 0n ? "-" : "+"} ${texInteger(b * y0 < 0n ? -b * y0 : b * y0)} = ${texInteger(c)}$.`,
      ].join("\n\n"),
    };
  },
});
