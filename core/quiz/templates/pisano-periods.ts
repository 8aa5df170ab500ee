/** Fibonacci numbers modulo m: the Pisano period, and remainders of F_N for huge N. */
import { pisanoCycle, pisanoPeriod } from "#core/numtheory/pisano";
import { fibonacci } from "#core/numtheory/special-sequences";
import type { Difficulty } from "../question";
import { defineTemplate } from "../template";
import { candidatesBy } from "./choose";
import { factorsOf } from "./numbers";
import { listFormulas, texDivision, texInteger } from "./tex";

/** Periods longer than this make the list of remainders too long to write out by hand. */
const MAX_LISTED_PERIOD = 60;

const SETTINGS: Readonly<
  Record<Difficulty, { low: number; high: number; severalPrimes: boolean; exponent: { low: number; high: number } }>
> = {
  1: { low: 3, high: 8, severalPrimes: false, exponent: { low: 50, high: 500 } },
  2: { low: 9, high: 40, severalPrimes: false, exponent: { low: 1000, high: 1_000_000 } },
  // Moduli with two or more primes, where π(lcm(a, b)) = lcm(π(a), π(b)) does the work.
  3: { low: 10, high: 99, severalPrimes: true, exponent: { low: 1_000_000, high: 1_000_000_000 } },
};

const moduliFor = candidatesBy((difficulty: Difficulty) => {
  const { low, high, severalPrimes } = SETTINGS[difficulty];
  return Array.from({ length: high - low + 1 }, (_, i) => low + i).filter(
    (m) => pisanoPeriod(m) <= MAX_LISTED_PERIOD && (!severalPrimes || factorsOf(m).length >= 2),
  );
});

export const fibonacciRemainder = defineTemplate({
  id: "fibonacci-remainder",
  skillId: "pisano-periods",
  title: "Pisano period and the remainder of a huge Fibonacci number",
  build(random, difficulty) {
    const { exponent } = SETTINGS[difficulty];
    const m = random.pick(moduliFor(difficulty));
    const cycle = pisanoCycle(m);
    const period = cycle.length;
    // N ≡ 0 or 1 (mod π) would give F_0 or F_1 at once; keep the lookup in the list honest.
    let n = random.int(exponent.low, exponent.high);
    if (n % period < 2) n += 2;
    const r = n % period;
    const answer = cycle[r]!;
    const parts = factorsOf(m).map(({ value, exponent: e }) => Number(value) ** e);
    const partPeriods = parts.map(pisanoPeriod);
    const listTex = `${cycle.join(", ")}, \\; 0, 1, \\dots`;
    const lcmTex = `\\operatorname{lcm}(${partPeriods.join(", ")})`;
    const periodReason =
      difficulty === 3
        ? `Split $${m} = ${parts.join(" \\cdot ")}$ into coprime prime powers. Writing out the remainders for each part gives ${listFormulas(parts.map((p, i) => `\\pi(${p}) = ${partPeriods[i]}`))}, and since $\\pi(\\operatorname{lcm}(a, b)) = \\operatorname{lcm}(\\pi(a), \\pi(b))$, $\\pi(${m}) = ${lcmTex} = ${period}$. Indeed, modulo $${m}$ the remainders are`
        : `Write the Fibonacci numbers modulo $${m}$, each the sum of the two before it, reduced modulo $${m}$:`;
    const fr = fibonacci(r);
    return {
      prompt: `The Fibonacci numbers are $F_0 = 0$, $F_1 = 1$ and $F_{n+1} = F_n + F_{n-1}$. Consider them modulo $m = ${m}$.`,
      parts: [
        {
          prompt: `What is the Pisano period $\\pi(${m})$, the length of the repeating block of the Fibonacci numbers modulo $${m}$?`,
          key: { kind: "integer", value: `${period}` },
        },
        {
          prompt: `What is the remainder of $F_{${texInteger(n)}}$ on division by $${m}$?`,
          key: { kind: "integer", value: `${answer}`, modulus: `${m}` },
        },
      ],
      hints: [
        difficulty === 3
          ? `Split $${m}$ into coprime prime powers and use $\\pi(\\operatorname{lcm}(a, b)) = \\operatorname{lcm}(\\pi(a), \\pi(b))$.`
          : `Write the Fibonacci numbers modulo $${m}$, adding the last two and reducing, until the pair $0, 1$ appears again.`,
        `The remainders repeat every $\\pi(${m})$ terms, so $F_N \\equiv F_{r} \\pmod{${m}}$ where $r$ is the remainder of $N$ on division by $\\pi(${m})$.`,
        `$\\pi(${m}) = ${period}$ and $${texDivision(BigInt(n), BigInt(period))}$.`,
      ],
      solution: [
        periodReason,
        `$$${listTex}$$`,
        `The pair $0, 1$ comes back after $${period}$ terms, and each pair fixes everything after it, so $\\pi(${m}) = ${period}$.`,
        `Divide the index by the period: $${texDivision(BigInt(n), BigInt(period))}$. So $F_{${texInteger(n)}} \\equiv F_{${r}} \\pmod{${m}}$, and $F_{${r}}$ is the term at position $${r}$ of the list (counting from $F_0$): the remainder is $${answer}$.`,
        `Check: $F_{${r}} = ${texDivision(fr, BigInt(m))}$.`,
      ].join("\n\n"),
    };
  },
});
