/** Systems of congruences, merged two at a time as the chapter does: x = r + Mt, then solve for t. */
import { gcd, mod } from "#core/numtheory/bigint";
import { solveCongruences, type Congruence, type Merge } from "#core/numtheory/chinese-remainder";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { pickDistinct, retry } from "./choose";
import { texCongruence, texDivision, texInteger, texRemainderForm } from "./tex";

const pairwiseCoprime = (moduli: readonly number[]) =>
  moduli.every((m, i) => moduli.slice(i + 1).every((n) => gcd(BigInt(m), BigInt(n)) === 1n));

/** Coprime moduli at difficulties 1 (two) and 2 (three); at 3 two moduli sharing a factor, with agreeing residues. */
function systemFor(random: Random, difficulty: Difficulty): Congruence[] {
  return retry(() => {
    if (difficulty === 3) {
      const [m1, m2] = [random.int(4, 40), random.int(4, 40)];
      const g = Number(gcd(BigInt(m1), BigInt(m2)));
      if (g === 1 || m1 % m2 === 0 || m2 % m1 === 0 || (m1 * m2) / g > 400) return undefined;
      const a1 = random.int(0, m1 - 1);
      // a2 must agree with a1 modulo g, the condition for a solution.
      const a2 = (a1 % g) + g * random.int(0, m2 / g - 1);
      if (a1 === a2) return undefined;
      return [
        { residue: BigInt(a1), modulus: BigInt(m1) },
        { residue: BigInt(a2), modulus: BigInt(m2) },
      ];
    }
    const moduli = pickDistinct(random, [3, 4, 5, 7, 8, 9, 11, 12, 13], difficulty === 1 ? 2 : 3);
    const product = moduli.reduce((x, y) => x * y, 1);
    if (!pairwiseCoprime(moduli) || product > (difficulty === 1 ? 150 : 1200)) return undefined;
    const residues = moduli.map((m) => random.int(0, m - 1));
    if (residues.every((r) => r === residues[0])) return undefined;
    return moduli.map((m, i) => ({ residue: BigInt(residues[i]!), modulus: BigInt(m) }));
  });
}

/** c·t written as a term: 3t, or t when c = 1. */
const timesT = (c: bigint) => (c === 1n ? "t" : `${c}t`);

/** What one merge says, in the chapter's steps. */
function mergeText(step: Merge): { equation: string; lines: string[]; tCongruence: string } {
  const { left, right, euclid, difference, inverse, t, result } = step;
  const g = euclid.gcd;
  const n = right.modulus / g;
  const coefficient = mod(left.modulus, right.modulus);
  const equation = texCongruence(timesT(coefficient), `${mod(difference, right.modulus)}`, right.modulus);
  const lines = [
    `Combine $${texCongruence("x", `${left.residue}`, left.modulus)}$ with $${texCongruence("x", `${right.residue}`, right.modulus)}$. The first says $x = ${left.residue} + ${texInteger(left.modulus)}t$ for a whole number $t$; putting this into the second gives $${texInteger(left.modulus)}t \\equiv ${right.residue} - ${left.residue} \\pmod{${right.modulus}}$, that is $${equation}$.`,
  ];
  const reducedCoefficient = mod(left.modulus / g, n);
  const reducedRight = mod(difference / g, n);
  if (g > 1n) {
    lines.push(
      `Here $\\gcd(${left.modulus}, ${right.modulus}) = ${g}$ divides $${right.residue} - ${left.residue} = ${difference}$, so there are solutions, and dividing everything by $${g}$ gives $${texCongruence(timesT(reducedCoefficient), `${reducedRight}`, n)}$.`,
    );
  }
  const tCongruence = texCongruence("t", `${t}`, n);
  // With coefficient 1 the congruence above already reads t ≡ …; otherwise an inverse undoes the coefficient.
  if (reducedCoefficient !== 1n) {
    lines.push(
      `The inverse of $${reducedCoefficient}$ modulo $${n}$ is $${inverse}$, because $${reducedCoefficient} \\cdot ${inverse} = ${texRemainderForm(reducedCoefficient * inverse, n)}$. Multiplying by it, $t \\equiv ${inverse} \\cdot ${reducedRight} \\equiv ${t} \\pmod{${n}}$.`,
    );
  }
  lines.push(
    `With $t = ${t}$ we get $x = ${left.residue} + ${texInteger(left.modulus)} \\cdot ${t} = ${texInteger(result.residue)}$, and any two solutions differ by a multiple of both moduli, so $${texCongruence("x", texInteger(result.residue), result.modulus)}$.`,
  );
  return {
    equation: g > 1n ? texCongruence(timesT(reducedCoefficient), `${reducedRight}`, n) : equation,
    lines,
    tCongruence,
  };
}

export const solveCongruenceSystem = defineTemplate({
  id: "chinese-remainder-system",
  skillId: "chinese-remainder",
  title: "Solve a system of congruences",
  build(random, difficulty) {
    const system = systemFor(random, difficulty);
    const solved = solveCongruences(system);
    if (solved.kind !== "solved") throw new Error("the generated system must be solvable");
    const { solution, steps } = solved;
    const merges = steps.map(mergeText);
    const [first] = steps;
    if (first === undefined) throw new Error("a system of two or more congruences needs a merge");
    const firstMerge = merges[0]!;
    const g = first.euclid.gcd;
    const listed = system.map(({ residue, modulus }) => texCongruence("x", `${residue}`, modulus)).join(", \\qquad ");
    return {
      prompt: `Find all integers $x$ with $$${listed}.$$ Write the answer as one congruence $x \\equiv r \\pmod{n}$ that describes exactly these solutions.`,
      parts: [
        {
          prompt: "",
          key: {
            kind: "congruence",
            residue: solution.residue.toString(),
            modulus: solution.modulus.toString(),
            variable: "x",
          },
        },
      ],
      hints: [
        `Combine two congruences at a time: $${texCongruence("x", `${first.left.residue}`, first.left.modulus)}$ means $x = ${first.left.residue} + ${first.left.modulus}t$ for a whole number $t$; put this into the next congruence.`,
        g > 1n
          ? `The moduli share the factor $${g}$, and $${g}$ divides $${first.right.residue} - ${first.left.residue} = ${first.difference}$, so solutions exist. Putting $x = ${first.left.residue} + ${first.left.modulus}t$ into the second congruence and dividing by $${g}$ gives $${firstMerge.equation}$.`
          : `Putting $x = ${first.left.residue} + ${first.left.modulus}t$ into the second congruence gives $${firstMerge.equation}$.`,
        steps.length > 1
          ? `The first two congruences together say $${texCongruence("x", texInteger(first.result.residue), first.result.modulus)}$; now combine this with the last one.`
          : `The solutions of that congruence are $${firstMerge.tCongruence}$; take $t = ${first.t}$ in $x = ${first.left.residue} + ${first.left.modulus}t$.`,
      ],
      solution: [
        ...merges.flatMap(({ lines }) => lines),
        `Check: ${system.map(({ modulus }) => `$${texDivision(solution.residue, modulus)}$`).join(", ")}.`,
      ].join("\n\n"),
    };
  },
});
