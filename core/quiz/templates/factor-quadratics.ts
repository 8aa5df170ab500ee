/** Factoring quadratics into linear factors: two numbers with a given sum and product, or the quadratic formula. */
import { polynomialToTex } from "#core/algebra/polynomial";
import { divide, negate, rational, rationalToTex, type Rational } from "#core/algebra/rational";
import { isqrt } from "#core/numtheory/bigint";
import type { QuestionBody } from "../template";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { nonZeroInt, retry } from "./choose";
import { gcdOf } from "./numbers";
import { expandTwoFactors, sumText, type TermSpec } from "./polynomials";
import { texFactor } from "./tex";

/** The pairs u · v = n with u ≤ v, as "12 = 1 \cdot 12 = 2 \cdot 6 = 3 \cdot 4". */
function factorPairsTex(n: number): string {
  const pairs: string[] = [];
  for (let u = 1; u * u <= n; u += 1) if (n % u === 0) pairs.push(`${u} \\cdot ${n / u}`);
  return `${n} = ${pairs.join(" = ")}`;
}

/** x − root, written as x - 4 or x + \frac{3}{2}. */
function shiftTex(root: Rational): string {
  return root.num < 0n ? `x + ${rationalToTex(negate(root))}` : `x - ${rationalToTex(root)}`;
}

/** (x + r)(x + s): find two numbers with sum p = r + s and product q = rs. */
function monicQuestion(r: number, s: number): QuestionBody {
  const first: TermSpec[] = [
    [1, "x"],
    [r, ""],
  ];
  const second: TermSpec[] = [
    [1, "x"],
    [s, ""],
  ];
  const expansion = expandTwoFactors(first, second);
  const quadratic = polynomialToTex(expansion.result);
  const factored = `(${sumText(first)})(${sumText(second)})`;
  const p = r + s;
  const q = r * s;
  const big = Math.max(Math.abs(r), Math.abs(s));
  const small = Math.min(Math.abs(r), Math.abs(s));
  // Both cases pin the pair down: sizes with a given sum (or difference) and product are unique.
  const signs =
    q > 0
      ? `The product $${q}$ is positive, so the two numbers have the same sign as their sum: both are ${p > 0 ? "positive" : "negative"}, and their sizes add up to $${Math.abs(p)}$.`
      : p === 0
        ? `The product $${q}$ is negative, so one number is positive and the other negative; as their sum is $0$, they have the same size.`
        : `The product $${q}$ is negative, so one number is positive and the other negative. Their sizes differ by $${Math.abs(p)}$, and the larger size takes the sign of the sum.`;
  const found =
    q > 0
      ? `only $${small} + ${big} = ${Math.abs(p)}$ fits`
      : p === 0
        ? `the pair of equal sizes is $${small} \\cdot ${big}$`
        : `only $${small}$ and $${big}$ differ by $${Math.abs(p)}$`;
  return {
    prompt: `Factor $${quadratic}$ into two linear factors with whole-number coefficients.`,
    parts: [{ prompt: "", key: { kind: "expression", expected: factored, variables: ["x"], form: "factored" } }],
    hints: [
      `Find two whole numbers $r$ and $s$ with $r + s = ${p}$ and $rs = ${q}$: then $${quadratic} = (x + r)(x + s)$.`,
      `${signs} List the ways to write $${Math.abs(q)}$ as a product of two whole numbers.`,
      `The two numbers are $${r}$ and $${s}$.`,
    ],
    solution: [
      `Since $(x + r)(x + s) = x^2 + (r + s)x + rs$, we need two numbers with sum $${p}$ and product $${q}$.`,
      `${signs} The ways to write the size of the product as a product are $${factorPairsTex(Math.abs(q))}$, and ${found}. So the numbers are $${r}$ and $${s}$, and`,
      `$$${quadratic} = ${factored}.$$`,
      `Check by expanding: $${factored} = ${expansion.termsTex} = ${quadratic}$.`,
    ].join("\n\n"),
  };
}

/**
 * (ax + b)(x + d) with a ≥ 2 and gcd(a, b) = 1: no whole number can be taken out, so the factors
 * are unique up to sign. Solved as the chapter does: the quadratic formula gives the two
 * solutions x₁, x₂, and then ax² + bx + c = a(x − x₁)(x − x₂).
 */
