import { describe, expect, it } from "vitest";
import { checkNumberClaims, CLAIM_CHECK_LIMITS, type ClaimCheck } from "./number-claim-check";
import { factorizationText } from "./factorization-text";
import { random, trialDivision } from "./test-oracles";

/** The one claim a sentence makes, checked. */
function only(text: string): ClaimCheck {
  const checks = checkNumberClaims(text);
  expect(checks, text).toHaveLength(1);
  return checks[0]!;
}

/** Brute force: the least k ≥ 1 with a^k ≡ 1 (mod n), or null when gcd(a, n) > 1. */
function bruteOrder(a: number, n: number): number | null {
  let power = a % n;
  for (let k = 1; k <= n; k++) {
    if (power === 1 % n) return k;
    power = (power * a) % n;
  }
  return null;
}

/** Brute force: the length of the repeating block of a/d by long division (0 when it ends). */
function brutePeriod(a: number, d: number): number {
  const seen = new Map<number, number>();
  let remainder = a % d;
  for (let digit = 0; ; digit++) {
    if (remainder === 0) return 0;
    const before = seen.get(remainder);
    if (before !== undefined) return digit - before;
    seen.set(remainder, digit);
    remainder = (remainder * 10) % d;
  }
}

const isPrime = (n: number) => n >= 2 && trialDivision(n).length === 1 && trialDivision(n)[0]!.exponent === 1;

