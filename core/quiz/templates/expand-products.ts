/** Expanding products of brackets: the distributive law, and the three binomial formulas. */
import { polynomialToTex, polynomialToText, type Polynomial } from "#core/algebra/polynomial";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { choiceKey, nonZeroInt, pickDistinct } from "./choose";
import {
  expandTwoFactors,
  polynomialOf,
  sumText,
  termFactorTex,
  termText,
  valueAt,
  type TermSpec,
} from "./polynomials";
import { listFormulas, texFactor } from "./tex";

const SKILL = "expand-products";

function bracketsFor(random: Random, difficulty: Difficulty): { first: TermSpec[]; second: TermSpec[] } {
  if (difficulty === 1) {
    return {
      first: [
        [1, "x"],
        [nonZeroInt(random, -9, 9), ""],
      ],
      second: [
        [1, "x"],
        [nonZeroInt(random, -9, 9), ""],
      ],
    };
  }
  if (difficulty === 2) {
    return {
      first: [
        [random.int(2, 6), "x"],
        [nonZeroInt(random, -9, 9), ""],
      ],
      second: [
        [random.int(1, 5), "x"],
        [nonZeroInt(random, -9, 9), ""],
      ],
    };
  }
  if (random.next() < 0.5) {
    return {
      first: [
        [random.int(1, 5), "x"],
        [nonZeroInt(random, -7, 7), "y"],
      ],
      second: [
        [random.int(1, 5), "x"],
        [nonZeroInt(random, -7, 7), "y"],
      ],
    };
  }
  return {
    first: [
      [random.int(1, 4), "x"],
      [nonZeroInt(random, -6, 6), ""],
    ],
    second: [
      [random.int(1, 3), "x^2"],
      [nonZeroInt(random, -6, 6), "x"],
      [nonZeroInt(random, -9, 9), ""],
    ],
  };
}

/** Small values of the letters at which no bracket is 0, so the check multiplies real numbers. */
const CHECK_POINTS: readonly Readonly<Record<string, number>>[] = [
  { x: 2, y: 1 },
  { x: 3, y: 1 },
  { x: 1, y: 2 },
  { x: 3, y: 2 },
  { x: 2, y: 3 },
  { x: 4, y: 1 },
  { x: 5, y: 2 },
];

function checkPoint(brackets: readonly Polynomial[], variables: readonly string[]) {
  const point = CHECK_POINTS.find((values) => brackets.every((p) => valueAt(p, values).num !== 0n));
  if (point === undefined) throw new Error("no check point avoids the zeros of the brackets");
  return Object.fromEntries(variables.map((name) => [name, point[name]!]));
}

export const expandProduct = defineTemplate({
  id: "expand-product",
  skillId: SKILL,
  title: "Expand a product of two brackets",
  build(random, difficulty) {
    const { first, second } = bracketsFor(random, difficulty);
    const variables = second.some(([, monomial]) => monomial.includes("y")) ? ["x", "y"] : ["x"];
    const product = `(${sumText(first)})(${sumText(second)})`;
    const expansion = expandTwoFactors(first, second);
    const resultTex = polynomialToTex(expansion.result);
    const collected = expansion.termsTex !== resultTex;

    const brackets = [polynomialOf(sumText(first)), polynomialOf(sumText(second))];
    const point = checkPoint(brackets, variables);
    const pointTex = variables.map((name) => `$${name} = ${point[name]}$`).join(" and ");
    const bracketValues = brackets.map((p) => valueAt(p, point).num);
    const productValue = bracketValues.reduce((x, y) => x * y, 1n);
    const letters = variables.length === 1 ? "$x$" : "$x$ and $y$";

    const productList = listFormulas(
      first.flatMap((s) => second.map((t) => `${termFactorTex(s)} \\cdot ${termFactorTex(t)}`)),
    );
    const resultList = listFormulas(expansion.products.map(polynomialToTex));
    return {
      prompt: `Expand $${product}$ and collect like terms.`,
      parts: [
        {
          prompt: "",
          key: { kind: "expression", expected: polynomialToText(expansion.result), variables, form: "expanded" },
        },
      ],
      hints: [
        "Multiply every term of the first bracket by every term of the second bracket, then collect like terms.",
        `There are ${expansion.products.length} products: ${productList}.`,
        `The products are ${resultList}. Now add up the like terms.`,
      ],
      solution: [
        "Multiply every term of the first bracket by every term of the second (the distributive law, used twice):",
        `$$${product} = ${expansion.productsTex} = ${expansion.termsTex}.$$`,
        collected
          ? `Collecting the like terms gives\n$$${expansion.termsTex} = ${resultTex}.$$`
          : `There are no like terms to collect, so the expansion is $${resultTex}$.`,
        `Check with ${pointTex}: the product is $${bracketValues.map(texFactor).join(" \\cdot ")} = ${productValue}$, ` +
          `and the expanded form is also worth $${valueAt(expansion.result, point).num}$. ` +
          `(One check cannot prove an identity, but it catches most slips; the expansion itself ` +
          `holds for all values of ${letters}.)`,
      ].join("\n\n"),
    };
  },
});

