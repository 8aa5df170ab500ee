/** What the Euclid widget says in words, kept apart from its drawing so it can be tested on its own. */
import type { DiophantineSolution, ExtendedEuclid } from "#core/numtheory/euclid";

/** A whole number as text, negative with the minus sign (−) rather than a hyphen. */
export const signed = (n: bigint) => (n < 0n ? `−${-n}` : `${n}`);

/** A factor in a product: negative numbers in brackets. */
export const factor = (n: bigint) => (n < 0n ? `(${signed(n)})` : `${n}`);

/** "a·u + b·v" with both numbers shown. */
export const combination = (a: bigint, u: bigint, b: bigint, v: bigint) => `${a}·${factor(u)} + ${b}·${factor(v)}`;

/** The status line after `shown` divisions of the table. */
export function describeStep(euclid: ExtendedEuclid, shown: number): string {
  const { a, b, divisions, rows, gcd } = euclid;
  if (shown === 0) {
    return `Start with two lines that say the obvious: ${a} = ${combination(a, 1n, b, 0n)} and ${b} = ${combination(a, 0n, b, 1n)}.`;
  }
  const division = divisions[shown - 1]!;
  const row = rows[shown + 1]!;
  const made = `${division.dividend} = ${division.quotient}·${division.divisor} + ${division.remainder}, so line ${shown + 1} is line ${shown - 1} minus ${division.quotient} times line ${shown}`;
  if (row.remainder !== 0n) return `Divide: ${made}: ${row.remainder} = ${combination(a, row.u, b, row.v)}.`;
  const last = rows[shown]!;
  return `Divide: ${made}, and the remainder is 0. The last non-zero remainder is gcd(${a}, ${b}) = ${gcd}, and its line reads ${gcd} = ${combination(a, last.u, b, last.v)}.`;
}

/** The conclusion about a·x + b·y = c. */
export function describeEquation(a: bigint, b: bigint, c: bigint, solution: DiophantineSolution): string {
  const g = solution.gcd;
  if (solution.kind === "none") {
    return `No integer solutions: ${g} divides ${a}·x + ${b}·y for all integers x and y, but ${g} does not divide ${c}.`;
  }
  const { x0, y0, xStep, yStep } = solution;
  return `Every solution is x = ${signed(x0)} + ${xStep}t, y = ${signed(y0)} − ${-yStep}t for an integer t; the one with the smallest x ≥ 0 is x = ${signed(x0)}, y = ${signed(y0)}.`;
}
