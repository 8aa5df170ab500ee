import { describe, expect, it } from "vitest";
import { trialDivision } from "./test-oracles";
import { DIVISOR_LIST_LIMIT, divisorCountExceeds, divisorsPage } from "./divisors";
import type { Factor } from "./factorization-types";
import { smallPrimes } from "./primality";

const squareFree = (count: number): Factor[] =>
  smallPrimes.slice(0, count).map((p) => ({ value: BigInt(p), exponent: 1, kind: "prime" }));

describe("divisorsPage", () => {
  it("pages through the ascending divisors of every n ≤ 2000", () => {
    for (let n = 1; n <= 2000; n += 1) {
      const expected = Array.from({ length: n }, (_, i) => BigInt(i + 1)).filter((d) => BigInt(n) % d === 0n);
      const pageSize = 1 + (n % 7);
      const first = divisorsPage(trialDivision(n), 1, pageSize);
      if (!first.listed) throw new Error("small n must be listed");
      expect(first.total).toBe(BigInt(expected.length));
      expect(first.pages).toBe(Math.ceil(expected.length / pageSize));
      const all: bigint[] = [];
      for (let page = 1; page <= first.pages; page += 1) {
        const result = divisorsPage(trialDivision(n), page, pageSize);
        if (result.listed) all.push(...result.divisors);
      }
      expect(all).toEqual(expected);
    }
  });

  it("lists 2^17 divisors of a product of 17 primes, sorted and paired d · n/d = n", () => {
    const factors = squareFree(17);
    const n = factors.reduce((product, { value }) => product * value, 1n);
    const page = divisorsPage(factors, 1, 200_000);
    if (!page.listed) throw new Error("2^17 divisors are under the limit");
    expect(page.divisors.length).toBe(2 ** 17);
    const { divisors } = page;
    expect(
      divisors.every((d, i) => d * divisors[divisors.length - 1 - i]! === n && (i === 0 || d > divisors[i - 1]!)),
    ).toBe(true);
    const last = divisorsPage(factors, 2 ** 17 / 1024, 1024);
    expect(last.listed && last.divisors.at(-1)).toBe(n);
    const past = divisorsPage(factors, 2 ** 17 / 1024 + 1, 1024);
    expect(past.listed && past.divisors).toEqual([]);
  });

  it("refuses to list astronomically many divisors, without enumerating them", () => {
    const factors: Factor[] = [...squareFree(150), { value: 2n ** 521n - 1n, exponent: 1000, kind: "prime" }];
    const result = divisorsPage(factors, 3, 50);
    expect(result.listed).toBe(false);
    expect(result.total).toBe(2n ** 150n * 1001n);
    if (!result.listed) expect(result.message).toMatch(/Too many divisors to list/);
    expect(divisorsPage(squareFree(18), 1, 10).listed).toBe(false);
    expect(2 ** 18).toBeGreaterThan(DIVISOR_LIST_LIMIT);
  });

  it("divisorCountExceeds compares τ(n) with a bound", () => {
    expect(divisorCountExceeds(trialDivision(360), 23n)).toBe(true);
    expect(divisorCountExceeds(trialDivision(360), 24n)).toBe(false);
    expect(divisorCountExceeds(squareFree(100), 10n ** 30n)).toBe(true);
  });

  it("refuses bad pages and composite factors", () => {
    expect(() => divisorsPage(trialDivision(12), 0, 10)).toThrow(RangeError);
    expect(() => divisorsPage(trialDivision(12), 1, 0)).toThrow(RangeError);
    expect(() => divisorsPage([{ value: 15n, exponent: 1, kind: "composite" }], 1, 10)).toThrow(/composite/);
  });
});
