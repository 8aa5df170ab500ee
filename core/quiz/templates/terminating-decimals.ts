/**
 * Which decimals end, and what comes before the repetition: for a/n in lowest terms with
 * n = 2^α 5^β m and gcd(m, 10) = 1, the pre-period is max(α, β) and the period is that of 1/m.
 */
import { modPow } from "#core/numtheory/bigint";
import { decimalPeriod } from "#core/numtheory/decimal-period";
import { longDivision } from "#core/numtheory/long-division";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { exponentOf, factorsOf, gcdOf, smallFactorizer } from "./numbers";
import { listFormulas, texExpansion, texFactorization, texFraction, texInteger, texPower } from "./tex";

const SKILL = "terminating-decimals";

/** Decimals with more digits than this after the point are not asked for: the tolerance below must separate them. */
const MAX_TERMINATING_DIGITS = 8;
/** How close a typed decimal must be to an exact terminating one: far below a change of 1 in its last digit. */
const TERMINATING_DECIMAL_TOLERANCE = 1e-10;

/** Factors a fraction shows before reducing at difficulty 3: they add false primes to the denominator. */
const DISGUISES = [2, 3, 4, 6, 7, 9, 12, 14, 21];

interface Fraction {
  /** As shown. */
  a: number;
  n: number;
  /** In lowest terms. */
  a1: number;
  n1: number;
}

/** n = 2^α 5^β: how many digits the expansion has, and what makes the denominator a power of 10. */
function powerOfTenForm(n: number) {
  const alpha = exponentOf(n, 2);
  const beta = exponentOf(n, 5);
  const digits = Math.max(alpha, beta);
  const multiplier = 2 ** (digits - alpha) * 5 ** (digits - beta);
  return { alpha, beta, digits, multiplier };
}

const factorizationOf = (n: number) => (n === 1 ? "1" : texFactorization(factorsOf(n)));

function reduceText({ a, n, a1, n1 }: Fraction): string {
  return a === a1
    ? `$${texFraction(a, n)}$ is in lowest terms.`
    : `First reduce: $\\gcd(${a}, ${n}) = ${a / a1}$, so $${texFraction(a, n)} = ${texFraction(a1, n1)}$. Only the reduced denominator counts: a factor that cancels changes nothing in the decimal.`;
}

/** "10^1 ≡ 4, 10^2 ≡ 7, 10^3 ≡ 1 (mod 9)"-style list up to the first 1: the period of 1/m. */
function periodText(m: number, period: number): string {
  const powers = Array.from(
    { length: period },
    (_, i) => `10^{${i + 1}} \\equiv ${modPow(10n, BigInt(i + 1), BigInt(m))}`,
  );
  return `Modulo $${m}$: ${listFormulas(powers)}, so the period of $\\frac{1}{${m}}$, the order of $10$ modulo $${m}$, is $${period}$.`;
}

function expansionOf({ a1, n1 }: Fraction): string {
  const division = longDivision(a1, n1, 10);
  return texExpansion(
    division.integerPart,
    division.steps.map((step) => step.digit),
    division.preperiod,
  );
}

/** Parts coprime to 10 with periods short enough to find by hand (1 makes the expansion terminate). */
const SHORT_PERIOD_PARTS = [1, 3, 7, 9, 11];
const MORE_PERIOD_PARTS = [...SHORT_PERIOD_PARTS, 13, 21, 27, 33, 37, 39, 41, 63, 77, 99];
const PERIOD_PARTS: Readonly<Record<Difficulty, readonly number[]>> = {
  1: SHORT_PERIOD_PARTS,
  2: MORE_PERIOD_PARTS,
  3: MORE_PERIOD_PARTS,
};

function mixedFraction(random: Random, difficulty: Difficulty): Fraction {
  return retry(() => {
    const m = random.pick(PERIOD_PARTS[difficulty]);
    const n1 = 2 ** random.int(0, 4) * 5 ** random.int(0, 3) * m;
    const { digits } = powerOfTenForm(n1);
    const [low, high] = difficulty === 1 ? [4, 100] : [20, 2000];
    if (digits === 0 || n1 < low || n1 > high) return undefined;
    const a1 = random.int(1, n1 - 1);
    if (gcdOf(a1, n1) !== 1) return undefined;
    const k = difficulty === 3 ? random.pick(DISGUISES) : 1;
    return { a: k * a1, n: k * n1, a1, n1 };
  });
}

