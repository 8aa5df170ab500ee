import { describe, expect, it } from "vitest";
import { factorOnServer, SERVER_RESULT_MAX_DIGITS } from "./factor-on-server.server";

/** The prime factors of n with exponents, by trial division: the oracle for small n. */
function bruteForce(n: bigint): [bigint, number][] {
  const found: [bigint, number][] = [];
  let rest = n;
  for (let p = 2n; p * p <= rest; p += 1n) {
    let exponent = 0;
    while (rest % p === 0n) {
      rest /= p;
      exponent += 1;
    }
    if (exponent > 0) found.push([p, exponent]);
  }
  if (rest > 1n) found.push([rest, 1]);
  return found;
}

describe("a shared link's small number, factored while the page renders", () => {
  it("is complete and right, with its facts, for numbers a trial division can check", async () => {
    for (const n of [2n, 360n, 1001n, 65_537n, 999_999_937n * 3n, 2n ** 32n + 1n, 600_851_475_143n, -84n]) {
      const result = await factorOnServer(n);
      expect(result, String(n)).not.toBeNull();
      expect(result!.n).toBe(n);
      expect(result!.factorization.complete).toBe(true);
      const absolute = n < 0n ? -n : n;
      expect(result!.factorization.factors.map((factor) => [factor.value, factor.exponent])).toEqual(
        bruteForce(absolute),
      );
      expect(result!.facts?.divisorCount, String(n)).toBe(
        bruteForce(absolute).reduce((count, [, exponent]) => count * BigInt(exponent + 1), 1n),
      );
      expect(result!.finishedAt).toBeGreaterThanOrEqual(result!.startedAt);
    }
  });

  it("factors an 18-digit number of two 9-digit primes, and leaves anything longer to the browser", async () => {
    const p = 999_999_929n;
    const q = 999_999_937n;
    expect((p * q).toString()).toHaveLength(SERVER_RESULT_MAX_DIGITS);
    const result = await factorOnServer(p * q);
    expect(result?.factorization.factors.map((factor) => factor.value)).toEqual([p, q]);
    expect(await factorOnServer(10n ** BigInt(SERVER_RESULT_MAX_DIGITS))).toBeNull();
    expect(await factorOnServer(-(10n ** BigInt(SERVER_RESULT_MAX_DIGITS)))).toBeNull();
  });
});
