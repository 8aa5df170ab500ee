/** The order of a modulo m, found among the divisors of φ(m), and primitive roots by the primitive root test. */
import { eulerPhi } from "#core/numtheory/arithmetic-functions";
import { gcd, modPow } from "#core/numtheory/bigint";
import { multiplicativeOrder } from "#core/numtheory/multiplicative-order";
import { primitiveRootTest } from "#core/numtheory/power-residue-table";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { candidatesBy, choiceKey, pickDistinct, retry } from "./choose";
import { divisorsOf, factorsOf, isPrime, primesBetween, smallFactorizer } from "./numbers";
import { listFormulas, texFactorization, texPower } from "./tex";

const SKILL = "multiplicative-order";

/** A prime modulus at difficulties 1 and 2, a composite one at 3; a is neither 1 nor −1 modulo m. */
function baseAndModulus(random: Random, difficulty: Difficulty): { a: number; m: number } {
  return retry(() => {
    const m =
      difficulty === 1
        ? random.pick([7, 11, 13])
        : difficulty === 2
          ? random.pick(primesBetween(17, 61))
          : random.int(15, 99);
    if (difficulty === 3 && isPrime(m)) return undefined;
    const a = random.int(2, m - 2);
    return gcd(BigInt(a), BigInt(m)) === 1n ? { a, m } : undefined;
  });
}

export const orderModulo = defineTemplate({
  id: "order-modulo",
  skillId: SKILL,
  title: "The multiplicative order of a number",
  build(random, difficulty) {
    const { a, m } = baseAndModulus(random, difficulty);
    const prime = isPrime(m);
    const phi = Number(eulerPhi(factorsOf(m)));
    const order = Number(multiplicativeOrder(BigInt(a), BigInt(m), factorsOf(m), smallFactorizer));
    const candidates = divisorsOf(phi);
    const tested = candidates.filter((d) => d <= order);
    const value = (d: number) => modPow(BigInt(a), BigInt(d), BigInt(m));
    const pow = (d: number) => `${a}^{${d}}`;
    const powersTex = tested.map((d) => `${pow(d)} \\equiv ${value(d)}`);
    const before = tested.slice(0, -1);
    const why = prime
      ? `By Fermat's little theorem $${texPower(a, m - 1)} \\equiv 1 \\pmod{${m}}$`
      : `Since $\\gcd(${a}, ${m}) = 1$, Euler's theorem gives $${a}^{\\varphi(${m})} \\equiv 1 \\pmod{${m}}$, where $\\varphi(${m}) = ${phi}$ (from $${m} = ${texFactorization(factorsOf(m))}$)`;
    return {
      prompt: `What is the order of $${a}$ modulo $${m}$, the least $k \\ge 1$ with $${a}^k \\equiv 1 \\pmod{${m}}$?`,
      parts: [{ prompt: "", key: { kind: "integer", value: `${order}` } }],
      hints: [
        `The order divides every exponent $n$ with $${a}^n \\equiv 1$, and ${prime ? `$${texPower(a, m - 1)} \\equiv 1$ by Fermat's little theorem` : `$${a}^{\\varphi(${m})} \\equiv 1$ by Euler's theorem`}: so only the divisors of $${phi}$ are candidates.`,
        `Compute $${a}^d \\bmod ${m}$ for the divisors $d$ of $${phi}$ in increasing order (${listFormulas(candidates)}); the first $d$ that gives $1$ is the order.`,
        before.length === 0
          ? `Start with $d = ${tested[0]}$.`
          : `Modulo $${m}$: ${listFormulas(before.map((d) => `${pow(d)} \\equiv ${value(d)}`))}; none of these is $1$.`,
      ],
      solution: [
        `${why}. The order divides every exponent that gives $1$, so it is one of the divisors of $${phi}$: ${listFormulas(candidates)}.`,
        `Test them in increasing order, reducing modulo $${m}$: ${listFormulas(powersTex)}.`,
        `The first divisor that gives $1$ is $${order}$, and no smaller exponent gives $1$ (a smaller one would have to be one of the divisors already tested). So the order of $${a}$ modulo $${m}$ is $${order}$.`,
      ].join("\n\n"),
    };
  },
});