function nonMonicQuestion(random: Random): QuestionBody {
  const a = random.int(2, 6);
  const b = retry(() => {
    const candidate = nonZeroInt(random, -9, 9);
    return gcdOf(a, Math.abs(candidate)) === 1 ? candidate : undefined;
  });
  const d = nonZeroInt(random, -9, 9);
  const first: TermSpec[] = [
    [a, "x"],
    [b, ""],
  ];
  const second: TermSpec[] = [
    [1, "x"],
    [d, ""],
  ];
  const expansion = expandTwoFactors(first, second);
  const quadratic = polynomialToTex(expansion.result);
  const factored = `(${sumText(first)})(${sumText(second)})`;
  // Coefficients of ax² + Bx + C; the discriminant is (ad − b)², never 0 because a ∤ b.
  const B = a * d + b;
  const C = b * d;
  const discriminant = BigInt(B * B - 4 * a * C);
  const root = isqrt(discriminant);
  if (root * root !== discriminant || root === 0n) throw new Error("the discriminant must be a non-zero square");
  const twoA = rational(BigInt(2 * a));
  const plus = divide(rational(BigInt(-B) + root), twoA);
  const minus = divide(rational(BigInt(-B) - root), twoA);
  // The whole-number solution is −d; the other one, −b/a, is a fraction whose bracket takes the factor a.
  const [whole, fraction] = plus.den === 1n ? [plus, minus] : [minus, plus];
  const discriminantTex = `${texFactor(B)}^2 - 4 \\cdot ${a} \\cdot ${texFactor(C)} = ${discriminant} = ${root}^2`;
  const solutionsTex = `$x = \\frac{${-B} + ${root}}{${2 * a}} = ${rationalToTex(plus)}$ and $x = \\frac{${-B} - ${root}}{${2 * a}} = ${rationalToTex(minus)}$`;
  const intermediate = `${a}(${shiftTex(whole)})\\left(${shiftTex(fraction)}\\right)`;
  const reordered = `(${shiftTex(whole)})(${sumText(first)})`;
  return {
    prompt: `Factor $${quadratic}$ into two linear factors with whole-number coefficients.`,
    parts: [{ prompt: "", key: { kind: "expression", expected: factored, variables: ["x"], form: "factored" } }],
    hints: [
      `Find the two solutions of $${quadratic} = 0$ with the quadratic formula: each solution $x_1$ gives a factor $x - x_1$.`,
      `The discriminant is $D = ${discriminantTex}$.`,
      `The solutions are $${rationalToTex(whole)}$ and $${rationalToTex(fraction)}$, so the quadratic is $${intermediate}$. Move the factor $${a}$ into the bracket with the fraction.`,
    ],
    solution: [
      `Solve $${quadratic} = 0$ with the quadratic formula. Here $a = ${a}$, $b = ${B}$ and $c = ${C}$, so the discriminant is`,
      `$$D = b^2 - 4ac = ${discriminantTex},$$`,
      `and the solutions are ${solutionsTex}.`,
      `A quadratic $ax^2 + bx + c$ with solutions $x_1$ and $x_2$ is $a(x - x_1)(x - x_2)$, because both sides have the same leading coefficient and the same two zeros. So`,
      `$$${quadratic} = ${intermediate} = ${reordered},$$`,
      `where the factor $${a}$ went into the second bracket: $${a}\\left(${shiftTex(fraction)}\\right) = ${sumText(first)}$.`,
      `Check by expanding: $${factored} = ${expansion.termsTex} = ${quadratic}$.`,
    ].join("\n\n"),
  };
}

export const factorQuadratic = defineTemplate({
  id: "factor-quadratic",
  skillId: "factor-quadratics",
  title: "Factor a quadratic into two linear factors",
  build(random, difficulty) {
    if (difficulty === 3) return nonMonicQuestion(random);
    const [r, s] = retry(() => {
      const u = difficulty === 1 ? random.int(1, 9) : nonZeroInt(random, -12, 12);
      const v = difficulty === 1 ? random.int(1, 9) : nonZeroInt(random, -12, 12);
      // Difficulty 2 wants a negative number in play, where the signs need thought.
      if (u === v || (difficulty === 2 && u > 0 && v > 0)) return undefined;
      return [u, v] as const;
    });
    return monicQuestion(r, s);
  },
});