type Shape = "square-of-sum" | "square-of-difference" | "conjugates";

const FORMULAS: Readonly<Record<Shape, string>> = {
  "square-of-sum": "(a + b)^2 = a^2 + 2ab + b^2",
  "square-of-difference": "(a - b)^2 = a^2 - 2ab + b^2",
  conjugates: "(a + b)(a - b) = a^2 - b^2",
};

/** A wrong expansion and the mistake that produces it. */
interface Mistake {
  terms: TermSpec[];
  why: string;
}

/** Monomials of a² , ab and b² when a = coefficient·x and b = number or number·y. */
function monomials(second: string) {
  return { aa: "x^2", ab: second === "" ? "x" : "xy", bb: second === "" ? "" : `${second}^2` };
}

export const squareOfBinomial = defineTemplate({
  id: "binomial-formula-choice",
  skillId: SKILL,
  title: "Pick the expansion given by a binomial formula",
  build(random, difficulty) {
    let shape: Shape = random.pick(["square-of-sum", "square-of-difference"] as const);
    let a = 1;
    let b = random.int(2, 9);
    let letterB = "";
    if (difficulty === 2) {
      a = random.int(2, 6);
      b = random.int(1, 9);
    } else if (difficulty === 3) {
      if (random.next() < 0.5) {
        a = random.int(1, 5);
        b = random.int(2, 6);
        letterB = "y";
      } else {
        shape = "conjugates";
        a = random.int(2, 7);
        b = random.int(2, 9);
      }
    }
    const s = shape === "square-of-difference" ? -1 : 1;
    const { aa, ab, bb } = monomials(letterB);
    const aTerm: TermSpec = [a, "x"];
    const bTerm: TermSpec = [b, letterB];
    const aTex = termText(aTerm);
    const bTex = termText(bTerm);
    const formulaText =
      shape === "conjugates"
        ? `(${sumText([aTerm, bTerm])})(${sumText([aTerm, [-b, letterB]])})`
        : `(${sumText([aTerm, [s * b, letterB]])})^2`;
    const correct = polynomialOf(formulaText);
    const middleTex = termText([2 * s * a * b, ab]);
    const worked = (text: string) => polynomialToTex(polynomialOf(text));
    const aSquared = worked(`(${aTex})^2`);
    const bSquared = worked(`(${bTex})^2`);
    // How a² and b² are written before working them out: x^2 and 5^2, but (3x)^2 and (2y)^2.
    const aSquaredTex = a === 1 ? `${aTex}^2` : `(${aTex})^2`;
    const bSquaredTex = letterB === "" ? `${bTex}^2` : `(${bTex})^2`;

    const mistakes: Mistake[] =
      shape === "conjugates"
        ? [
            {
              terms: [
                [a * a, aa],
                [b * b, bb],
              ],
              why: `has the wrong sign: the last term is $-b^2 = -${bSquared}$`,
            },
            {
              terms: [
                [a * a, aa],
                [-2 * a * b, ab],
                [b * b, bb],
              ],
              why: "is $(a - b)^2$, not $(a + b)(a - b)$",
            },
            {
              terms: [
                [a * a, aa],
                [-2 * a * b, ab],
                [-b * b, bb],
              ],
              why: "keeps a middle term, but the two middle products $-ab$ and $+ba$ cancel",
            },
            {
              terms: [
                [a, aa],
                [-b * b, bb],
              ],
              why: `squares $x$ but not its coefficient: $(${aTex})^2 = ${aSquared}$`,
            },
            {
              terms: [
                [a * a, aa],
                [-b, bb],
              ],
              why: `forgets to square $${b}$`,
            },
          ]
        : [
            {
              terms: [
                [a * a, aa],
                [b * b, bb],
              ],
              why: `leaves out the middle term $${middleTex}$`,
            },
            ...(s === -1
              ? [
                  {
                    terms: [
                      [a * a, aa],
                      [-b * b, bb],
                    ] as TermSpec[],
                    why: "confuses $(a - b)^2$ with $(a + b)(a - b) = a^2 - b^2$",
                  },
                ]
              : []),
            {
              terms: [
                [a * a, aa],
                [-2 * s * a * b, ab],
                [b * b, bb],
              ],
              why: `has the wrong sign in the middle: it should be $${middleTex.startsWith("-") ? middleTex : `+${middleTex}`}$`,
            },
            {
              terms: [
                [a * a, aa],
                [s * a * b, ab],
                [b * b, bb],
              ],
              why: "forgets the factor 2 in $2ab$: the two products $ab$ and $ba$ are equal and both occur",
            },
            {
              terms: [
                [a, aa],
                [2 * s * a * b, ab],
                [b * b, bb],
              ],
              why: `squares $x$ but not its coefficient: $(${aTex})^2 = ${aSquared}$`,
            },
            {
              terms: [
                [a * a, aa],
                [2 * s * a * b, ab],
                [b, bb],
              ],
              why: `forgets to square $${b}$`,
            },
          ];

    const seen = new Set([polynomialToText(correct)]);
    const distinct = mistakes.filter(({ terms }) => {
      const text = polynomialToText(polynomialOf(sumText(terms)));
      if (seen.has(text)) return false;
      seen.add(text);
      return true;
    });
    const chosen = pickDistinct(random, distinct, 3);
    const optionTex = (p: Polynomial) => `$${polynomialToTex(p)}$`;
    const key = choiceKey(
      random,
      [
        { text: optionTex(correct), correct: true },
        ...chosen.map(({ terms }) => ({ text: optionTex(polynomialOf(sumText(terms))), correct: false })),
      ],
      { multiple: false, order: "shuffle" },
    );

    const letters = letterB === "" ? "$x$" : "$x$ and $y$";
    const pieces =
      shape === "conjugates"
        ? `$a^2 = ${aSquared}$ and $b^2 = ${bSquared}$`
        : `$a^2 = ${aSquared}$, $2ab = ${worked(`2(${aTex})(${bTex})`)}$ and $b^2 = ${bSquared}$`;
    const written =
      shape === "conjugates"
        ? `${aSquaredTex} - ${bSquaredTex}`
        : `${aSquaredTex} ${s === 1 ? "+" : "-"} 2 \\cdot ${aTex} \\cdot ${bTex} + ${bSquaredTex}`;
    return {
      prompt: `Which expression is equal to $${formulaText}$ for all values of ${letters}?`,
      parts: [{ prompt: "", key }],
      hints: [
        `Use the binomial formula $${FORMULAS[shape]}$.`,
        `Here $a = ${aTex}$ and $b = ${bTex}$. Work out ${shape === "conjugates" ? "$a^2$ and $b^2$" : "$a^2$, $2ab$ and $b^2$"}.`,
        `${pieces}.`,
      ],
      solution: [
        `This is the binomial formula $${FORMULAS[shape]}$ with $a = ${aTex}$ and $b = ${bTex}$:`,
        `$$${formulaText} = ${written} = ${polynomialToTex(correct)}.$$`,
        "The other options are wrong:",
        chosen.map(({ terms, why }) => `- ${optionTex(polynomialOf(sumText(terms)))} ${why}.`).join("\n"),
      ].join("\n\n"),
    };
  },
});