const ROOT_CHOICES: Readonly<Record<Difficulty, { primes: () => number[]; options: number }>> = {
  1: { primes: () => [7, 11, 13], options: 4 },
  2: { primes: () => primesBetween(17, 43), options: 5 },
  3: { primes: () => primesBetween(47, 97), options: 5 },
};

/** The primitive root test of every g from 2 to p − 1. */
const rootTests = candidatesBy((p: number) => Array.from({ length: p - 2 }, (_, i) => primitiveRootTest(i + 2, p)));

export const primitiveRoots = defineTemplate({
  id: "primitive-roots",
  skillId: SKILL,
  title: "Pick the primitive roots modulo a prime",
  build(random, difficulty) {
    const { primes, options } = ROOT_CHOICES[difficulty];
    const p = random.pick(primes());
    const tests = rootTests(p);
    const roots = tests.filter((test) => test.isPrimitiveRoot);
    const others = tests.filter((test) => !test.isPrimitiveRoot);
    const rootCount = random.int(1, Math.min(options - 1, roots.length));
    const chosen = [...pickDistinct(random, roots, rootCount), ...pickDistinct(random, others, options - rootCount)];
    chosen.sort((x, y) => x.g - y.g);
    const key = choiceKey(
      random,
      chosen.map((test) => ({ text: `$${test.g}$`, correct: test.isPrimitiveRoot })),
      { multiple: true, order: "given" },
    );
    const phi = p - 1;
    const qs = chosen[0]!.checks.map((check) => check.prime);
    const exponents = chosen[0]!.checks.map((check) => check.exponent);
    const testedPowers = listFormulas(
      exponents.map((k) => `g^{${k}}`),
      "and",
    );
    const verdict = (test: (typeof chosen)[number]) => {
      const values = test.checks.map((check) => `${texPower(test.g, check.exponent)} \\equiv ${check.value}`);
      return test.isPrimitiveRoot
        ? `- $${test.g}$: ${listFormulas(values)}. None is $1$, so $${test.g}$ is a primitive root.`
        : `- $${test.g}$: ${listFormulas(values)}. A $1$ appears, so the order of $${test.g}$ is smaller than $${phi}$: not a primitive root.`;
    };
    return {
      prompt: `Which of these numbers are primitive roots modulo $${p}$? Select every one.`,
      parts: [{ prompt: "", key }],
      hints: [
        `A primitive root modulo $${p}$ is a number whose order is $${p} - 1 = ${phi}$: its powers run through all the non-zero remainders.`,
        `Use the primitive root test: $g$ is a primitive root exactly when $g^{${phi}/q} \\not\\equiv 1 \\pmod{${p}}$ for every prime $q$ dividing $${phi} = ${texFactorization(factorsOf(phi))}$. Here that means computing ${testedPowers}.`,
        `Exactly ${rootCount} of the ${options} numbers ${rootCount === 1 ? "is a primitive root" : "are primitive roots"}.`,
      ],
      solution: [
        `The order of $g$ divides $${p} - 1 = ${phi} = ${texFactorization(factorsOf(phi))}$. If it is smaller than $${phi}$, it divides $${phi}/q$ for one of the primes $q = ${qs.join(", ")}$. So $g$ is a primitive root exactly when none of ${testedPowers} is $\\equiv 1 \\pmod{${p}}$:`,
        chosen.map(verdict).join("\n"),
        rootCount === 1
          ? `So the only primitive root among the options is ${listFormulas(chosen.filter((test) => test.isPrimitiveRoot).map((test) => test.g))}.`
          : `So the primitive roots among the options are ${listFormulas(chosen.filter((test) => test.isPrimitiveRoot).map((test) => test.g))}.`,
      ].join("\n\n"),
    };
  },
});
