/**
 * The table of a^k mod m for a = 1 … m − 1: each row's order, the primitive roots (the a whose order
 * is φ(m)), and the test that decides whether a candidate g is one from the primes dividing φ(m).
 */
import { eulerPhi } from "./arithmetic-functions";
import { gcd, modPow } from "./bigint";
import { powerCycle } from "./power-cycle";
import { factorSmall, SMALL_FACTORIZATION_MAX } from "./small-factorization";

/** The table has (m − 1) rows of up to m columns, so it stays small. */
export const POWER_RESIDUE_TABLE_MAX_MODULUS = 200;

export interface PowerResidueRow {
  a: number;
  /** a^k mod m for k = 1 … columns. */
  powers: number[];
  coprime: boolean;
  /** ord_m(a) when gcd(a, m) = 1, else null (no power of a is 1). */
  order: number | null;
  primitiveRoot: boolean;
}

export interface PowerResidueTable {
  m: number;
  phi: number;
  /**
   * How far k runs: φ(m), where every coprime row has come back to 1, or further when a row needs
   * more columns to show its first repeated value.
   */
  columns: number;
  rows: PowerResidueRow[];
  primitiveRoots: number[];
  /** The largest order of any a coprime to m; below φ(m) exactly when there is no primitive root. */
  largestOrder: number;
}

export function powerResidueTable(m: number): PowerResidueTable {
  if (!Number.isSafeInteger(m) || m < 2 || m > POWER_RESIDUE_TABLE_MAX_MODULUS) {
    throw new RangeError(`m must be a whole number from 2 to ${POWER_RESIDUE_TABLE_MAX_MODULUS}, not ${m}`);
  }
  const phi = Number(eulerPhi(factorSmall(m)));
  const cycles = Array.from({ length: m - 1 }, (_, index) => powerCycle(index + 1, m));
  // Powers k = 1 … tail + period reach the first value seen twice.
  const columns = Math.max(phi, ...cycles.map(({ tail, period }) => tail + period));
  const rows = cycles.map(({ a, powers, tail, period }): PowerResidueRow => {
    const coprime = gcd(BigInt(a), BigInt(m)) === 1n;
    // With gcd(a, m) = 1 there is no tail, so the cycle starts at a^0 = 1 and its length is the order.
    const order = coprime ? period : null;
    return {
      a,
      powers: Array.from({ length: columns }, (_, index) => {
        const k = index + 1;
        return powers[k < powers.length ? k : tail + ((k - tail) % period)] ?? 0;
      }),
      coprime,
      order,
      primitiveRoot: order === phi,
    };
  });
  return {
    m,
    phi,
    columns,
    rows,
    primitiveRoots: rows.filter((row) => row.primitiveRoot).map((row) => row.a),
    largestOrder: Math.max(...rows.map((row) => row.order ?? 0)),
  };
}

export interface PrimitiveRootCheck {
  /** A prime q dividing φ(m). */
  prime: number;
  /** φ(m)/q. */
  exponent: number;
  /** g^(φ(m)/q) mod m; a 1 here means the order of g divides φ(m)/q. */
  value: number;
}

export interface PrimitiveRootTest {
  g: number;
  m: number;
  phi: number;
  coprime: boolean;
  /** One check per prime dividing φ(m), in increasing order; empty when gcd(g, m) > 1. */
  checks: PrimitiveRootCheck[];
  isPrimitiveRoot: boolean;
}

/**
 * g is a primitive root modulo m exactly when gcd(g, m) = 1 and g^(φ(m)/q) ≢ 1 for every prime q
 * dividing φ(m): an order below φ(m) is a proper divisor of φ(m), so it divides some φ(m)/q.
 */
export function primitiveRootTest(g: number, m: number): PrimitiveRootTest {
  if (!Number.isSafeInteger(m) || m < 2 || m > SMALL_FACTORIZATION_MAX) {
    throw new RangeError(`m must be a whole number from 2 to ${SMALL_FACTORIZATION_MAX}, not ${m}`);
  }
  if (!Number.isSafeInteger(g) || g < 0) throw new RangeError(`g must be a whole number ≥ 0, not ${g}`);
  const phi = Number(eulerPhi(factorSmall(m)));
  const coprime = gcd(BigInt(g), BigInt(m)) === 1n;
  const checks = coprime
    ? factorSmall(phi).map(({ value }) => {
        const prime = Number(value);
        const exponent = phi / prime;
        return { prime, exponent, value: Number(modPow(BigInt(g), BigInt(exponent), BigInt(m))) };
      })
    : [];
  return { g, m, phi, coprime, checks, isPrimitiveRoot: coprime && checks.every(({ value }) => value !== 1) };
}
