/** The Fermat test on n with base a: a^(n−1) mod n, and what the result proves (compositeness) or does not. */
import { gcd, modPow } from "#core/numtheory/bigint";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { candidatesBy, choiceKey, retry } from "./choose";
import { isPrime } from "./numbers";
import { powerSteps } from "./power-mod";
import { texInteger, texPower } from "./tex";

const RANGES: Readonly<Record<Difficulty, [number, number]>> = { 1: [15, 61], 2: [61, 221], 3: [221, 601] };

/** Composite n below 601 with a base 1 < a < n − 1 that passes: (n, a) with a^(n−1) ≡ 1 (mod n). */
const pseudoprimePairs = candidatesBy((limit: number) => {
  const pairs: { n: number; a: number }[] = [];
  for (let n = 9; n < limit; n += 2) {
    if (isPrime(n)) continue;
    for (let a = 2; a < n - 1; a += 1) {
      if (modPow(BigInt(a), BigInt(n - 1), BigInt(n)) === 1n) pairs.push({ n, a });
    }
  }
  return pairs;
});

/** An odd n and a base coprime to it; at 3 a third of the questions are composites that pass. */
function testFor(random: Random, difficulty: Difficulty): { n: number; a: number } {
  if (difficulty === 3 && random.int(1, 3) === 1) return random.pick(pseudoprimePairs(RANGES[3][1]));
  const [low, high] = RANGES[difficulty];
  return retry(() => {
    const n = random.int(low, high - 1) | 1;
    const a = random.int(2, n - 2);
    return gcd(BigInt(a), BigInt(n)) === 1n ? { n, a } : undefined;
  });
}

export const fermatTest = defineTemplate({
  id: "fermat-test",
  skillId: "fermat-test",
  title: "Run the Fermat test",
  build(random, difficulty) {
    const { n, a } = testFor(random, difficulty);
    const [N, A] = [BigInt(n), BigInt(a)];
    const value = modPow(A, N - 1n, N);
    const passes = value === 1n;
    const verdicts = [
      { text: `${n} is composite`, correct: !passes },
      { text: `${n} is prime`, correct: false },
      { text: `The test proves nothing: ${n} may be prime`, correct: passes },
    ];
    const power = texPower(a, n - 1);
    return {
      prompt: `Run the Fermat test on $n = ${texInteger(n)}$ with the base $a = ${a}$.`,
      parts: [
        {
          prompt: `What is $${power} \\bmod ${n}$?`,
          key: { kind: "integer", value: value.toString(), modulus: `${n}` },
        },
        { prompt: "What does the result show?", key: choiceKey(random, verdicts, { multiple: false, order: "given" }) },
      ],
      hints: [
        `If $n$ is prime, Fermat's little theorem gives $a^{n-1} \\equiv 1 \\pmod{n}$. So a result other than $1$ proves that $n$ is composite; a result of $1$ proves nothing.`,
        `Compute $${power} \\bmod ${n}$ by square-and-multiply: square $${a}$ again and again modulo $${n}$, then multiply the squares that the binary digits of $${n - 1}$ ask for.`,
        `The test never proves that a number is prime: composites such as $341$ pass it with base $2$.`,
      ],
      solution: [
        powerSteps(A, N - 1n, N),
        passes
          ? `The result is $1$, as it would be for a prime, so the test proves nothing: $${n}$ may be prime.${
              isPrime(n)
                ? ` (In fact $${n}$ is prime.)`
                : ` (In fact $${n}$ is composite: it is a Fermat pseudoprime to base $${a}$, and another base may expose it.)`
            }`
          : `The result is not $1$. A prime $n$ would give $1$ by Fermat's little theorem, so $${n}$ is composite, although the test has not found a factor.`,
      ].join("\n\n"),
    };
  },
});
