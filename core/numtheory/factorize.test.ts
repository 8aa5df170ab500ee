import { describe, expect, it } from "vitest";
import { random, randomPrime } from "./test-oracles";
import { deadlineSignal, type Factor, type Factorization, type StopSignal } from "./factorization-types";
import { factorize } from "./factorize";
import { primality } from "./primality";

const product = (factors: readonly Factor[]) => factors.reduce((acc, f) => acc * f.value ** BigInt(f.exponent), 1n);
const asText = (result: Factorization) => result.factors.map((f) => `${f.value}^${f.exponent}`).join(" ");

/** The properties every result must have: the product is |n|, factors ascend, labels are right. */
function expectValid(result: Factorization, n: bigint) {
  expect(product(result.factors)).toBe(n < 0n ? -n : n);
  for (let i = 1; i < result.factors.length; i += 1) {
    expect(result.factors[i - 1]!.value < result.factors[i]!.value).toBe(true);
  }
  for (const factor of result.factors) expect(factor.kind).toBe(primality(factor.value));
}

describe("factorize", () => {
  it("explains nothing away: 0 and ±1 have no prime factors, negatives factor their absolute value", async () => {
    for (const n of [0n, 1n, -1n]) {
      expect(await factorize(n)).toMatchObject({ n, factors: [], complete: true });
    }
    const negative = await factorize(-360n);
    expect(asText(negative)).toBe("2^3 3^2 5^1");
    expect(negative.n).toBe(-360n);
  });

  it("recovers products of random known primes with random exponents (property test)", async () => {
    const next = random(4);
    for (let trial = 0; trial < 40; trial += 1) {
      const count = 1 + Math.floor(next() * 4);
      const chosen = new Map<bigint, number>();
      for (let i = 0; i < count; i += 1) {
        const p = randomPrime(1 + Math.floor(next() * 10), next);
        chosen.set(p, (chosen.get(p) ?? 0) + 1 + Math.floor(next() * 3));
      }
      const n = [...chosen].reduce((acc, [p, e]) => acc * p ** BigInt(e), 1n);
      const result = await factorize(n);
      expectValid(result, n);
      expect(result.complete).toBe(true);
      expect(new Map(result.factors.map((f) => [f.value, f.exponent]))).toEqual(chosen);
    }
  });

  it("splits semiprimes whose factors are beyond rho (SIQS) and powers of large primes", async () => {
    const next = random(9);
    for (const digits of [12, 16, 20]) {
      const p = randomPrime(digits, next);
      const q = randomPrime(digits, next);
      const result = await factorize(p * q);
      expectValid(result, p * q);
      expect(result.factors.map((f) => f.value)).toEqual(p < q ? [p, q] : [q, p]);
    }
    const p = randomPrime(15, next);
    const power = await factorize(p ** 3n * 7n);
    expect(asText(power)).toBe(`7^1 ${p}^3`);
    expect(power.log.some((entry) => entry.method === "perfect-power")).toBe(true);
  });

  it("uses the algebraic factors of 2^256 − 1 and finishes it", async () => {
    const n = 2n ** 256n - 1n;
    const result = await factorize(n);
    expectValid(result, n);
    expect(result.complete).toBe(true);
    // PARI/GP: factor(2^256-1) has 11 prime factors, the largest 5704689200685129054721 · … (see bench set m256).
    expect(result.factors.length).toBe(11);
    expect(result.factors.some((f) => f.value === 5704689200685129054721n)).toBe(true);
    expect(result.log[0]?.method).toBe("algebraic");
  });

  it("labels factors above 2^64 as probable primes and below as proven", async () => {
    const result = await factorize(2n ** 128n + 1n);
    expect(result.factors).toEqual([
      { value: 59649589127497217n, exponent: 1, kind: "prime" },
      { value: 5704689200685129054721n, exponent: 1, kind: "probable-prime" },
    ]);
  });

  it("stops when asked and returns what it found, the rest marked composite", async () => {
    // The small primes come at once; a 70-digit semiprime is out of reach in 300 ms.
    const next = random(70);
    const n = 2n ** 3n * 101n * randomPrime(35, next) * randomPrime(35, next);
    const updates: Factorization[] = [];
    const started = Date.now();
    const result = await factorize(n, { signal: deadlineSignal(300), onUpdate: (partial) => updates.push(partial) });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(result.complete).toBe(false);
    expect(product(result.factors)).toBe(n);
    expect(result.factors.slice(0, 2)).toEqual([
      { value: 2n, exponent: 3, kind: "prime" },
      { value: 101n, exponent: 1, kind: "prime" },
    ]);
    expect(result.factors.some((f) => f.kind === "composite")).toBe(true);
    expect(updates.length).toBeGreaterThan(0);
    // Every live update is a whole factorization of n, never a transient piece of one.
    for (const update of updates) expect(product(update.factors)).toBe(n);
    expect(updates.at(-1)?.log.map((entry) => entry.method)).toContain("trial-division");
  });

  it("stopped before it starts, keeps the whole number as one composite factor", async () => {
    const raised: StopSignal = { aborted: true };
    const n = 65_537n * 65_539n;
    expect(await factorize(n, { signal: raised })).toMatchObject({
      complete: false,
      factors: [{ value: n, exponent: 1, kind: "composite" }],
    });
    // A prime is proven before anything can stop, so it is never reported as composite.
    expect((await factorize(65_537n, { signal: raised })).factors).toEqual([
      { value: 65_537n, exponent: 1, kind: "prime" },
    ]);
  });

  it("logs every method it ran, with what it found", async () => {
    const n = 1_000_003n * 2n ** 10n;
    const result = await factorize(n);
    expect(result.log[0]).toMatchObject({ method: "trial-division", input: n, found: [2n] });
    expect(result.log.every((entry) => entry.milliseconds >= 0 && entry.detail.length > 0)).toBe(true);
  });
});
