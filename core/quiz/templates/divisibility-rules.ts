/** Remainders of a long number from its digits: the digit sum (3, 9), the alternating sum (11), blocks of three (7, 13). */
import { mod } from "#core/numtheory/bigint";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { texInteger } from "./tex";

type Rule = "digit-sum" | "alternating" | "blocks";

const SETTINGS: Readonly<
  Record<Difficulty, { digits: [number, number]; divisors: [number, number]; rule: [Rule, Rule] }>
> = {
  1: { digits: [5, 7], divisors: [3, 9], rule: ["digit-sum", "digit-sum"] },
  2: { digits: [7, 9], divisors: [9, 11], rule: ["digit-sum", "alternating"] },
  3: { digits: [9, 12], divisors: [7, 13], rule: ["blocks", "blocks"] },
};

function numberWith(random: Random, digits: number): string {
  return [random.int(1, 9), ...Array.from({ length: digits - 1 }, () => random.int(0, 9))].join("");
}

/** The digits' sum, or their alternating sum from the last digit, or the alternating sum of blocks of three from the right. */
function ruleSum(text: string, rule: Rule): { terms: bigint[]; sum: bigint } {
  const fromRight = [...text].reverse();
  const terms =
    rule === "blocks"
      ? Array.from({ length: Math.ceil(text.length / 3) }, (_, i) =>
          BigInt(text.slice(Math.max(0, text.length - 3 * i - 3), text.length - 3 * i)),
        )
      : fromRight.map((digit) => BigInt(digit));
  const signed = terms.map((term, i) => (rule === "digit-sum" || i % 2 === 0 ? term : -term));
  return { terms, sum: signed.reduce((total, term) => total + term, 0n) };
}

/** "6 - 5 + 4 - …": the terms from the right, with the signs of the rule. */
function sumTex(terms: readonly bigint[], rule: Rule): string {
  return terms
    .map((term, i) => (i === 0 ? `${term}` : `${rule === "digit-sum" || i % 2 === 0 ? "+" : "-"} ${term}`))
    .join(" ");
}

const RULE_REASON: Readonly<Record<Rule, (d: number) => string>> = {
  "digit-sum": (d) =>
    `Since $10 \\equiv 1 \\pmod{${d}}$, every power of $10$ is $\\equiv 1$, so a number is congruent to the sum of its digits modulo $${d}$.`,
  alternating: (d) =>
    `Since $10 \\equiv -1 \\pmod{${d}}$, the powers of $10$ are alternately $\\equiv 1$ and $\\equiv -1$, so a number is congruent modulo $${d}$ to the alternating sum of its digits, starting with $+$ at the last digit.`,
  blocks: () =>
    `Since $1000 \\equiv -1 \\pmod{1001}$ and $1001 = 7 \\cdot 11 \\cdot 13$, a number is congruent modulo $7$ and modulo $13$ to the alternating sum of its blocks of three digits, starting with $+$ at the last block.`,
};

export const remaindersByDigitRules = defineTemplate({
  id: "divisibility-rules",
  skillId: "divisibility-rules",
  title: "Remainders from the digits: the rules for 3, 9, 11, 7 and 13",
  build(random, difficulty) {
    const { digits, divisors, rule } = SETTINGS[difficulty];
    const text = numberWith(random, random.int(...digits));
    const n = BigInt(text);
    const worked = divisors.map((d, i) => {
      const { terms, sum } = ruleSum(text, rule[i]!);
      return { d, rule: rule[i]!, terms, sum, remainder: mod(sum, BigInt(d)) };
    });
    const uniqueRules = [...new Set(worked.map((step) => step.rule))];
    return {
      prompt: `Without dividing, use the divisibility rules to find the remainders of $N = ${texInteger(n)}$ on division by $${divisors[0]}$ and by $${divisors[1]}$.`,
      parts: worked.map(({ d, remainder }) => ({
        prompt: `$N \\bmod ${d}$`,
        key: { kind: "integer" as const, value: remainder.toString(), modulus: `${d}` },
      })),
      hints: [
        ...uniqueRules.map((r) => RULE_REASON[r](worked.find((step) => step.rule === r)!.d)),
        rule[0] === rule[1]
          ? `For $N$ that sum is $${texInteger(worked[0]!.sum)}$: take its remainders on division by $${divisors[0]}$ and by $${divisors[1]}$.`
          : `For $N$ the digit sum is $${texInteger(worked[0]!.sum)}$ and the alternating sum is $${texInteger(worked[1]!.sum)}$: take their remainders.`,
      ],
      solution: worked
        .map(
          ({ d, rule: r, terms, sum, remainder }) =>
            `${RULE_REASON[r](d)} Here $${sumTex(terms, r)} = ${texInteger(sum)}$, and $${texInteger(sum)} \\equiv ${remainder} \\pmod{${d}}$. So $N \\bmod ${d} = ${remainder}$.`,
        )
        .join("\n\n"),
    };
  },
});
