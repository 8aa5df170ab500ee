import { describe, expect, it } from "vitest";
import { trialDivision } from "./test-oracles";
import { gcd } from "./bigint";
import type { Factor } from "./factorization-types";
import { describeNumber } from "./number-facts";

const prime = (value: bigint, exponent = 1): Factor => ({ value, exponent, kind: "probable-prime" });
const product = (factors: readonly Factor[]) => factors.reduce((n, f) => n * f.value ** BigInt(f.exponent), 1n);
/** Factors small numbers only, like a factorizer that ran out of time on anything large. */
const smallOnly = (m: bigint) => (m < 10n ** 10n ? trialDivision(m) : null);

describe("describeNumber", () => {
  it("states the facts about 12 and 65", () => {
    expect(describeNumber(12n, trialDivision(12n), trialDivision)).toEqual({
      divisorCount: 6n,
      divisorSum: 28n,
      phi: 4n,
      lambda: 2n,
      mobius: 0,
      omega: 2,
      bigOmega: 3,
      radical: 6n,
      abundance: "abundant",
      twoSquares: {
        count: 0n,
        representations: [],
        largestFirst: true,
        obstruction: "3 ≡ 3 (mod 4) divides n to the odd power 1",
      },
      decimal: { preperiod: 2, period: 1n, expansion: "0.08(3)" },
    });
    const facts = describeNumber(65n, trialDivision(65n), trialDivision);
    expect(facts.twoSquares.representations).toEqual([
      [8n, 1n],
      [7n, 4n],
    ]);
    expect(facts.decimal).toEqual({ preperiod: 1, period: 6n, expansion: "0.0(153846)" });
  });

  it("handles a 1000-digit n made of two 500-digit primes ≡ 1 (mod 4), factoring only through the callback", () => {
    // PARI/GP ispseudoprime: 10^499 + 153 and 2·10^499 + 3849, both ≡ 1 (mod 4).
    const p = 10n ** 499n + 153n;
    const q = 2n * 10n ** 499n + 3849n;
    const factors = [prime(7n, 2), prime(p), prime(q)];
    const n = product(factors);
    expect(n.toString().length).toBe(1000);
    const asked: bigint[] = [];
    const facts = describeNumber(n, factors, (m) => {
      asked.push(m);
      return smallOnly(m);
    });
    expect(facts.divisorCount).toBe(12n);
    expect(facts.phi).toBe(42n * (p - 1n) * (q - 1n));
    const lcm = (a: bigint, b: bigint) => (a / gcd(a, b)) * b;
    expect(facts.lambda).toBe(lcm(42n, lcm(p - 1n, q - 1n)));
    expect([facts.mobius, facts.omega, facts.bigOmega, facts.abundance]).toEqual([0, 3, 4, "deficient"]);
    expect(facts.twoSquares.count).toBe(2n);
    for (const [a, b] of facts.twoSquares.representations) expect(a * a + b * b).toBe(n);
    expect(facts.decimal.period).toBeNull();
    expect(facts.decimal.expansion).toBe(`0.${"0".repeat(60)}…`);
    expect(asked[0]).toBe(6n);
  });

  it("is complete for a 1000-digit n whose primes are small", () => {
    const factors = trialDivision(2n * 3n * 5n * 7n * 13n).map(({ value }) => prime(value, 300));
    const n = product(factors);
    expect(n.toString().length).toBeGreaterThanOrEqual(1000);
    const facts = describeNumber(n, factors, trialDivision);
    expect(facts.divisorCount).toBe(301n ** 5n);
    // 3 and 7 appear to even powers; 5 and 13 give (301 · 301 + 1)/2 representations, too many to sort.
    expect(facts.twoSquares).toMatchObject({ count: 45301n, largestFirst: false });
    for (const [a, b] of facts.twoSquares.representations) expect(a * a + b * b).toBe(n);
    // v₃(10^m − 1) = 2 + v₃(m), and 10^6 − 1 has 7 and 13 once, so ord(10 mod 3^k·7^k·13^k) = lcm(3^(k−2), 6·7^(k−1), 6·13^(k−1)).
    expect(facts.decimal).toMatchObject({ preperiod: 300, period: 2n * 3n ** 298n * 7n ** 299n * 13n ** 299n });
  });

  it("refuses n < 2 and factors of another number", () => {
    expect(() => describeNumber(1n, [], trialDivision)).toThrow(RangeError);
    expect(() => describeNumber(12n, trialDivision(18n), trialDivision)).toThrow(/do not multiply/);
  });
});
