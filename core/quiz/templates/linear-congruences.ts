/** a·x ≡ b (mod m): multiply by an inverse, or first divide everything by g = gcd(a, m) when g divides b. */
import { gcd, mod, modInverse } from "#core/numtheory/bigint";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { primesBetween } from "./numbers";
import { listFormulas, texCongruence, texInteger, texRemainderForm } from "./tex";

interface LinearCongruence {
  a: bigint;
  b: bigint;
  m: bigint;
}

/** gcd(a, m) = 1 below difficulty 3 (a prime modulus at 1); at 3 the gcd is above 1 and divides b. */
function congruenceFor(random: Random, difficulty: Difficulty): LinearCongruence {
  return retry(() => {
    const m = BigInt(
      difficulty === 1
        ? random.pick(primesBetween(5, 23))
        : random.int(difficulty === 2 ? 8 : 12, difficulty === 2 ? 40 : 60),
    );
    const a = BigInt(random.int(2, Number(m) - 1));
    const g = gcd(a, m);
    if (difficulty < 3) {
      const b = BigInt(random.int(1, Number(m) - 1));
      // b = a would give x ≡ 1 at a glance.
      return g === 1n && b !== a ? { a, b, m } : undefined;
    }
    const n = m / g;
    // After dividing by g the congruence should still need an inverse: a/g ≢ 1 (mod m/g), and m/g ≥ 3.
    if (g === 1n || n < 3n || mod(a / g, n) === 1n) return undefined;
    const b = g * BigInt(random.int(1, Number(n) - 1));
    return b === a ? undefined : { a, b, m };
  });
}

export const solveLinearCongruence = defineTemplate({
  id: "solve-linear-congruence",
  skillId: "linear-congruences",
  title: "Solve a linear congruence a·x ≡ b (mod m)",
  build(random, difficulty) {
    const { a, b, m } = congruenceFor(random, difficulty);
    const g = gcd(a, m);
    const [a1, b1, n] = [a / g, b / g, m / g];
    const inverse = modInverse(a1, n);
    if (inverse === null) throw new Error(`${a1} has no inverse modulo ${n}`);
    const residue = mod(inverse * b1, n);
    const given = texCongruence(`${a}x`, `${b}`, m);
    const reducedTex = texCongruence(`${a1}x`, `${b1}`, n);
    const inverseCheck = `${a1} \\cdot ${inverse} = ${texRemainderForm(a1 * inverse, n)}`;
    const solutionsBelowM = Array.from({ length: Number(g) }, (_, k) => residue + BigInt(k) * n);
    const product = a * residue;
    const dividing =
      g === 1n
        ? `Here $\\gcd(${a}, ${m}) = 1$, so $${a}$ has an inverse modulo $${m}$, and multiplying both sides by it leaves $x$ alone.`
        : `Here $\\gcd(${a}, ${m}) = ${g}$, and $${g}$ divides $${b}$, so there are solutions. By the cancelling rule ($ca \\equiv cb \\pmod{m}$ exactly when $a \\equiv b \\pmod{m/\\gcd(c, m)}$), dividing both sides and the modulus by $${g}$ gives the equivalent congruence $${reducedTex}$, where $\\gcd(${a1}, ${n}) = 1$.`;
    return {
      prompt: `Find every integer $x$ with $${given}$. Write all the solutions as one congruence $x \\equiv r \\pmod{n}$, with the smallest modulus $n$ that describes exactly these solutions.`,
      parts: [
        {
          prompt: "",
          key: { kind: "congruence", residue: residue.toString(), modulus: n.toString(), variable: "x" },
        },
      ],
      hints: [
        `First compute $\\gcd(${a}, ${m})$. If it is $1$, multiply both sides by an inverse of $${a}$ modulo $${m}$; if it is larger, it must divide $${b}$, and then you may divide both sides and the modulus by it.`,
        g === 1n
          ? `Find $u$ with $${a}u \\equiv 1 \\pmod{${m}}$: try $u = 1, 2, 3, \\dots$ or use the extended Euclidean algorithm.`
          : `$\\gcd(${a}, ${m}) = ${g}$ divides $${b}$, so the congruence is equivalent to $${reducedTex}$.`,
        `The inverse of $${a1}$ modulo $${n}$ is $${inverse}$, because $${inverseCheck}$. Multiply both sides by $${inverse}$.`,
      ],
      solution: [
        dividing,
        `An inverse of $${a1}$ modulo $${n}$ is $${inverse}$, because $${inverseCheck}$. Multiplying both sides by $${inverse}$:`,
        `$$x \\equiv ${inverse} \\cdot ${b1} = ${texInteger(inverse * b1)}${inverse * b1 === residue ? "" : ` \\equiv ${residue}`} \\pmod{${n}}.$$`,
        g === 1n
          ? `There is exactly one solution modulo $${m}$: $x \\equiv ${residue} \\pmod{${m}}$.`
          : `Modulo the original $${m}$ these are the ${g} numbers ${listFormulas(solutionsBelowM)}: the factor $${g}$ that was divided out shows up as $${g}$ solutions modulo $${m}$, which together form the single class $x \\equiv ${residue} \\pmod{${n}}$.`,
        `Check: $${a} \\cdot ${residue} = ${texRemainderForm(product, m)}$, so $${a} \\cdot ${residue} \\equiv ${b} \\pmod{${m}}$.`,
      ].join("\n\n"),
    };
  },
});
