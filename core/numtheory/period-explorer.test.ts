import { describe, expect, it } from "vitest";
import { primesUpTo } from "./prime-sieve";
import { trialDivision } from "./test-oracles";
import { expansionDigits, neighbourPrimePeriods, periodReport } from "./period-explorer";

/** Long division of 1/n in the base, remembering where each remainder first appeared. */
function bruteExpansion(n: number, base: number): { preperiod: number; period: number; digits: number[] } {
  const seen = new Map<number, number>();
  const digits: number[] = [];
  let remainder = 1;
  while (remainder !== 0 && !seen.has(remainder)) {
    seen.set(remainder, digits.length);
    digits.push(Math.floor((remainder * base) / n));
    remainder = (remainder * base) % n;
  }
  if (remainder === 0) return { preperiod: digits.length, period: 0, digits };
  const start = seen.get(remainder)!;
  return { preperiod: start, period: digits.length - start, digits };
}

const isPrimeBrute = (m: number) => {
  if (m < 2) return false;
  for (let d = 2; d * d <= m; d += 1) if (m % d === 0) return false;
  return true;
};

const gcd = (x: number, y: number): number => (y === 0 ? x : gcd(y, x % y));
const lcm = (a: number, b: number): number => (a / gcd(a, b)) * b;

describe("periodReport", () => {
  const bases = Array.from({ length: 15 }, (_, i) => i + 2);
  it.each(bases)("agrees with long division for every n ≤ 500 in base %i", (base) => {
    for (let n = 2; n <= 500; n += 1) {
      const brute = bruteExpansion(n, base);
      const report = periodReport(n, base);
      const label = `1/${n} in base ${base}`;
      expect(report.preperiod, label).toBe(brute.preperiod);
      expect(report.period, label).toBe(brute.period);
      expect(report.fullReptendPrime, label).toBe(isPrimeBrute(n) && brute.period === n - 1);
      // ⌊b^40 / n⌋ written with 40 digits is the first 40 digits of 1/n.
      const exact = Array.from((BigInt(base) ** 40n / BigInt(n)).toString(base).padStart(40, "0"), (symbol) =>
        parseInt(symbol, base),
      );
      expect(expansionDigits(n, base, 40), label).toEqual(brute.period === 0 ? brute.digits : exact);
    }
  });

  it("explains the period as the lcm of the prime-power periods, each checked by long division", () => {
    for (const base of [2, 3, 10, 12, 16]) {
      for (let n = 2; n <= 500; n += 1) {
        const report = periodReport(n, base);
        for (const { prime, exponent, period, primePeriod } of report.primePowerPeriods) {
          expect(period, `1/${prime}^${exponent} in base ${base}`).toBe(bruteExpansion(prime ** exponent, base).period);
          expect(primePeriod, `1/${prime} in base ${base}`).toBe(bruteExpansion(prime, base).period);
        }
        const periods = report.primePowerPeriods.map(({ period }) => period);
        expect(report.period).toBe(periods.length === 0 ? 0 : periods.reduce(lcm));
        const product = [...report.sharedPrimes, ...report.primePowerPeriods].reduce(
          (total, { prime, exponent }) => total * prime ** exponent,
          1,
        );
        expect(product).toBe(n);
        expect(gcd(report.coprimePart, base)).toBe(1);
        for (const { prime } of report.sharedPrimes) expect(base % prime).toBe(0);
      }
    }
  });

  it("finds the digits a shared prime needs: 1/8 in base 12 needs 2, in base 10 it needs 3", () => {
    expect(periodReport(8, 12).sharedPrimes).toEqual([{ prime: 2, exponent: 3, exponentInBase: 2, digitsNeeded: 2 }]);
    expect(periodReport(8, 10).preperiod).toBe(bruteExpansion(8, 10).preperiod);
  });

  it("handles n up to 10^9, where the period is checked by its defining property", () => {
    for (const n of [999_999_937, 1_000_000_000, 987_654_321, 2 ** 29, 999_999_999, 999_999_000]) {
      for (const base of [2, 10, 36]) {
        const { period, coprimePart, preperiod } = periodReport(n, base);
        const m = BigInt(coprimePart);
        const power = (k: number) => {
          let result = 1n;
          let b = BigInt(base) % m;
          for (let e = BigInt(k); e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) result = (result * b) % m;
          return result;
        };
        expect(n % coprimePart).toBe(0);
        expect(gcd(coprimePart, base)).toBe(1);
        if (period === 0) {
          expect(coprimePart).toBe(1);
          continue;
        }
        // b^period ≡ 1, and b^(period/q) ≢ 1 for each prime q of the period: so period is the least.
        expect(power(period)).toBe(1n);
        for (const { value } of trialDivision(period)) expect(power(period / Number(value))).not.toBe(1n);
        // n / coprimePart divides b^preperiod but not b^(preperiod − 1).
        const shared = BigInt(n / coprimePart);
        expect(BigInt(base) ** BigInt(preperiod) % shared).toBe(0n);
        if (preperiod > 0) expect(BigInt(base) ** BigInt(preperiod - 1) % shared).not.toBe(0n);
      }
    }
  });
});

describe("neighbourPrimePeriods", () => {
  it("lists the primes nearest n that do not divide the base, with periods from long division", () => {
    const primes = Array.from(primesUpTo(2000));
    for (const base of [2, 10, 16]) {
      for (const n of [2, 3, 7, 97, 100, 487, 1000, 1500]) {
        const usable = primes.filter((p) => base % p !== 0);
        const nearest = [...usable]
          .sort((p, q) => Math.abs(p - n) - Math.abs(q - n) || (p === n ? -1 : q === n ? 1 : p - q))
          .slice(0, 6);
        const table = neighbourPrimePeriods(n, base, 6);
        expect(
          table.map(({ prime }) => prime),
          `near ${n} in base ${base}`,
        ).toEqual(nearest.sort((p, q) => p - q));
        for (const { prime, period, fullReptend } of table) {
          expect(period).toBe(bruteExpansion(prime, base).period);
          expect(fullReptend).toBe(period === prime - 1);
        }
      }
    }
  });
});
