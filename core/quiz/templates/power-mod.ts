/** a^e mod m for large e: Fermat or Euler shrink the exponent, square-and-multiply does the rest. */
import { eulerPhi } from "#core/numtheory/arithmetic-functions";
import { gcd, mod } from "#core/numtheory/bigint";
import { squareAndMultiply } from "#core/numtheory/square-and-multiply";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { factorsOf, isPrime, primesBetween } from "./numbers";
import { texDivision, texInteger, texPower } from "./tex";

/** Below this exponent the power is small enough to work out directly. */
const DIRECT_POWER_LIMIT = 5;

/** A prime modulus (Fermat) at difficulties 1 and 2, a composite one (Euler) at 3. */
function powerFor(random: Random, difficulty: Difficulty): { a: number; e: number; m: number; phi: number } {
  return retry(() => {
    const m =
      difficulty === 1
        ? random.pick([7, 11, 13, 17, 19])
        : difficulty === 2
          ? random.pick(primesBetween(23, 97))
          : random.int(20, 99);
    if (difficulty === 3 && isPrime(m)) return undefined;
    const a = random.int(2, difficulty === 2 ? 300 : m - 2);
    const e = random.int(difficulty === 1 ? 50 : 1000, difficulty === 1 ? 999 : 20_000);
    const phi = Number(eulerPhi(factorsOf(m)));
    // The base must be coprime to m and not ≡ 1; after reducing, at least a square should remain.
    if (gcd(BigInt(a), BigInt(m)) !== 1n || a % m === 1 || e % phi < 2) return undefined;
    return { a, e, m, phi };
  });
}

/** a^r mod m, worked out: directly for small r, else by repeated squaring and the binary digits of r. */
export function powerSteps(a: bigint, r: bigint, m: bigint): string {
  const run = squareAndMultiply(a, r, m);
  if (r < BigInt(DIRECT_POWER_LIMIT)) {
    return `$${texPower(a, r)} = ${texDivision(a ** r, m)}$, so $${texPower(a, r)} \\equiv ${run.result}$.`;
  }
  const rows = run.steps.map((step, i) => {
    const power = `${a}^{${texInteger(2n ** BigInt(step.i))}}`;
    if (i === 0) return `${power} = ${step.square}`;
    const previous = run.steps[i - 1]!.square;
    const squared = previous * previous;
    return `${power} \\equiv ${previous}^2 = ${texInteger(squared)}${squared === step.square ? "" : ` \\equiv ${step.square}`}`;
  });
  const used = run.steps.filter((step) => step.bit === 1).reverse();
  const squares = `Square repeatedly, reducing modulo $${m}$ each time: $${rows.join(", \\quad ")}$.`;
  if (used.length === 1) return `${squares} So $${texPower(a, r)} \\equiv ${run.result} \\pmod{${m}}$.`;
  const powersOfTwo = used.map((step) => texInteger(2n ** BigInt(step.i)));
  const factors = used.map((step) => texPower(a, 2n ** BigInt(step.i)));
  const values = used.map((step) => `${step.square}`);
  return `${squares} Since $${r} = ${powersOfTwo.join(" + ")}$, $$${texPower(a, r)} = ${factors.join(" \\cdot ")} \\equiv ${values.join(" \\cdot ")} \\equiv ${run.result} \\pmod{${m}}.$$`;
}

export const powerModulo = defineTemplate({
  id: "power-modulo",
  skillId: "power-mod",
  title: "A huge power modulo m with Fermat's or Euler's theorem",
  build(random, difficulty) {
    const { a, e, m, phi } = powerFor(random, difficulty);
    const [A, E, M, PHI] = [BigInt(a), BigInt(e), BigInt(m), BigInt(phi)];
    const base = mod(A, M);
    const r = E % PHI;
    const answer = squareAndMultiply(A, E, M).result;
    const prime = difficulty < 3;
    const theorem = prime
      ? `$${m}$ is prime and does not divide $${a}$, so by Fermat's little theorem $${texPower(a, m - 1)} \\equiv 1 \\pmod{${m}}$`
      : `$\\gcd(${a}, ${m}) = 1$, so by Euler's theorem $${a}^{\\varphi(${m})} \\equiv 1 \\pmod{${m}}$`;
    const factors = factorsOf(m);
    const phiTex = `\\varphi(${m}) = ${factors
      .map(({ value, exponent }) => (exponent > 1 ? `${value}^{${exponent - 1}}(${value} - 1)` : `(${value} - 1)`))
      .join(" \\cdot ")} = ${phi}`;
    const baseStep =
      base === A
        ? ""
        : `First reduce the base: $${texDivision(A, M)}$, so $${texPower(a, e)} \\equiv ${texPower(base, e)} \\pmod{${m}}$. `;
    const exponentStep = `$${texDivision(E, PHI)}$, so $${texPower(base, e)} = \\left(${texPower(base, phi)}\\right)^{${texInteger(E / PHI)}} \\cdot ${texPower(base, r)} \\equiv ${texPower(base, r)} \\pmod{${m}}$`;
    const parts = prime
      ? [
          {
            prompt: "",
            key: { kind: "integer" as const, value: answer.toString(), modulus: `${m}` },
          },
        ]
      : [
          { prompt: `What is $\\varphi(${m})$?`, key: { kind: "integer" as const, value: `${phi}` } },
          {
            prompt: `What is the remainder of $${texPower(a, e)}$ on division by $${m}$?`,
            key: { kind: "integer" as const, value: answer.toString(), modulus: `${m}` },
          },
        ];
    return {
      prompt: prime
        ? `What is the remainder of $${texPower(a, e)}$ on division by $${m}$?`
        : `Use Euler's theorem to find a remainder modulo $m = ${m}$.`,
      parts,
      hints: [
        prime
          ? `${theorem}: exponents can be reduced modulo $${m - 1}$.`
          : `${theorem}: exponents can be reduced modulo $\\varphi(${m})$, the number of remainders coprime to $${m}$.`,
        prime
          ? `${baseStep}Divide the exponent by $${m - 1}$: $${texDivision(E, PHI)}$.`
          : `From $${m} = ${factors.map(({ value, exponent }) => texPower(value, exponent)).join(" \\cdot ")}$: $${phiTex}$.`,
        `So $${texPower(a, e)} \\equiv ${texPower(base, r)} \\pmod{${m}}$; now work out $${texPower(base, r)}$ modulo $${m}$.`,
      ],
      solution: [
        prime
          ? `${theorem}.`
          : `${theorem}. From the factorization $${m} = ${factors.map(({ value, exponent }) => texPower(value, exponent)).join(" \\cdot ")}$, $$${phiTex}.$$`,
        `${baseStep}Reduce the exponent: ${exponentStep}.`,
        powerSteps(base, r, M),
        `The remainder is $${answer}$.`,
      ].join("\n\n"),
    };
  },
});
