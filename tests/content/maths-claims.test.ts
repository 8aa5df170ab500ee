import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * Numbers that the site's fixed text states, checked by brute force. Each
 * claim is also looked up in its source, so editing the text without
 * updating (and re-checking) the claim fails here.
 */
function trialDivision(n: number): Map<number, number> {
  const factors = new Map<number, number>();
  let rest = n;
  for (let p = 2; p * p <= rest; p += 1) {
    while (rest % p === 0) {
      factors.set(p, (factors.get(p) ?? 0) + 1);
      rest /= p;
    }
  }
  if (rest > 1) factors.set(rest, (factors.get(rest) ?? 0) + 1);
  return factors;
}

/** Length of the repeating block of 1/d in base 10, by long division (d coprime to 10). */
function decimalPeriodByLongDivision(d: number): number {
  const seen = new Map<number, number>();
  let remainder = 1;
  for (let position = 0; ; position += 1) {
    const first = seen.get(remainder);
    if (first !== undefined) return position - first;
    seen.set(remainder, position);
    remainder = (remainder * 10) % d;
  }
}

describe("maths stated in the site's text", () => {
  it("the 404 page: 404 = 2² × 101", () => {
    const source = readFileSync("app/components/error-screen.tsx", "utf8");
    expect(source).toContain("404 = 2² × 101");
    expect([...trialDivision(404)]).toEqual([
      [2, 2],
      [101, 1],
    ]);
  });

  it("chapter 4: 3^(10^18) mod 999 999 937 = 47 274 951, by reducing the exponent to 4096", () => {
    const file = readFileSync("content/chapters/exponential-remainders.md", "utf8");
    expect(file).toContain("\\(10^{18} = (10^9)^2 \\equiv 64^2 = 4096 \\pmod{p - 1}\\)");
    expect(file).toContain("\\(3^{10^{18}} \\bmod 999\\,999\\,937 = 47\\,274\\,951\\)");
    const p = 999_999_937;
    expect([...trialDivision(p)]).toEqual([[p, 1]]);
    expect(10n ** 9n % BigInt(p - 1)).toBe(64n);
    expect(10n ** 18n % BigInt(p - 1)).toBe(4096n);
    // 3^4096 by twelve squarings, and 3^(p-1) = 1 (Fermat), both by plain BigInt products.
    let power = 3n;
    for (let squaring = 0; squaring < 12; squaring++) power = (power * power) % BigInt(p);
    expect(power).toBe(47_274_951n);
    let fermat = 1n;
    let base = 3n;
    for (let exponent = p - 1; exponent > 0; exponent = Math.floor(exponent / 2)) {
      if (exponent % 2 === 1) fermat = (fermat * base) % BigInt(p);
      base = (base * base) % BigInt(p);
    }
    expect(fermat).toBe(1n);
  });

  it("chapter 1: 2/3·x − 7 = 1/4·x + 3 has the one solution x = 24", () => {
    const file = readFileSync("content/chapters/fundamentals-of-algebra.md", "utf8");
    expect(file).toContain("this gives \\(8x - 84 = 3x + 36\\)");
    expect(file).toContain("Divide by 5: $x = 24$.");
    // Both sides times 12, in whole numbers: 12·(2/3·x − 7) = 8x − 84 and 12·(1/4·x + 3) = 3x + 36.
    const left = (x: number) => 8 * x - 84;
    const right = (x: number) => 3 * x + 36;
    const solutions = Array.from({ length: 2001 }, (_, index) => index - 1000).filter((x) => left(x) === right(x));
    expect(solutions).toEqual([24]);
    // And on the fractions themselves, exactly: 2/3·24 − 7 = 9 = 1/4·24 + 3.
    expect(((2 * 24) / 3 - 7) * 12).toBe(((1 * 24) / 4 + 3) * 12);
    expect((2 * 24) / 3 - 7).toBe(9);
  });

  it("chapter 5: 1/7 repeats every six digits", () => {
    const file = readFileSync("content/chapters/periods-and-primes.md", "utf8");
    expect(file).toMatch(/^summary: .*1\/7 repeats every six digits/m);
    expect(decimalPeriodByLongDivision(7)).toBe(6);
  });
});
