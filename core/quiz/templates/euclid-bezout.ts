/** gcd(a, b) by Euclid's algorithm, and Bézout's u as one class modulo b/g: every u of a·u + b·v = g is in it. */
import { extendedEuclid } from "#core/numtheory/euclid";
import { mod } from "#core/numtheory/bigint";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { texCongruence, texDivision, texFactor, texInteger } from "./tex";

/** Sizes of a, the number of divisions wanted, and whether the gcd is 1. */
const SETTINGS: Readonly<Record<Difficulty, { high: number; divisions: [number, number]; coprime: boolean }>> = {
  1: { high: 120, divisions: [3, 4], coprime: true },
  2: { high: 1000, divisions: [3, 5], coprime: false },
  3: { high: 20_000, divisions: [5, 8], coprime: false },
};

function pairFor(random: Random, difficulty: Difficulty) {
  const { high, divisions, coprime } = SETTINGS[difficulty];
  return retry(() => {
    const a = BigInt(random.int(Math.ceil(high / 4), high));
    const b = BigInt(random.int(Math.ceil(high / 10), Number(a) - 1));
    const euclid = extendedEuclid(a, b);
    const count = euclid.divisions.length;
    if (count < divisions[0] || count > divisions[1]) return undefined;
    // At 1 the gcd is 1 (u is an inverse); above, it is a proper common factor, so b/g is not b.
    if (coprime ? euclid.gcd !== 1n : euclid.gcd === 1n || euclid.gcd === b) return undefined;
    return euclid;
  });
}

export const euclidBezout = defineTemplate({
  id: "euclid-bezout",
  skillId: "euclid-bezout",
  title: "Euclid's algorithm and Bézout's identity",
  build(random, difficulty) {
    const euclid = pairFor(random, difficulty);
    const { a, b, gcd: g, x: u, y: v, divisions, rows } = euclid;
    const n = b / g;
    const residue = mod(u, n);
    const line = (index: number, separator: string) => {
      const row = rows[index]!;
      return `${texInteger(row.remainder)} ${separator} ${texInteger(a)} \\cdot ${texFactor(row.u)} + ${texInteger(b)} \\cdot ${texFactor(row.v)}`;
    };
    const lineTex = (index: number) => line(index, "=");
    return {
      prompt: `Let $a = ${texInteger(a)}$ and $b = ${texInteger(b)}$.`,
      parts: [
        { prompt: "What is $\\gcd(a, b)$?", key: { kind: "integer", value: g.toString() } },
        {
          prompt: `Every $u$ for which some integer $v$ gives $au + bv = \\gcd(a, b)$ lies in one class modulo $b / \\gcd(a, b)$. Write it as $u \\equiv r \\pmod{n}$.`,
          key: { kind: "congruence", residue: residue.toString(), modulus: n.toString(), variable: "u" },
        },
      ],
      hints: [
        `Divide $${texInteger(a)}$ by $${texInteger(b)}$, then $${texInteger(b)}$ by the remainder, and so on until a remainder is $0$: the last non-zero remainder is the gcd.`,
        `Keep each remainder as $au + bv$: start from $${lineTex(0)}$ and $${lineTex(1)}$; each new line is the line two above minus the quotient times the line above.`,
        `The first division is $${texDivision(a, b)}$, so the next line is $${lineTex(2)}$.`,
      ],
      solution: [
        "Euclid's algorithm:",
        `$$${divisions.map((division) => texDivision(division.dividend, division.divisor)).join(", \\quad ")}.$$`,
        `The last non-zero remainder is $\\gcd(${texInteger(a)}, ${texInteger(b)}) = ${texInteger(g)}$. Carrying each remainder as a combination $au + bv$ (each line is the line two above minus the quotient times the line above):`,
        `$$\\begin{aligned}${rows
          .slice(0, -1)
          .map((_, index) => line(index, "&="))
          .join(" \\\\ ")}\\end{aligned}$$`,
        `So $u = ${texInteger(u)}$, $v = ${texInteger(v)}$. Every other pair is $u + ${texInteger(n)}t$, $v - ${texInteger(a / g)}t$ (the solutions of a linear Diophantine equation), so the $u$'s form the class $${texCongruence("u", texInteger(residue), n)}$.`,
      ].join("\n\n"),
    };
  },
});