describe("checkNumberClaims", () => {
  it("flags a wrong factorization with the right one", () => {
    const check = only(String.raw`$360 = 2^3 \cdot 3^3 \cdot 5$`);
    expect(check).toMatchObject({ label: "Factorization", verdict: "wrong" });
    expect(check.message).toBe("2^3 · 3^3 · 5 = 1080, not 360. The prime factorization is 360 = 2³ · 3² · 5.");
    expect(only(String.raw`$360 = 2^3 \cdot 3^2 \cdot 5$`)).toMatchObject({ verdict: "right" });
    expect(only("$360 = 8 \\cdot 45$").message).toMatch(/^Right as a product, but 8 is not prime/);
  });

  it("agrees with brute force on factorizations, right and corrupted", () => {
    const next = random(360);
    for (let round = 0; round < 200; round++) {
      const n = 2 + Math.floor(next() * 100_000);
      const factors = trialDivision(n);
      const tex = (list: typeof factors) =>
        list.map(({ value, exponent }) => (exponent === 1 ? `${value}` : `${value}^{${exponent}}`)).join(" \\cdot ");
      if (factors.length > 1 || factors[0]!.exponent > 1) {
        expect(only(`$${n} = ${tex(factors)}$`).verdict).toBe("right");
      }
      const corrupted = factors.map((factor, index) =>
        index === 0 ? { ...factor, exponent: factor.exponent + 1 } : factor,
      );
      const check = only(`$${n} = ${tex(corrupted)}$`);
      expect(check.verdict).toBe("wrong");
      const powers = factors.map(({ value, exponent }) => ({ prime: Number(value), exponent }));
      expect(check.message).toBe(
        `${tex(corrupted)
          .replaceAll(" \\cdot ", " · ")
          .replace(
            /\^\{(\d+)\}/g,
            "^$1",
          )} = ${n * Number(corrupted[0]!.value)}, not ${n}. The prime factorization is ${n} = ${factorizationText(powers)}.`,
      );
    }
  });

  it("agrees with brute force on orders, including bases that share a factor with the modulus", () => {
    const next = random(7);
    for (let round = 0; round < 300; round++) {
      const n = 2 + Math.floor(next() * 400);
      const a = 1 + Math.floor(next() * 500);
      const order = bruteOrder(a, n);
      const stated = order === null ? 1 + Math.floor(next() * n) : next() < 0.5 ? order : order + 1;
      const check = only(`The order of ${a} modulo ${n} is ${stated}.`);
      expect(check.verdict, check.claim.text).toBe(order === stated ? "right" : "wrong");
      if (order !== null && order !== stated)
        expect(check.message).toBe(`The order of ${a} modulo ${n} is ${order}, not ${stated}.`);
      if (order === null) expect(check.message).toMatch(/has no multiplicative order/);
    }
  });

  it("agrees with brute-force long division on periods", () => {
    const next = random(13);
    for (let round = 0; round < 300; round++) {
      const d = 2 + Math.floor(next() * 2_000);
      const a = 1 + Math.floor(next() * 50);
      const period = brutePeriod(a, d);
      const stated = next() < 0.5 ? period : period + 1 + Math.floor(next() * 3);
      const check = only(`The period of ${a}/${d} is ${stated}.`);
      expect(check.verdict, check.claim.text).toBe(period === stated ? "right" : "wrong");
      if (period !== stated && period > 0) expect(check.message).toContain(`is ${period}, not ${stated}`);
      if (period !== stated && period === 0) expect(check.message).toMatch(/terminating/);
    }
  });

  it("agrees with exact arithmetic on congruences and remainders", () => {
    const next = random(11);
    for (let round = 0; round < 300; round++) {
      const base = 1 + Math.floor(next() * 60);
      const exponent = Math.floor(next() * 40);
      const m = 1 + Math.floor(next() * 100);
      const remainder = Number(BigInt(base) ** BigInt(exponent) % BigInt(m));
      const stated = next() < 0.5 ? remainder : (remainder + 1 + Math.floor(next() * (m + 3))) % (m + 3);
      const congruence = only(`$${base}^{${exponent}} \\equiv ${stated} \\pmod{${m}}$`);
      expect(congruence.verdict, congruence.claim.text).toBe((stated - remainder) % m === 0 ? "right" : "wrong");
      const operation = only(`$${base}^{${exponent}} \\bmod ${m} = ${stated}$`);
      expect(operation.verdict, operation.claim.text).toBe(stated === remainder ? "right" : "wrong");
      if (stated !== remainder) expect(operation.message).toContain(`= ${remainder}, not ${stated}`);
    }
  });

  it("agrees with trial division on primality", () => {
    for (let n = 2; n < 400; n++) {
      expect(only(`So ${n} is prime.`).verdict).toBe(isPrime(n) ? "right" : "wrong");
      expect(only(`So ${n} is not prime.`).verdict).toBe(isPrime(n) ? "wrong" : "right");
    }
    expect(only("91 is prime.").message).toBe("91 is not prime: 91 = 7 · 13.");
  });

  it("says what is wrong about a stated non-congruence and a remainder out of range", () => {
    expect(only("$2^3 \\not\\equiv 1 \\pmod 7$").message).toBe("They are congruent: 2^3 and 1 both leave 1 modulo 7.");
    expect(only("$17 \\bmod 5 = 7$").message).toBe(
      "17 mod 5 = 2, not 7 (congruent, but a remainder lies between 0 and 4).",
    );
    expect(only("$2^{10} \\equiv 3^3 \\pmod{7}$").message).toBe("2^10 ≡ 2 but 3^3 ≡ 6 (mod 7).");
  });

  it("computes huge powers modulo m, and leaves exact values past the limits unchecked", () => {
    expect(only("$3^{10^{12}} \\equiv 4 \\pmod{7}$").verdict).toBe(
      // 10^12 ≡ 4 (mod 6), so 3^(10^12) ≡ 3^4 = 81 ≡ 4 (mod 7).
      "right",
    );
    expect(only("$1000! \\equiv 0 \\pmod{997}$").verdict).toBe("right");
    expect(only("$2^{100000} = 5$")).toMatchObject({
      verdict: "unchecked",
      message: expect.stringMatching(/too large/),
    });
    expect(only("$3^{-1} \\equiv 5 \\pmod 7$")).toMatchObject({
      verdict: "unchecked",
      message: expect.stringMatching(/fraction/),
    });
    const huge = (CLAIM_CHECK_LIMITS.factoredModulus * 10n + 7n).toString();
    expect(only(`The order of 2 modulo ${huge} is 6.`).verdict).toBe("unchecked");
    expect(only(`The period of 1/${huge} is 6.`).verdict).toBe("unchecked");
    expect(only(`$5 \\equiv 5 \\pmod{0}$`).verdict).toBe("unchecked");
  });
});
