/** The period of 1/n for n coprime to 10: the order of 10 modulo n. */
import { modPow } from "#core/numtheory/bigint";
import { decimalPeriod } from "#core/numtheory/decimal-period";
import { longDivision } from "#core/numtheory/long-division";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { divisorsOf, factorsOf, gcdOf, primesBetween, smallFactorizer } from "./numbers";
import { capitalize, listFormulas, texExpansion, texFactorization } from "./tex";

/** Repetends longer than this are not written out in the solution. */
const MAX_SHOWN_REPETEND = 30;

/** Parts of composite denominators: primes with short periods, and squares of primes (period k or pk). */
const PRIME_PARTS = [3, 7, 11, 13, 37, 41, 73, 101];
const SQUARE_PARTS = [9, 49, 121];

export const periodOf = (n: number): number => Number(decimalPeriod(BigInt(n), factorsOf(n), smallFactorizer).period);

function denominatorFor(random: Random, difficulty: Difficulty): number {
  if (difficulty === 1) return random.pick(primesBetween(7, 47));
  if (difficulty === 2) return random.pick(primesBetween(53, 199));
  return retry(() => {
    const [x, y] = [random.pick([...PRIME_PARTS, ...SQUARE_PARTS]), random.pick(PRIME_PARTS)];
    const n = x * y;
    return gcdOf(x, y) === 1 && n <= 1000 && periodOf(n) >= 3 ? n : undefined;
  });
}

/** "10^1 ≡ 10, 10^2 ≡ 9, …" for the given exponents. */
const powersOfTen = (exponents: readonly number[], n: number) =>
  exponents.map((k) => `10^{${k}} \\equiv ${modPow(10n, BigInt(k), BigInt(n))}`);

/** How the period of 1/q is found for one part q: listing the powers of 10, or the rule for p². */
function partPeriodText(q: number): string {
  const period = periodOf(q);
  const factors = factorsOf(q);
  if (factors.length === 1 && factors[0]!.exponent === 2) {
    const p = Number(factors[0]!.value);
    const k = periodOf(p);
    const back = modPow(10n, BigInt(k), BigInt(q));
    const verdict = back === 1n ? "" : " \\not\\equiv 1";
    return `the period of $\\frac{1}{${q}}$ is either $${k}$ (the period of $\\frac{1}{${p}}$) or $${p} \\cdot ${k} = ${p * k}$; since $10^{${k}} \\equiv ${back}${verdict} \\pmod{${q}}$, it is $${period}$`;
  }
  const exponents = Array.from({ length: period }, (_, i) => i + 1);
  return `modulo $${q}$, ${listFormulas(powersOfTen(exponents, q))}, so the period of $\\frac{1}{${q}}$ is $${period}$`;
}

export const periodOfFraction = defineTemplate({
  id: "period-of-fraction",
  skillId: "decimal-period",
  title: "The period of the decimal expansion of a/n, n coprime to 10",
  build(random, difficulty) {
    const n = denominatorFor(random, difficulty);
    // 1/n at difficulty 1; from 2 on any a coprime to n, which has the same period as 1/n.
    const a =
      difficulty === 1
        ? 1
        : retry(() => {
            const candidate = random.int(1, n - 1);
            return gcdOf(candidate, n) === 1 ? candidate : undefined;
          });
    const fraction = `\\frac{${a}}{${n}}`;
    const reciprocal = `\\frac{1}{${n}}`;
    const period = periodOf(n);
    const division = longDivision(a, n, 10);
    const expansion =
      period <= MAX_SHOWN_REPETEND
        ? ` Indeed, long division gives $${fraction} = ${texExpansion(
            division.integerPart,
            division.steps.map((s) => s.digit),
            division.preperiod,
          )}$.`
        : "";
    const sameAsReciprocal =
      a === 1
        ? ""
        : `Since $\\gcd(${a}, ${n}) = 1$, $${fraction}$ has the same period as $${reciprocal}$: the remainders of its long division are $${a} \\cdot 10^k$ modulo $${n}$, and they come back to $${a}$ exactly when $10^k \\equiv 1 \\pmod{${n}}$. `;
    const definition = `${sameAsReciprocal}Since $${n}$ shares no factor with $10$, the expansion of $${reciprocal}$ is purely periodic, and its period is the order of $10$ modulo $${n}$: the least $k \\ge 1$ with $10^k \\equiv 1 \\pmod{${n}}$.`;
    const firstHint =
      a === 1
        ? `The period of $${reciprocal}$ is the order of $10$ modulo $${n}$: the least $k \\ge 1$ with $10^k \\equiv 1 \\pmod{${n}}$.`
        : `As $\\gcd(${a}, ${n}) = 1$, $${fraction}$ has the same period as $${reciprocal}$: the order of $10$ modulo $${n}$, the least $k \\ge 1$ with $10^k \\equiv 1 \\pmod{${n}}$.`;
    const prompt = `What is the period of the decimal expansion of $${fraction}$, the length of its repeating block?`;
    const parts = [{ prompt: "", key: { kind: "integer" as const, value: `${period}` } }];
    if (difficulty < 3) {
      const candidates = divisorsOf(n - 1);
      const tested = candidates.filter((d) => d <= period);
      const before = tested.slice(0, -1);
      return {
        prompt,
        parts,
        hints: [
          firstHint,
          `By Fermat's little theorem the period divides $${n} - 1 = ${n - 1}$. Test the divisors ${listFormulas(candidates)} in increasing order.`,
          before.length === 0
            ? `Start with $k = ${tested[0]}$.`
            : `Modulo $${n}$: ${listFormulas(powersOfTen(before, n))}; none of these is $1$.`,
        ],
        solution: [
          definition,
          `By Fermat's little theorem $10^{${n - 1}} \\equiv 1 \\pmod{${n}}$, so the period divides $${n - 1}$. Testing the divisors in increasing order: ${listFormulas(powersOfTen(tested, n))}.`,
          `The first divisor that gives $1$ is $${period}$, so the period is $${period}$.${expansion}`,
        ].join("\n\n"),
      };
    }
    const primeParts = factorsOf(n).map(({ value, exponent }) => Number(value) ** exponent);
    const partPeriods = primeParts.map(periodOf);
    const reciprocals = listFormulas(primeParts.map((q) => `\\frac{1}{${q}}`));
    return {
      prompt,
      parts,
      hints: [
        firstHint,
        `$${n} = ${texFactorization(factorsOf(n))}$, and periods of coprime parts combine by the lcm: find the periods of ${reciprocals}.`,
        `The periods of ${reciprocals} are ${listFormulas(partPeriods)}.`,
      ],
      solution: [
        definition,
        `Split $${n} = ${primeParts.join(" \\cdot ")}$ into coprime parts. $10^k \\equiv 1$ modulo $${n}$ exactly when it holds modulo each part, so the period of $${reciprocal}$ is the lcm of the periods of the parts.`,
        primeParts.map((q) => `- ${capitalize(partPeriodText(q))}.`).join("\n"),
        `So the period is $\\operatorname{lcm}(${partPeriods.join(", ")}) = ${period}$.${expansion}`,
      ].join("\n\n"),
    };
  },
});
