/**
 * The simplest number in a tiny bracket: the fraction with the smallest denominator (Stern–Brocot
 * order). A jump located to a bracket a few billionths of a pixel wide is almost always at a
 * "written" number — an integer, 0.3, 1/3 — and evaluating f there, instead of at either end of
 * the bracket, tells which side of the jump the function's own value is on.
 */

/** Continued-fraction terms beyond this fall back to the bracket's midpoint. */
const MAX_TERMS = 64;

export function simplestBetween(a: number, b: number): number {
  if (!(a <= b)) return Number.NaN;
  if (a <= 0 && b >= 0) return 0;
  const value = b < 0 ? -fractionValue(simplestPositive(-b, -a, 0)) : fractionValue(simplestPositive(a, b, 0));
  return value >= a && value <= b ? value : a + (b - a) / 2;
}

type Fraction = [numerator: number, denominator: number];

function fractionValue([p, q]: Fraction): number {
  return p / q;
}

/** For 0 < a ≤ b: an integer if one lies in [a, b], else n + 1/(the simplest in [1/(b−n), 1/(a−n)]). */
function simplestPositive(a: number, b: number, depth: number): Fraction {
  const ceiling = Math.ceil(a);
  if (ceiling <= b) return [ceiling, 1];
  if (depth >= MAX_TERMS) return [a + (b - a) / 2, 1];
  const n = Math.floor(a);
  const [p, q] = simplestPositive(1 / (b - n), 1 / (a - n), depth + 1);
  return [n * p + q, p];
}
