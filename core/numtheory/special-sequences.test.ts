import { describe, expect, it } from "vitest";
import { factorial, fibonacci, lucas, primorial } from "./special-sequences";

describe("special sequences", () => {
  it("fibonacci and lucas match their recurrences for n < 400", () => {
    let [f0, f1] = [0n, 1n];
    let [l0, l1] = [2n, 1n];
    for (let n = 0; n < 400; n += 1) {
      expect(fibonacci(n)).toBe(f0);
      expect(lucas(n)).toBe(l0);
      [f0, f1] = [f1, f0 + f1];
      [l0, l1] = [l1, l0 + l1];
    }
  });

  it("gives published values (PARI/GP: fibonacci(300), fibonacci(299) + fibonacci(301), 100!)", () => {
    expect(fibonacci(100)).toBe(354224848179261915075n);
    expect(lucas(100)).toBe(792070839848372253127n);
    expect(fibonacci(300)).toBe(222232244629420445529739893461909967206666939096499764990979600n);
    expect(lucas(300)).toBe(496926405783746676393791436882468230898067489522034699520200002n);
    expect(factorial(100).toString()).toBe(
      "93326215443944152681699238856266700490715968264381621468592963895217599993229915608941463976156518286253697920827223758251185210916864000000000000000000000000",
    );
    expect(primorial(30)).toBe(6469693230n);
    expect(primorial(2000) % 10n ** 30n).toBe(109405802877992948356769154670n);
  });

  it("factorial and primorial agree with brute force for n ≤ 2000", () => {
    let product = 1n;
    let primes = 1n;
    for (let n = 0; n <= 2000; n += 1) {
      if (n >= 2) product *= BigInt(n);
      let isPrime = n >= 2;
      for (let d = 2; d * d <= n; d += 1) if (n % d === 0) isPrime = false;
      if (isPrime) primes *= BigInt(n);
      if (n <= 500) expect(factorial(n)).toBe(product);
      expect(primorial(n)).toBe(primes);
    }
  });

  it("refuses negative and fractional indices", () => {
    for (const f of [fibonacci, lucas, factorial, primorial]) {
      expect(() => f(-1)).toThrow(RangeError);
      expect(() => f(2.5)).toThrow(RangeError);
    }
  });
});
