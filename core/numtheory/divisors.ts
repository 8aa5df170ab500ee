/** Listing the divisors of n page by page, from its complete factorization. */
import { divisorCount } from "./arithmetic-functions";
import type { Factor } from "./factorization-types";

/** Above this many divisors the list is refused: enumerating and sorting them would stall the page. */
export const DIVISOR_LIST_LIMIT = 200_000;

export type DivisorsPage =
  /** `page` is 1-based; a page past the last one is empty. */
  | { listed: true; divisors: bigint[]; total: bigint; pages: number; page: number }
  | { listed: false; total: bigint; message: string };

/** τ(n) > limit, without listing anything. */
export function divisorCountExceeds(factors: readonly Factor[], limit: bigint): boolean {
  return divisorCount(factors) > limit;
}

function allDivisors(factors: readonly Factor[]): bigint[] {
  let divisors = [1n];
  for (const { value: p, exponent } of factors) {
    const next: bigint[] = [];
    for (const d of divisors) {
      let multiple = d;
      for (let k = 0; k <= exponent; k += 1) {
        next.push(multiple);
        multiple *= p;
      }
    }
    divisors = next;
  }
  return divisors.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

/** The divisors on page `page` (1-based) of the ascending list, `pageSize` to a page. */
export function divisorsPage(factors: readonly Factor[], page: number, pageSize: number): DivisorsPage {
  if (!Number.isInteger(page) || page < 1) throw new RangeError(`page must be a whole number ≥ 1, got ${page}`);
  if (!Number.isInteger(pageSize) || pageSize < 1) {
    throw new RangeError(`pageSize must be a whole number ≥ 1, got ${pageSize}`);
  }
  const total = divisorCount(factors);
  if (total > BigInt(DIVISOR_LIST_LIMIT)) {
    return {
      listed: false,
      total,
      message: `Too many divisors to list: ${total}, more than ${DIVISOR_LIST_LIMIT.toLocaleString("en")}`,
    };
  }
  const divisors = allDivisors(factors);
  const start = (page - 1) * pageSize;
  return {
    listed: true,
    divisors: divisors.slice(start, start + pageSize),
    total,
    pages: Math.ceil(divisors.length / pageSize),
    page,
  };
}
