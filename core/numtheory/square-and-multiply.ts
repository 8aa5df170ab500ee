/**
 * a^e mod m by square-and-multiply, read from the right of e's binary digits: square a again and
 * again to get a^(2^i) mod m, and multiply into a running product the squares whose bit of e is 1.
 * Every step is kept so a lesson can show it.
 */
import { mod } from "./bigint";

/** e may have at most this many binary digits: enough for any exponent a lesson types in. */
export const SQUARE_AND_MULTIPLY_MAX_BITS = 4096;

export interface SquaringStep {
  /** The bit's place: this row holds a^(2^i) mod m. */
  i: number;
  bit: 0 | 1;
  /** a^(2^i) mod m, the square of the row before (a mod m itself for i = 0). */
  square: bigint;
  /** Whether this square is multiplied into the running product (its bit is 1). */
  multiplied: boolean;
  /** The running product after this row: a^exponentSoFar mod m. */
  product: bigint;
  /** The sum of 2^j over the bits j ≤ i that are 1. */
  exponentSoFar: bigint;
}

export interface SquareAndMultiply {
  a: bigint;
  e: bigint;
  m: bigint;
  /** e in binary, most significant digit first ("0" for e = 0). */
  binary: string;
  /** One row per binary digit of e, from bit 0 upwards (none for e = 0). */
  steps: SquaringStep[];
  /** a^e mod m (a^0 = 1). */
  result: bigint;
  /** Squarings a^(2^(i−1)) → a^(2^i): one per binary digit after the first. */
  squarings: number;
  /** Products into the running product: one per 1-bit after the first (the first only copies its square). */
  products: number;
  /** e − 1: multiplying by a again and again (0 when e ≤ 1). */
  naiveMultiplications: bigint;
}

export function squareAndMultiply(a: bigint, e: bigint, m: bigint): SquareAndMultiply {
  if (a < 0n) throw new RangeError(`a must be ≥ 0, not ${a}`);
  if (e < 0n) throw new RangeError(`The exponent must be ≥ 0, not ${e}`);
  if (m < 1n) throw new RangeError(`The modulus must be ≥ 1, not ${m}`);
  const binary = e.toString(2);
  if (binary.length > SQUARE_AND_MULTIPLY_MAX_BITS) {
    throw new RangeError(`The exponent may have at most ${SQUARE_AND_MULTIPLY_MAX_BITS} binary digits`);
  }
  const steps: SquaringStep[] = [];
  let square = mod(a, m);
  let product: bigint | null = null;
  let exponentSoFar = 0n;
  let products = 0;
  for (let i = 0; i < binary.length && e > 0n; i += 1) {
    if (i > 0) square = (square * square) % m;
    const bit = binary[binary.length - 1 - i] === "1" ? 1 : 0;
    if (bit === 1) {
      if (product === null) product = square;
      else {
        product = (product * square) % m;
        products += 1;
      }
      exponentSoFar += 1n << BigInt(i);
    }
    steps.push({ i, bit, square, multiplied: bit === 1, product: product ?? mod(1n, m), exponentSoFar });
  }
  return {
    a,
    e,
    m,
    binary,
    steps,
    result: product ?? mod(1n, m),
    squarings: Math.max(0, steps.length - 1),
    products,
    naiveMultiplications: e > 1n ? e - 1n : 0n,
  };
}
