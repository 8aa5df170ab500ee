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
    expect(file).toContain("$$10^{18} = (10^9)^2 \\equiv 64^2 = 4096 \\pmod{p - 1}.$$");
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

  it("chapter 3: Euclid's table for 1071 and 462, Bézout, 1071x + 462y = 105 and the exercises' numbers, by search", () => {
    const file = readFileSync("content/chapters/remainder-calculation-sequences.md", "utf8");
    const common = (a: number, b: number) => Math.max(...Array.from({ length: b }, (_, d) => d + 1).filter((d) => a % d === 0 && b % d === 0));
    for (const claim of [
      "| 2 | line 0 − 2 × line 1 | 147 | 1 | −2 |",
      "| 3 | line 1 − 3 × line 2 | 21 | −3 | 7 |",
      "| 4 | line 2 − 7 × line 3 | 0 | 22 | −51 |",
      "\\(1071 \\cdot (-15) + 462 \\cdot 35 = 105\\)",
      "$x = 7$, $y = -16$",
      "\\(1769 \\cdot 5 - 551 \\cdot 16 = 8845 - 8816 = 29\\)",
    ]) {
      expect(file).toContain(claim);
    }
    expect(common(1071, 462)).toBe(21);
    // Each line of the table is 1071·u + 462·v; line 4 is the lcm.
    expect([1071 * 1 + 462 * -2, 1071 * -3 + 462 * 7, 1071 * 22 - 462 * 51]).toEqual([147, 21, 0]);
    expect(1071 * 22).toBe((1071 * 462) / 21);
    // The solutions of 1071x + 462y = 105 with 0 ≤ x < 100: x = 7, 29, 51, 73, 95, the first with y = −16.
    const xs = Array.from({ length: 100 }, (_, x) => x).filter((x) => (105 - 1071 * x) % 462 === 0);
    expect(xs).toEqual([7, 29, 51, 73, 95]);
    expect((105 - 1071 * 7) / 462).toBe(-16);
    expect(Array.from({ length: 1000 }, (_, x) => x).filter((x) => (100 - 1071 * x) % 462 === 0)).toEqual([]);
    expect([common(1769, 551), 1769 * 5 - 551 * 16]).toEqual([29, 29]);
  });

  it("chapter 3: 89 and 55 need the most divisions below 100, the student's missed x is 19, and four museum groups", () => {
    const file = readFileSync("content/chapters/remainder-calculation-sequences.md", "utf8");
    expect(file).toContain("89 and 55 are the only pair below 100 with 9 divisions");
    expect(file).toContain("the groups (1, 25), (6, 18), (11, 11) and (16, 4)");
    const divisions = (a: number, b: number): number => (b === 0 ? 0 : 1 + divisions(b, a % b));
    const pairs = Array.from({ length: 100 }, (_, i) => i + 1).flatMap((a) =>
      Array.from({ length: a - 1 }, (_, j) => [a, j + 1] as const),
    );
    expect(pairs).toHaveLength(4950);
    const most = Math.max(...pairs.map(([a, b]) => divisions(a, b)));
    expect([most, pairs.filter(([a, b]) => divisions(a, b) === most)]).toEqual([9, [[89, 55]]]);
    // Solutions of 1071x + 462y = 21 with 0 < x < 100: the student's formula x = −3 + 462t has none there.
    const positive = Array.from({ length: 100 }, (_, x) => x).filter((x) => x > 0 && (21 - 1071 * x) % 462 === 0);
    expect(positive[0]).toBe(19);
    expect(positive.every((x) => (x + 3) % 462 !== 0)).toBe(true);
    const groups = Array.from({ length: 20 }, (_, adults) => adults)
      .filter((adults) => adults >= 1 && (396 - 21 * adults) % 15 === 0 && (396 - 21 * adults) / 15 >= 1)
      .map((adults) => [adults, (396 - 21 * adults) / 15]);
    expect(groups).toEqual([
      [1, 25],
      [6, 18],
      [11, 11],
      [16, 4],
    ]);
  });

  it("chapter 4: 15 passes the Fermat test to base 4 and fails it to base 2", () => {
    const file = readFileSync("content/chapters/exponential-remainders.md", "utf8");
    expect(file).toContain("\\(4^{14} \\bmod 15\\) :: integer 1 remainder mod 15");
    expect(file).toContain("\\(2^{14} \\bmod 15\\) :: integer 4 remainder mod 15");
    // Fourteen multiplications each, reduced as they go.
    const power = (base: number, exponent: number, m: number) =>
      Array.from({ length: exponent }).reduce<number>((value) => (value * base) % m, 1);
    expect([power(4, 14, 15), power(2, 14, 15)]).toEqual([1, 4]);
    expect(trialDivision(15).size).toBe(2);
  });

  it("chapter 4: Wilson modulo 7 and 11, the squares modulo 7, 11 and 13, 3 modulo 101, and the two RSA keys", () => {
    const file = readFileSync("content/chapters/exponential-remainders.md", "utf8");
    for (const claim of [
      "\\(6! = 720 = 103 \\cdot 7 - 1\\)",
      "\\(3^{50} \\equiv 100 \\equiv -1 \\pmod{101}\\)",
      "\\(17 \\cdot 2753 = 46\\,801 = 15 \\cdot 3120 + 1\\)",
      "square-and-multiply gives $c = 2790$",
      "the squares modulo 11 are 1, 4, 9, 5 and 3",
      "\\(10^3 = 1000 = 2 \\cdot 391 + 218\\)",
    ]) {
      expect(file).toContain(claim);
    }
    const power = (base: bigint, exponent: number, m: bigint) =>
      Array.from({ length: exponent }).reduce<bigint>((value) => (value * base) % m, 1n);
    const factorial = (n: number) => Array.from({ length: n }, (_, i) => BigInt(i + 1)).reduce((a, b) => a * b, 1n);
    expect([factorial(6), factorial(6) % 7n, factorial(10) % 11n]).toEqual([720n, 6n, 10n]);
    const squares = (p: number) => [...new Set(Array.from({ length: p - 1 }, (_, x) => ((x + 1) ** 2) % p))];
    expect(squares(7)).toEqual([1, 4, 2]);
    expect(squares(11)).toEqual([1, 4, 9, 5, 3]);
    expect(squares(11).includes(6)).toBe(false);
    expect(squares(13).includes(12)).toBe(true);
    expect(squares(7).includes(6)).toBe(false);
    expect(squares(101).includes(3)).toBe(false);
    expect(power(3n, 50, 101n)).toBe(100n);
    expect(power(6n, 5, 11n)).toBe(10n);
    // RSA with 61 · 53 and with 17 · 23, checked by multiplying as often as the exponent says.
    expect([trialDivision(3233), trialDivision(391)].map((f) => [...f.keys()])).toEqual([
      [53, 61],
      [17, 23],
    ]);
    expect((17 * 2753) % 3120).toBe(1);
    expect(power(65n, 17, 3233n)).toBe(2790n);
    expect(power(2790n, 2753, 3233n)).toBe(65n);
    expect((3 * 235) % 352).toBe(1);
    expect(power(10n, 3, 391n)).toBe(218n);
    expect(power(218n, 235, 391n)).toBe(10n);
  });

  it("chapter 4's error and chapter 5's conjecture: 2^100 mod 7 = 2, and 41 and 271 are the primes with period 5", () => {
    const exponential = readFileSync("content/chapters/exponential-remainders.md", "utf8");
    const periods = readFileSync("content/chapters/periods-and-primes.md", "utf8");
    expect(exponential).toContain("\\(2^{100} \\equiv 2^4 = 16 \\equiv 2 \\pmod{7}\\)");
    expect(periods).toContain("\\(10^5 - 1 = 99\\,999 = 3^2 \\cdot 41 \\cdot 271\\)");
    expect(Array.from({ length: 100 }).reduce<number>((value) => (value * 2) % 7, 1)).toBe(2);
    expect([...trialDivision(99999)]).toEqual([
      [3, 2],
      [41, 1],
      [271, 1],
    ]);
    expect([3, 11, 37, 101, 41, 271].map(decimalPeriodByLongDivision)).toEqual([1, 2, 3, 4, 5, 5]);
    // A prime with period 5 divides 10^5 − 1; of its primes, 3 has period 1.
    expect([...trialDivision(99999).keys()].filter((p) => decimalPeriodByLongDivision(p) === 5)).toEqual([41, 271]);
  });

  it("chapter 2's toolkit: odd numbers add up to squares, 2^6 − 1, the fourth row of Pascal's triangle, and its exercise", () => {
    const file = readFileSync("content/chapters/atomic-model-of-numbers.md", "utf8");
    for (const claim of [
      "\\(2^{6} - 1 = 63\\) is divisible by \\(2^2 - 1 = 3\\) and by \\(2^3 - 1 = 7\\)",
      "\\((a + b)^4 = a^4 + 4a^3 b + 6a^2 b^2 + 4ab^3 + b^4\\)",
      "(a) :: integer 2047",
      "(b) :: integer 120",
      "(c) :: integer 80",
    ]) {
      expect(file).toContain(claim);
    }
    for (let n = 1; n <= 50; n += 1) {
      expect(Array.from({ length: n }, (_, i) => 2 * i + 1).reduce((a, b) => a + b, 0)).toBe(n * n);
    }
    expect([63 % 3, 63 % 7, 2 ** 6 - 1]).toEqual([0, 0, 63]);
    // Pascal's triangle by its rule, row by row, against the counts of choices.
    const rows = [[1]];
    for (let n = 1; n <= 10; n += 1) rows.push([1, ...rows[n - 1]!.slice(1).map((v, k) => v + rows[n - 1]![k]!), 1]);
    expect(rows[4]).toEqual([1, 4, 6, 4, 1]);
    expect(rows[10]![3]).toBe(120);
    // The coefficient of x^2 in (x + 2)^5, by multiplying the brackets out one at a time.
    let polynomial = [1];
    for (let i = 0; i < 5; i += 1) polynomial = [...polynomial, 0].map((c, k) => 2 * c + (k > 0 ? polynomial[k - 1]! : 0));
    expect(polynomial[2]).toBe(80);
    expect(Array.from({ length: 11 }, (_, k) => 2 ** k).reduce((a, b) => a + b, 0)).toBe(2047);
  });

  it("chapter 5: 1/7 repeats every six digits", () => {
    const file = readFileSync("content/chapters/periods-and-primes.md", "utf8");
    expect(file).toMatch(/^summary: .*1\/7 repeats every six digits/m);
    expect(decimalPeriodByLongDivision(7)).toBe(6);
  });
});
