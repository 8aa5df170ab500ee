/** Last digits of huge powers: the powers modulo 10 or 100 run into a cycle, so the exponent can be reduced. */
import { powerCycle } from "#core/numtheory/power-cycle";
import type { Difficulty } from "../question";
import type { Random } from "../random";
import { defineTemplate } from "../template";
import { retry } from "./choose";
import { gcdOf } from "./numbers";
import { texDivision, texInteger, texPower } from "./tex";

/** Last digit (mod 10) at 1; last two digits with gcd(a, 10) = 1 at 2; at 3 an even base, whose powers have a tail. */
function powerFor(random: Random, difficulty: Difficulty): { a: number; e: number; m: number } {
  return retry(() => {
    const m = difficulty === 1 ? 10 : 100;
    const a = random.int(2, 99);
    const e = random.int(difficulty === 1 ? 20 : 100, difficulty === 1 ? 3000 : 9999);
    const last = a % 10;
    // Bases ending in 0, 1, 5 or 6 keep their last digit: nothing to find.
    if ([0, 1, 5, 6].includes(last)) return undefined;
    if (difficulty === 2 && (gcdOf(a, 10) !== 1 || a % m === 1 || a % m === m - 1)) return undefined;
    if (difficulty === 3 && a % 2 !== 0) return undefined;
    return { a, e, m };
  });
}

export const lastDigitsOfPower = defineTemplate({
  id: "last-digits-of-power",
  skillId: "last-digit-of-powers",
  title: "Last digit or last two digits of a huge power",
  build(random, difficulty) {
    const { a, e, m } = powerFor(random, difficulty);
    const cycle = powerCycle(a % m, m);
    const { tail, period, powers } = cycle;
    // Past the tail the powers repeat every `period` steps: a^e ≡ a^(tail + ((e − tail) mod period)).
    const reducedExponent = tail + ((e - tail) % period);
    const answer = powers[reducedExponent]!;
    const digits = m === 10 ? "last digit" : "last two digits";
    const isAre = m === 10 ? "is" : "are";
    // Exponents always shown, so the list reads as a^0, a^1, a^2, …
    const pow = (k: number) => `${a}^{${texInteger(k)}}`;
    const listed = [...powers, powers[tail]!].map((value, k) => `${pow(k)} \\equiv ${value}`);
    const cycleTex = `$${listed.join(", \\quad ")}$`;
    const cycleWords =
      tail === 0
        ? `Since $${pow(period)} \\equiv 1$, the values repeat every $${period}$ steps from the start`
        : `The value of $${pow(tail)}$ comes back at $${pow(tail + period)}$: from $${pow(tail)}$ on, the values repeat every $${period}$ steps, but ${tail === 1 ? `$${pow(0)} = 1$ never comes` : `the first ${tail} values never come`} back`;
    const division = texDivision(BigInt(e - tail), BigInt(period));
    const reduction =
      tail === 0
        ? `$${division}$, so $${pow(e)} = \\left(${pow(period)}\\right)^{${texInteger(Math.floor(e / period))}} \\cdot ${pow(reducedExponent)} \\equiv ${pow(reducedExponent)} \\pmod{${m}}$`
        : `Past the tail, $${period}$ can be taken off the exponent as long as it stays at least $${tail}$. So keep the tail aside: $${texInteger(e)} - ${tail} = ${division}$, and $${pow(e)} \\equiv ${pow(reducedExponent)} \\pmod{${m}}$`;
    return {
      prompt:
        m === 10
          ? `What is the last digit of $${texPower(a, e)}$?`
          : `What are the last two digits of $${texPower(a, e)}$? Answer with the number they form, from $0$ to $99$ (so $07$ is written $7$).`,
      parts: [{ prompt: "", key: { kind: "integer", value: `${answer}`, modulus: `${m}` } }],
      hints: [
        `The ${digits} of a number ${isAre} its remainder on division by $${m}$, and only the ${digits} of the base ${m === 10 ? "matters" : "matter"}: list the powers of $${a}$ modulo $${m}$ until a value comes back.`,
        `Modulo $${m}$: ${cycleTex}. ${cycleWords}.`,
        `$${tail === 0 ? division : `${texInteger(e)} - ${tail} = ${division}`}$, so $${texPower(a, e)}$ has the same ${digits} as $${pow(reducedExponent)}$.`,
      ],
      solution: [
        `The ${digits} of a number ${isAre} its remainder on division by $${m}$, so we work modulo $${m}$, multiplying each remainder by $${a}$ and reducing:`,
        `${cycleTex}.`,
        `${cycleWords}.`,
        `${reduction}.`,
        `${m === 10 ? "The last digit is" : "The last two digits form the number"} $${answer}$.`,
      ].join("\n\n"),
    };
  },
});