export const preperiodAndPeriod = defineTemplate({
  id: "preperiod-and-period",
  skillId: SKILL,
  title: "Pre-period and period of a fraction's decimal expansion",
  build(random, difficulty) {
    const fraction = mixedFraction(random, difficulty);
    const { a, n, n1 } = fraction;
    const { preperiod, period: exactPeriod } = decimalPeriod(BigInt(n1), factorsOf(n1), smallFactorizer);
    if (exactPeriod === null) throw new Error(`no period found for 1/${n1}`);
    const period = Number(exactPeriod);
    const { alpha, beta } = powerOfTenForm(n1);
    const m = n1 / (2 ** alpha * 5 ** beta);
    const split = `$${texInteger(n1)} = ${factorizationOf(n1)}$`;
    return {
      prompt: `Consider the decimal expansion of $${texFraction(a, n)}$.`,
      parts: [
        {
          prompt:
            "How many digits come after the point before the repeating block starts (the pre-period)? If the expansion terminates, give its number of digits after the point.",
          key: { kind: "integer", value: `${preperiod}` },
        },
        {
          prompt: "How long is the repeating block (the period)? Give $0$ if the expansion terminates.",
          key: { kind: "integer", value: `${period}` },
        },
      ],
      hints: [
        "Write the fraction in lowest terms first; then only its denominator matters.",
        "Write the denominator as $2^{\\alpha} 5^{\\beta} m$ with $m$ coprime to $10$: the pre-period is $\\max(\\alpha, \\beta)$, and the period is that of $\\frac{1}{m}$ ($0$ when $m = 1$, when the expansion terminates).",
        `${reduceText(fraction)} Then ${split}.`,
      ],
      solution: [
        reduceText(fraction),
        `Factor the denominator: ${split}, so $\\alpha = ${alpha}$, $\\beta = ${beta}$ and the part coprime to $10$ is $m = ${m}$. The pre-period is $\\max(${alpha}, ${beta}) = ${preperiod}$.`,
        m === 1
          ? `As $m = 1$, the denominator has no prime factors other than $2$ and $5$: the expansion terminates after $${preperiod}$ digits, and the period is $0$.`
          : `${periodText(m, period)} That is the period of the expansion.`,
        `Indeed, long division gives $${texFraction(a, n)} = ${expansionOf(fraction)}$.`,
      ].join("\n\n"),
    };
  },
});

function terminatingFraction(random: Random, difficulty: Difficulty): Fraction {
  return retry(() => {
    const n1 = 2 ** random.int(0, 7) * 5 ** random.int(0, 4);
    const { digits } = powerOfTenForm(n1);
    const high = difficulty === 1 ? 100 : 2000;
    if (n1 < 2 || n1 > high || digits > MAX_TERMINATING_DIGITS) return undefined;
    const a1 = difficulty === 2 ? random.int(1, 3 * n1) : random.int(1, n1 - 1);
    if (gcdOf(a1, n1) !== 1) return undefined;
    const k = difficulty === 3 ? random.pick([3, 7, 9, 11, 13, 21]) : 1;
    return { a: k * a1, n: k * n1, a1, n1 };
  });
}

export const terminatingDecimal = defineTemplate({
  id: "terminating-decimal",
  skillId: SKILL,
  title: "Write a fraction with a terminating expansion as a decimal",
  build(random, difficulty) {
    const fraction = terminatingFraction(random, difficulty);
    const { a, n, a1, n1 } = fraction;
    const { alpha, beta, digits, multiplier } = powerOfTenForm(n1);
    const power = 10 ** digits;
    const expansion = expansionOf(fraction);
    const scale = [
      ...(digits - alpha > 0 ? [texPower(2, digits - alpha)] : []),
      ...(digits - beta > 0 ? [texPower(5, digits - beta)] : []),
    ];
    const scaleTex = scale.length === 0 ? "" : `${scale.join(" \\cdot ")} = ${multiplier}`;
    const over = `${texFraction(a1, n1)} = ${multiplier === 1 ? "" : `\\frac{${a1} \\cdot ${multiplier}}{${n1} \\cdot ${multiplier}} = `}${texFraction(a1 * multiplier, power)} = ${expansion}`;
    return {
      prompt: `Write $${texFraction(a, n)}$ as a decimal number, with all its digits.${difficulty < 3 ? " (Its expansion terminates.)" : ""}`,
      parts: [
        {
          prompt: "",
          key: { kind: "decimal", value: Number(expansion), tolerance: TERMINATING_DECIMAL_TOLERANCE },
        },
      ],
      hints: [
        difficulty === 3
          ? "Reduce the fraction to lowest terms first. Then rewrite it with a power of $10$ as the denominator."
          : "Rewrite the fraction with a power of $10$ as its denominator.",
        `${a === a1 ? "" : `${reduceText(fraction)} `}$${texInteger(n1)} = ${factorizationOf(n1)}$, so ${multiplier === 1 ? `the denominator is already $${texInteger(power)}$` : `multiplying by $${scaleTex}$ gives $${texInteger(n1)} \\cdot ${multiplier} = ${texInteger(power)}$`}.`,
        `$${texFraction(a1, n1)} = ${texFraction(a1 * multiplier, power)}$.`,
      ],
      solution: [
        reduceText(fraction),
        `The denominator $${texInteger(n1)} = ${factorizationOf(n1)}$ has no prime factors other than $2$ and $5$, so the expansion terminates, after $\\max(${alpha}, ${beta}) = ${digits}$ digits. ${multiplier === 1 ? `The denominator is already $${texInteger(power)}$:` : `Multiplying numerator and denominator by $${scaleTex}$ turns the denominator into $10^{${digits}}$:`}`,
        `$$${over}.$$`,
      ].join("\n\n"),
    };
  },
});
