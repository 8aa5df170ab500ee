/**
 * Euclid's algorithm with Bézout coefficients, kept row by row so lessons can show the table, and the
 * linear Diophantine equations a·x + b·y = c it solves.
 */
import { abs, mod } from "./bigint";

/** One division of Euclid's algorithm: dividend = quotient · divisor + remainder. */
export interface EuclidDivision {
  dividend: bigint;
  divisor: bigint;
  quotient: bigint;
  remainder: bigint;
}

/** A line of the extended table: remainder = a·u + b·v; the quotient that made the next line, if any. */
export interface EuclidRow {
  remainder: bigint;
  u: bigint;
  v: bigint;
}

/** a·x + b·y = gcd, with the divisions that found it and every line of the table. */
export interface ExtendedEuclid {
  a: bigint;
  b: bigint;
  gcd: bigint;
  x: bigint;
  y: bigint;
  divisions: EuclidDivision[];
  /** a, b, then each remainder down to 0, each as a·u + b·v. */
  rows: EuclidRow[];
}

/** Extended Euclid for a, b ≥ 0 (not both 0). */
export function extendedEuclid(a: bigint, b: bigint): ExtendedEuclid {
  if (a < 0n || b < 0n || (a === 0n && b === 0n)) throw new RangeError("extendedEuclid needs a, b ≥ 0, not both 0");
  const divisions: EuclidDivision[] = [];
  const rows: EuclidRow[] = [
    { remainder: a, u: 1n, v: 0n },
    { remainder: b, u: 0n, v: 1n },
  ];
  // Invariant: each row's remainder = a·u + b·v; a new row is the one two above minus quotient times the last.
  while (rows.at(-1)!.remainder !== 0n) {
    const [before, last] = [rows.at(-2)!, rows.at(-1)!];
    const quotient = before.remainder / last.remainder;
    const next = {
      remainder: before.remainder - quotient * last.remainder,
      u: before.u - quotient * last.u,
      v: before.v - quotient * last.v,
    };
    divisions.push({ dividend: before.remainder, divisor: last.remainder, quotient, remainder: next.remainder });
    rows.push(next);
  }
  const result = rows.at(-2)!;
  return { a, b, gcd: result.remainder, x: result.u, y: result.v, divisions, rows };
}

/** Every integer solution of a·x + b·y = c: x = x0 + (b/g)·t, y = y0 − (a/g)·t for all integers t. */
export type DiophantineSolution =
  | { kind: "none"; gcd: bigint }
  | {
      kind: "solutions";
      gcd: bigint;
      /** The solution with the smallest x ≥ 0. */
      x0: bigint;
      y0: bigint;
      /** b/g and −a/g: what one step of t adds to x and to y. */
      xStep: bigint;
      yStep: bigint;
    };

/** a·x + b·y = c for integers a, b (not both 0) and c: none unless gcd(a, b) divides c. */
export function solveLinearDiophantine(a: bigint, b: bigint, c: bigint): DiophantineSolution {
  if (a === 0n && b === 0n) throw new RangeError("a and b must not both be 0");
  const euclid = extendedEuclid(abs(a), abs(b));
  const g = euclid.gcd;
  if (c % g !== 0n) return { kind: "none", gcd: g };
  // |a|·x + |b|·y = g, so a·(±x) + b·(±y) = g; scale by c/g.
  const x = (a < 0n ? -euclid.x : euclid.x) * (c / g);
  const y = (b < 0n ? -euclid.y : euclid.y) * (c / g);
  const [xStep, yStep] = [b / g, -a / g];
  if (xStep === 0n) return { kind: "solutions", gcd: g, x0: x, y0: y, xStep, yStep };
  // Move along the line to the smallest x ≥ 0: t = (x0' − x)/xStep.
  const x0 = mod(x, abs(xStep));
  const t = (x0 - x) / xStep;
  return { kind: "solutions", gcd: g, x0, y0: y + t * yStep, xStep, yStep };
}
