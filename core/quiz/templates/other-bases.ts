/** 1/n in base b: the primes n shares with b make the pre-period, the rest m gives the period ord_m(b). */
import { longDivision } from "#core/numtheory/long-division";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { exponentOf, factorsOf } from "./numbers";
import { texFactorization, texInteger } from "./tex";

const SETTINGS: Readonly<Record<Difficulty, { bases: readonly number[]; high: number }>> = {
  1: { bases: [2], high: 40 },
  2: { bases: [2, 3, 4, 5, 6, 7, 8, 9, 12, 16], high: 60 },
  3: { bases: [2, 3, 4, 5, 6, 7, 8, 9, 11, 12, 14, 15, 16], high: 200 },
};

/** Powers of the base listed in the solution up to this period; beyond it the order is stated. */
const LISTED_POWERS = 12;

function fractionFor(random: Random, difficulty: Difficulty) {
  const { bases, high } = SETTINGS[difficulty];
  return retry(() => {
    const b = random.pick(bases);
    const n = random.int(3, high);
    if (n === b) return undefined;
    const division = longDivision(1, n, b);
    // Something to find: a repetition at least, and at difficulty 3 a pre-period in front of it.
    if (division.period === 0 || (difficulty === 3 && division.preperiod === 0)) return undefined;
    return { b, n, division };
  });
}

export const expansionInBase = defineTemplate({
  id: "expansion-in-base",
  skillId: "other-bases",
  title: "The pre-period and period of 1/n in another base",
  build(random, difficulty) {
    const { b, n, division } = fractionFor(random, difficulty);
    const { preperiod, period } = division;
    const shared = factorsOf(n).filter(({ value }) => b % Number(value) === 0);
    const m = shared.reduce((rest, { value, exponent }) => rest / Number(value) ** exponent, n);
    const needs = shared.map(({ value, exponent }) => {
      const inBase = exponentOf(b, Number(value));
      return { p: Number(value), e: exponent, f: inBase, digits: Math.ceil(exponent / inBase) };
    });
    const powers: number[] = [];
    for (let k = 1, power = b % m; k <= Math.min(period, LISTED_POWERS); k += 1, power = (power * b) % m)
      powers.push(power);
    const prePeriodText =
      needs.length === 0
        ? `$${n}$ shares no prime with $${b}$, so there is no pre-period.`
        : `${needs
            .map(
              ({ p, e, f, digits }) =>
                `the prime $${p}$ divides $${n}$ exactly $${e}$ ${e === 1 ? "time" : "times"} and $${b}$ exactly $${f}$ ${f === 1 ? "time" : "times"}, so it needs $\\lceil ${e}/${f} \\rceil = ${digits}$ ${digits === 1 ? "digit" : "digits"}`,
            )
            .join("; ")}. The pre-period is the largest of these: $${preperiod}$.`;
    const periodText =
      period <= LISTED_POWERS
        ? `The powers of $${b}$ modulo $${m}$ are ${powers.map((value) => `$${value}$`).join(", ")}: the first $1$ comes at $k = ${period}$, so the period is $\\operatorname{ord}_{${m}}(${b}) = ${period}$.`
        : `The order of $${b}$ modulo $${m}$ is $${period}$: $${b}^{${period}} \\equiv 1 \\pmod{${m}}$, and no smaller positive power is (it suffices to try the divisors of $\\varphi(${m})$). So the period is $${period}$.`;
    return {
      prompt: `Write $1/${n}$ in base $${b}$. How many digits come before the repetition (the pre-period), and how long is the repeating block (the period)?`,
      parts: [
        { prompt: "The pre-period", key: { kind: "integer", value: `${preperiod}` } },
        { prompt: "The period", key: { kind: "integer", value: `${period}` } },
      ],
      hints: [
        `Factor $${n} = ${texFactorization(factorsOf(n))}$ and $${b} = ${texFactorization(factorsOf(b))}$. The primes of $${n}$ that divide $${b}$ make the pre-period; the rest of $${n}$ gives the period.`,
        `A prime $p$ that divides $n$ exactly $e$ times and $b$ exactly $f$ times needs $\\lceil e/f \\rceil$ digits before the repetition.`,
        `Here the rest of $${n}$ is $m = ${m}$: the period is the order of $${b}$ modulo $${m}$, the least $k \\ge 1$ with $${b}^k \\equiv 1 \\pmod{${m}}$.`,
      ],
      solution: [
        `Long division in base $${b}$ multiplies each remainder by $${b}$. ${prePeriodText.charAt(0).toUpperCase()}${prePeriodText.slice(1)}`,
        `What is left of $${n}$ after those primes is $m = ${texInteger(m)}$, which shares nothing with $${b}$. ${periodText}`,
      ].join("\n\n"),
    };
  },
});
