import { describe, expect, it } from "vitest";
import { extractNumberClaims, plainMaths, MAX_CLAIMS } from "./number-claims";
import { random } from "./test-oracles";

/** The claims of a text as "line: claim". */
const read = (text: string) => extractNumberClaims(text).map((claim) => `${claim.line}: ${claim.text}`);

describe("plainMaths", () => {
  it("drops delimiters and turns TeX into plain notation", () => {
    expect(plainMaths(String.raw`$360 = 2^{3} \cdot 3^2 \times 5$`).trim()).toBe("360 = 2^(3) * 3^2 * 5");
    expect(plainMaths(String.raw`\(a \equiv b \pmod{m}\) and \[x \not\equiv 1 \pmod 7\]`).trim()).toBe(
      "a ≡ b (mod m) and x ≢ 1 (mod 7)",
    );
    expect(plainMaths(String.raw`$\frac{1}{7}$, $\operatorname{ord}_{7}(3)$, 2³ · 3²`).trim()).toBe(
      "(1)/(7) , ord _(7)(3) , 2^(3) * 3^(2)",
    );
  });

  it("keeps code out and turns other commands into word breaks", () => {
    expect(plainMaths("`2 = 3` and $\\varphi(7) = 6$")).not.toContain("2 = 3");
    expect(plainMaths("$\\varphi(7) = 6$")).toContain("¶");
  });
});

describe("extractNumberClaims", () => {
  it("reads equalities with a bare integer on one side, in every delimiter", () => {
    expect(
      read(
        [
          String.raw`We have $360 = 2^3 \cdot 3^2 \cdot 5$.`,
          String.raw`Also \(2^{10} - 1 = 1023 = 3 \cdot 11 \cdot 31\) and`,
          "$$",
          String.raw`6! = 720`,
          "$$",
          String.raw`\[ 2^3 \times 3^2 \times 5 = 360 \]`,
          "and in plain text 84 = 2² · 3 · 7.",
        ].join("\n"),
      ),
    ).toEqual([
      "1: 360 = 2^3 · 3^2 · 5",
      "2: 2^10 − 1 = 1023",
      "2: 1023 = 3 · 11 · 31",
      "4: 6! = 720",
      "6: 2^3 · 3^2 · 5 = 360",
      "7: 84 = 2^2 · 3 · 7",
    ]);
  });

  it("reads congruence chains with each way of writing the modulus", () => {
    expect(
      read(
        [
          String.raw`$2^{10} \equiv 1 \pmod{11}$, $3^{100} \equiv 4 \pmod 7$`,
          String.raw`$2^{10} = 1024 \equiv 2 \ (\mathrm{mod}\ 7)$ and $5 \equiv 12 \mod 7$`,
          String.raw`$6! \equiv -1 \pmod{7}$; $2^3 \not\equiv 2 \pmod{7}$; 10 ≡ 3 (modulo 7)`,
          String.raw`$4^{2} \equiv 1 \pmod{3 \cdot 5}$`,
        ].join("\n"),
      ),
    ).toEqual([
      "1: 2^10 ≡ 1 (mod 11)",
      "1: 3^100 ≡ 4 (mod 7)",
      "2: 2^10 ≡ 1024 (mod 7)",
      "2: 1024 ≡ 2 (mod 7)",
      "2: 5 ≡ 12 (mod 7)",
      "3: 6! ≡ -1 (mod 7)",
      "3: 2^3 ≢ 2 (mod 7)",
      "3: 10 ≡ 3 (mod 7)",
      "4: 4^2 ≡ 1 (mod 3 · 5)",
    ]);
  });

  it("reads remainders written with mod as an operation, or in words", () => {
    expect(
      read(
        [
          String.raw`$2^{10} \bmod 7 = 2$ and $4 = 3^{100} \mod 7$.`,
          String.raw`The remainder of $3^{100}$ divided by $7$ is $4$.`,
          String.raw`The remainder when $2^{50}$ is divided by 3 is 1, and $5^{20}$ leaves a remainder of 2 when divided by 7.`,
          "17 leaves remainder 2 on division by 5.",
        ].join("\n"),
      ),
    ).toEqual([
      "1: 2^10 mod 7 = 2",
      "1: 3^100 mod 7 = 4",
      "2: 3^100 mod 7 = 4",
      "3: 2^50 mod 3 = 1",
      "3: 5^20 mod 7 = 2",
      "4: 17 mod 5 = 2",
    ]);
  });

  it("reads orders, periods and primality in sentences, with the numbers in formulas or not", () => {
    expect(
      read(
        [
          "The order of 3 modulo 7 is 6, and the multiplicative order of $10$ mod $13$ is $6$.",
          String.raw`$\operatorname{ord}_{7}(2) = 3$, $\mathrm{ord}_{11} 2 = 10$; 2 has order 3 modulo 7.`,
          "Modulo 9, the order of 2 is 6.",
          String.raw`The period of $1/7$ is 6. $\frac{1}{13}$ has period 6; 3/7 has a period of length 6.`,
          "The decimal expansion of 1/17 repeats every 16 digits. The length of the period of 1/41 is 5.",
          "91 is prime, 97 is not a prime, and 15 is composite.",
        ].join("\n"),
      ),
    ).toEqual([
      "1: ord_7(3) = 6",
      "1: ord_13(10) = 6",
      "2: ord_7(2) = 3",
      "2: ord_11(2) = 10",
      "2: ord_7(2) = 3",
      "3: ord_9(2) = 6",
      "4: period of 1/7 = 6",
      "4: period of 1/13 = 6",
      "4: period of 3/7 = 6",
      "5: period of 1/17 = 16",
      "5: period of 1/41 = 5",
      "6: 91 is prime",
      "6: 97 is not prime",
      "6: 15 is not prime",
    ]);
  });

  it("passes over what is not a claim about whole numbers", () => {
    const text = [
      String.raw`$x \equiv 3 \pmod 7$ and $a^{p-1} \equiv 1 \pmod p$ (Fermat).`,
      "3.5 = 2 + 1.5, and 1/7 = 0.142857…",
      String.raw`$n = 2^k - 1$, $\varphi(7) = 6$, $f(3) = 9$, $\gcd(12, 18) = 6$.`,
      "It costs $5, or 3 = 3, and 7 is a prime factor of 91; 8 is a prime power.",
      "`360 = 2 * 3` in code, and",
      "```",
      "2^3 = 9",
      "```",
      "    10 = 2 * 3 (indented code)",
      String.raw`$\operatorname{ord}_7(3)(2) = 1$ and $2(3) = 6$, $3^{-1} \equiv 5 \pmod 7$.`,
    ].join("\n");
    expect(read(text)).toEqual(["10: 3^(-1) ≡ 5 (mod 7)"]);
  });

  it("never throws and stays bounded on arbitrary text", () => {
    const next = random(2207);
    const alphabet = [..."0123456789 =≡≢^*+-!()(){}$\\modulo·×,.;ab", "\\pmod{", "\\equiv", "\\cdot", "mod ", "\n"];
    for (let round = 0; round < 300; round++) {
      let text = "";
      for (let i = 0; i < 200; i++) text += alphabet[Math.floor(next() * alphabet.length)];
      expect(() => extractNumberClaims(text)).not.toThrow();
    }
    const many = Array.from({ length: MAX_CLAIMS + 50 }, (_, i) => `${i} = ${i}^1`).join("\n");
    expect(extractNumberClaims(many)).toHaveLength(MAX_CLAIMS);
    const started = performance.now();
    extractNumberClaims(`${"(".repeat(2000)}1${")".repeat(2000)} = 1\n${"2^".repeat(3000)}2 = 4`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
