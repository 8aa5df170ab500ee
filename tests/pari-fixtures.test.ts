import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import {
  abundance,
  carmichaelLambda,
  distinctPrimeFactors,
  divisorCount,
  divisorSum,
  eulerPhi,
  mobius,
  primeFactorsWithMultiplicity,
  radical,
} from "#core/numtheory/arithmetic-functions";
import { decimalPeriod } from "#core/numtheory/decimal-period";
import { describeWithinBudget } from "#core/numtheory/describe-within-budget";
import { factorize } from "#core/numtheory/factorize";
import type { Factor } from "#core/numtheory/factorization-types";
import { multiplicativeOrder } from "#core/numtheory/multiplicative-order";
import { describeNumber } from "#core/numtheory/number-facts";
import { twoSquares } from "#core/numtheory/sum-of-two-squares";

/** One entry of tests/fixtures/pari/arithmetic.json (see make-fixtures.gp there). */
interface PariEntry {
  n: string;
  factors: [string, number][];
  numdiv: string;
  sigma: string;
  eulerphi: string;
  lambda: string;
  moebius: -1 | 0 | 1;
  omega: number;
  bigomega: number;
  radical: string;
  abundance: string;
  r2: string;
  twoSquaresCount: string;
  twoSquares?: [string, string][];
  decimalPreperiod: number;
  decimalPeriod: string;
  pMinus1Factors: [string, number][][];
}

const entries: PariEntry[] = JSON.parse(
  readFileSync(new URL("./fixtures/pari/arithmetic.json", import.meta.url), "utf8"),
) as PariEntry[];

const toFactors = (pairs: [string, number][]): Factor[] =>
  pairs.map(([p, exponent]) => ({ value: BigInt(p), exponent, kind: "prime" }));

/** PARI's factorizations of every p − 1 in the file: the factorizer the order computations are given. */
const pMinus1 = new Map<bigint, Factor[]>();
for (const entry of entries) {
  entry.factors.forEach(([p], i) => pMinus1.set(BigInt(p) - 1n, toFactors(entry.pMinus1Factors[i]!)));
}
const factorizeFromFixture = (m: bigint): Factor[] | null => pMinus1.get(m) ?? null;

describe("core/numtheory against PARI/GP (tests/fixtures/pari/arithmetic.json)", () => {
  it("covers all n ≤ 200 and large numbers", () => {
    expect(entries.length).toBeGreaterThanOrEqual(300);
    for (let n = 1; n <= 200; n += 1) expect(entries.some((entry) => entry.n === String(n))).toBe(true);
    expect(entries.filter((entry) => entry.n.length >= 30).length).toBeGreaterThanOrEqual(20);
  });

  it("the multiplicative functions agree with PARI", () => {
    for (const entry of entries) {
      const n = BigInt(entry.n);
      const factors = toFactors(entry.factors);
      const context = `n = ${entry.n}`;
      expect(divisorCount(factors), context).toBe(BigInt(entry.numdiv));
      expect(divisorSum(factors), context).toBe(BigInt(entry.sigma));
      expect(eulerPhi(factors), context).toBe(BigInt(entry.eulerphi));
      expect(carmichaelLambda(factors), context).toBe(BigInt(entry.lambda));
      expect(mobius(factors), context).toBe(entry.moebius);
      expect(distinctPrimeFactors(factors), context).toBe(entry.omega);
      expect(primeFactorsWithMultiplicity(factors), context).toBe(entry.bigomega);
      expect(radical(factors), context).toBe(BigInt(entry.radical));
      expect(abundance(n, factors), context).toBe(entry.abundance);
    }
  });

  it("sums of two squares agree with PARI's r2 and qfbsolve", () => {
    for (const entry of entries) {
      const factors = toFactors(entry.factors);
      const result = twoSquares(factors, 100);
      const count = BigInt(entry.twoSquaresCount);
      const context = `n = ${entry.n}`;
      expect(result.count, context).toBe(count);
      expect(result.obstruction === undefined, context).toBe(count > 0n);
      // r2 counts signed ordered pairs: 8 per representation, only 4 for one with b = 0 or a = b.
      const half = result.representations.filter(([a, b]) => b === 0n || a === b).length;
      if (count <= 100n) expect(8n * count - 4n * BigInt(half), context).toBe(BigInt(entry.r2));
      if (entry.twoSquares) {
        expect(
          result.representations.map(([a, b]) => [String(a), String(b)]),
          context,
        ).toEqual(entry.twoSquares);
      }
    }
  });

  it("decimal preperiods and periods, and orders of 10, agree with PARI's znorder", () => {
    for (const entry of entries) {
      const n = BigInt(entry.n);
      const factors = toFactors(entry.factors);
      const context = `n = ${entry.n}`;
      expect(decimalPeriod(n, factors, factorizeFromFixture), context).toEqual({
        preperiod: entry.decimalPreperiod,
        period: BigInt(entry.decimalPeriod),
      });
      if (n > 1n && n % 2n !== 0n && n % 5n !== 0n) {
        expect(multiplicativeOrder(10n, n, factors, factorizeFromFixture), context).toBe(BigInt(entry.decimalPeriod));
      }
    }
  });

  it("describeNumber gathers the same facts", () => {
    for (const entry of entries.filter(({ n }) => BigInt(n) >= 2n)) {
      const facts = describeNumber(BigInt(entry.n), toFactors(entry.factors), factorizeFromFixture);
      expect(
        [facts.divisorCount, facts.divisorSum, facts.phi, facts.lambda, facts.radical, facts.twoSquares.count],
        `n = ${entry.n}`,
      ).toEqual(
        [entry.numdiv, entry.sigma, entry.eulerphi, entry.lambda, entry.radical, entry.twoSquaresCount].map(BigInt),
      );
      expect([facts.mobius, facts.omega, facts.bigOmega, facts.abundance]).toEqual([
        entry.moebius,
        entry.omega,
        entry.bigomega,
        entry.abundance,
      ]);
      expect(facts.decimal.period).toBe(BigInt(entry.decimalPeriod));
      expect(facts.decimal.preperiod).toBe(entry.decimalPreperiod);
    }
  });

  it("the engine's own factorization and the facts the page shows agree with PARI", async () => {
    for (const entry of entries) {
      const factorization = await factorize(BigInt(entry.n));
      const context = `n = ${entry.n}`;
      expect(factorization.complete, context).toBe(true);
      expect(
        factorization.factors.map((factor) => [factor.value.toString(), factor.exponent]),
        context,
      ).toEqual(entry.factors);
      const facts = await describeWithinBudget(factorization);
      if (entry.n === "1") {
        expect(facts).toBeNull();
        continue;
      }
      expect(facts, context).toMatchObject({
        divisorCount: BigInt(entry.numdiv),
        divisorSum: BigInt(entry.sigma),
        phi: BigInt(entry.eulerphi),
        lambda: BigInt(entry.lambda),
        mobius: entry.moebius,
        decimal: { preperiod: entry.decimalPreperiod, period: BigInt(entry.decimalPeriod) },
      });
    }
  });
});
