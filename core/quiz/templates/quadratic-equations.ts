/** ax² + bx + c = 0: by factoring (1), by the formula with rational solutions (2), how many solutions (3). */
import { gcd, isqrt } from "#core/numtheory/bigint";
import { rational, rationalToTex, type Rational } from "#core/algebra/rational";
import type { AnswerKey, Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { nonZeroInt, retry } from "./choose";
import { sumText } from "./polynomials";

interface Quadratic {
  a: number;
  b: number;
  c: number;
}

const equationTex = ({ a, b, c }: Quadratic) =>
  `${sumText([
    [a, "x^2"],
    [b, "x"],
    [c, ""],
  ])} = 0`;

const fractionKey = (x: Rational): AnswerKey => ({
  kind: "fraction",
  numerator: x.num.toString(),
  denominator: x.den.toString(),
});

/** Two different solutions: integers at 1 (a = 1), a fraction among them at 2. */
function factoredFor(random: Random, difficulty: Difficulty) {
  return retry(() => {
    const [p1, p2] = difficulty === 1 ? [1, 1] : [1, random.int(2, 5)];
    const [q1, q2] = [nonZeroInt(random, -9, 9), nonZeroInt(random, -9, 9)];
    // (p1·x − q1)(p2·x − q2): the coefficients have no common factor, so the equation is as simple as it gets.
    const quadratic = { a: p1 * p2, b: -(p1 * q2 + p2 * q1), c: q1 * q2 };
    const roots = [rational(BigInt(q1), BigInt(p1)), rational(BigInt(q2), BigInt(p2))];
    const [small, large] = roots.sort((x, y) => Number(x.num * y.den - y.num * x.den));
    if (small!.num * large!.den === large!.num * small!.den) return undefined;
    if (difficulty === 2 && (roots.every((root) => root.den === 1n) || gcd(BigInt(q2), BigInt(p2)) !== 1n))
      return undefined;
    return { quadratic, small: small!, large: large! };
  });
}

function discriminantCase(random: Random) {
  const wanted = random.int(0, 2);
  return retry(() => {
    const quadratic = { a: nonZeroInt(random, -5, 5), b: random.int(-12, 12), c: nonZeroInt(random, -12, 12) };
    const d = quadratic.b ** 2 - 4 * quadratic.a * quadratic.c;
    const count = d < 0 ? 0 : d === 0 ? 1 : 2;
    return count === wanted ? { quadratic, d, count } : undefined;
  });
}

const tex = (n: number) => (n < 0 ? `(${n})` : `${n}`);

/** The factor x − r with its sign simplified: x - 3, x + 4. */
const factorTex = (r: bigint) => (r < 0n ? `x + ${-r}` : `x - ${r}`);

export const solveQuadratic = defineTemplate({
  id: "solve-quadratic",
  skillId: "quadratic-equations",
  title: "Solve a quadratic equation",
  build(random, difficulty) {
    if (difficulty === 3) {
      const { quadratic, d, count } = discriminantCase(random);
      const { a, b, c } = quadratic;
      const dTex = `D = b^2 - 4ac = ${tex(b)}^2 - 4 \\cdot ${tex(a)} \\cdot ${tex(c)} = ${d}`;
      return {
        prompt: `How many real solutions has $${equationTex(quadratic)}$? Decide with the discriminant, without solving.`,
        parts: [
          { prompt: "The discriminant $D$", key: { kind: "integer", value: `${d}` } },
          { prompt: "The number of real solutions", key: { kind: "integer", value: `${count}` } },
        ],
        hints: [
          `Read off $a = ${a}$, $b = ${b}$ and $c = ${c}$, and compute $D = b^2 - 4ac$.`,
          "There are two real solutions if $D > 0$, one if $D = 0$, and none if $D < 0$.",
        ],
        solution: [
          `Here $a = ${a}$, $b = ${b}$, $c = ${c}$, so $$${dTex}.$$`,
          count === 2
            ? `$D > 0$, so there are two real solutions, $x = \\frac{-b \\pm \\sqrt{D}}{2a}$.`
            : count === 1
              ? `$D = 0$, so there is exactly one solution, $x = -\\frac{b}{2a} = ${rationalToTex(rational(BigInt(-b), BigInt(2 * a)))}$.`
              : `$D < 0$: a square is never negative, so no real number solves the equation.`,
        ].join("\n\n"),
      };
    }
    const { quadratic, small, large } = factoredFor(random, difficulty);
    const { a, b, c } = quadratic;
    const d = b * b - 4 * a * c;
    const root = Number(isqrt(BigInt(d)));
    return {
      prompt: `Solve $${equationTex(quadratic)}$.`,
      parts: [
        { prompt: "The smaller solution", key: fractionKey(small) },
        { prompt: "The larger solution", key: fractionKey(large) },
      ],
      hints:
        difficulty === 1
          ? [
              `Look for two numbers with product $${c}$ and sum $${-b}$.`,
              `They are $${small.num}$ and $${large.num}$, so the equation is $(${factorTex(small.num)})(${factorTex(large.num)}) = 0$.`,
              "A product is zero only if a factor is zero.",
            ]
          : [
              `Use the quadratic formula with $a = ${a}$, $b = ${b}$, $c = ${c}$.`,
              `$D = b^2 - 4ac = ${d} = ${root}^2$.`,
              `The solutions are $x = \\frac{${-b} \\pm ${root}}{${2 * a}}$.`,
            ],
      solution: [
        difficulty === 1
          ? `Two numbers with product $${c}$ and sum $${-b}$ are $${small.num}$ and $${large.num}$, so the equation is $(${factorTex(small.num)})(${factorTex(large.num)}) = 0$, and a product is zero only if a factor is zero.`
          : `With $a = ${a}$, $b = ${b}$, $c = ${c}$ the discriminant is $D = ${tex(b)}^2 - 4 \\cdot ${a} \\cdot ${tex(c)} = ${d} = ${root}^2$, so $$x = \\frac{${-b} \\pm ${root}}{${2 * a}}.$$`,
        `The solutions are $x = ${rationalToTex(small)}$ and $x = ${rationalToTex(large)}$.`,
      ].join("\n\n"),
    };
  },
});
