/** Is a a square modulo an odd prime p? Euler's criterion: a^((p−1)/2) is 1 for a residue and −1 for a non-residue. */
import { mod, modPow } from "#core/numtheory/bigint";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { choiceKey, retry } from "./choose";
import { primesBetween } from "./numbers";
import { powerSteps } from "./power-mod";

const PRIMES: Readonly<Record<Difficulty, readonly number[]>> = {
  1: primesBetween(5, 23),
  2: primesBetween(29, 97),
  3: primesBetween(101, 499),
};

function residueQuestionFor(random: Random, difficulty: Difficulty) {
  return retry(() => {
    const p = random.pick(PRIMES[difficulty]);
    // At 3 the number may be negative or above p, to be reduced first.
    const a = difficulty === 3 ? random.int(-3 * p, 3 * p) : random.int(2, p - 2);
    return mod(BigInt(a), BigInt(p)) === 0n ? undefined : { p, a };
  });
}

export const quadraticResidue = defineTemplate({
  id: "quadratic-residue",
  skillId: "quadratic-residues",
  title: "A square modulo a prime, by Euler's criterion",
  build(random, difficulty) {
    const { p, a } = residueQuestionFor(random, difficulty);
    const [P, A] = [BigInt(p), BigInt(a)];
    const base = mod(A, P);
    const half = (P - 1n) / 2n;
    const value = modPow(base, half, P);
    const residue = value === 1n;
    const reduce = base === A ? "" : `First reduce: $${a} \\equiv ${base} \\pmod{${p}}$. `;
    return {
      prompt: `Let $p = ${p}$ and $a = ${a}$.`,
      parts: [
        {
          prompt: `What is $a^{(p-1)/2} \\bmod p$, that is $${a < 0 ? `(${a})` : a}^{${half}} \\bmod ${p}$?`,
          key: { kind: "integer", value: value.toString(), modulus: `${p}` },
        },
        {
          prompt: `Is $a$ a square modulo $${p}$?`,
          key: choiceKey(
            random,
            [
              { text: "yes", correct: residue },
              { text: "no", correct: !residue },
            ],
            { multiple: false, order: "given" },
          ),
        },
      ],
      hints: [
        `Euler's criterion: $a^{(p-1)/2} \\equiv 1 \\pmod{p}$ when $a$ is a square modulo $p$, and $\\equiv -1$ when it is not.`,
        `${reduce}Compute $${base}^{${half}} \\bmod ${p}$ by square-and-multiply.`,
      ],
      solution: [
        `${reduce}${powerSteps(base, half, P)}`,
        residue
          ? `The result is $1$, so by Euler's criterion $${a}$ is a square modulo $${p}$: $\\left(\\frac{${a}}{${p}}\\right) = 1$.`
          : `The result is $${p - 1} \\equiv -1$, so by Euler's criterion $${a}$ is not a square modulo $${p}$: $\\left(\\frac{${a}}{${p}}\\right) = -1$.`,
      ].join("\n\n"),
    };
  },
});
