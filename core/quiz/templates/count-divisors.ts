/** The number and the sum of the divisors, read off the exponents of the prime factorization. */
import { divisorCount, divisorSum } from "#core/numtheory/arithmetic-functions";
import type { Difficulty } from "../question";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { factorsOf } from "./numbers";
import { texFactorization, texInteger } from "./tex";

const RANGES: Readonly<Record<Difficulty, { low: number; high: number; distinctPrimes: readonly number[] }>> = {
  1: { low: 12, high: 200, distinctPrimes: [2] },
  2: { low: 200, high: 3000, distinctPrimes: [2, 3] },
  3: { low: 2000, high: 50_000, distinctPrimes: [3, 4] },
};

export const divisorCountAndSum = defineTemplate({
  id: "divisor-count-and-sum",
  skillId: "count-divisors",
  title: "Count the divisors of a number and add them up",
  build(random, difficulty) {
    const { low, high, distinctPrimes } = RANGES[difficulty];
    // A repeated prime makes the "+1" in (a + 1) matter; a product of distinct primes would hide it.
    const n = retry(() => {
      const candidate = random.int(low, high);
      const factors = factorsOf(candidate);
      return distinctPrimes.includes(factors.length) && factors.some(({ exponent }) => exponent >= 2)
        ? candidate
        : undefined;
    });
    const factors = factorsOf(n);
    const tau = divisorCount(factors);
    const sigma = divisorSum(factors);
    const factorizationTex = texFactorization(factors);
    const tauProduct = factors.map(({ exponent }) => `(${exponent} + 1)`).join("");
    const sumsOfPowers = factors.map(({ value, exponent }) => {
      const powers = Array.from({ length: exponent + 1 }, (_, k) => value ** BigInt(k));
      return { tex: `(${powers.map(texInteger).join(" + ")})`, value: powers.reduce((x, y) => x + y, 0n) };
    });
    const sigmaProduct = sumsOfPowers.map(({ tex }) => tex).join("");
    const exponentProduct = factors.map(({ exponent }) => exponent).join(" \\cdot ");
    const exponentValue = factors.reduce((product, { exponent }) => product * exponent, 1);
    const divisorShape = factors.map(({ value }, i) => `${value}^{b_${i + 1}}`).join(" ");
    const ranges = factors.map(({ exponent }, i) => `$0 \\le b_${i + 1} \\le ${exponent}$`).join(", ");
    return {
      prompt: `Let $n = ${texInteger(n)}$.`,
      parts: [
        { prompt: "How many positive divisors does $n$ have?", key: { kind: "integer", value: tau.toString() } },
        {
          prompt: "What is the sum of all positive divisors of $n$, including $1$ and $n$ itself?",
          key: { kind: "integer", value: sigma.toString() },
        },
      ],
      hints: [
        "Start from the prime factorization of $n$: every divisor is made of the same primes, each with an exponent at most its exponent in $n$.",
        "For $n = p_1^{a_1} \\cdots p_k^{a_k}$, the number of divisors is $\\tau(n) = (a_1 + 1) \\cdots (a_k + 1)$ and their sum is $\\sigma(n) = (1 + p_1 + \\dots + p_1^{a_1}) \\cdots (1 + p_k + \\dots + p_k^{a_k})$.",
        `$${texInteger(n)} = ${factorizationTex}$, so $\\tau(n) = ${tauProduct}$ and $\\sigma(n) = ${sigmaProduct}$.`,
      ],
      solution: [
        `First factor: $${texInteger(n)} = ${factorizationTex}$.`,
        `Every divisor is $${divisorShape}$ with ${ranges}, and each choice of the exponents gives a different divisor. Counting the choices,`,
        `$$\\tau(${texInteger(n)}) = ${tauProduct} = ${tau}.$$`,
        `Expanding the product $${sigmaProduct}$ gives one term for each choice of exponents, that is one term for each divisor, so`,
        `$$\\sigma(${texInteger(n)}) = ${sigmaProduct} = ${sumsOfPowers.map(({ value }) => texInteger(value)).join(" \\cdot ")} = ${texInteger(sigma)}.$$`,
        `A common slip is to multiply the exponents themselves, $${exponentProduct} = ${exponentValue}$ instead of $${tau}$: the $+1$ counts the choice of leaving a prime out.`,
      ].join("\n\n"),
    };
  },
});
