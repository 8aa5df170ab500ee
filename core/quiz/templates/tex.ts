/** How the templates write numbers and formulas: KaTeX source for `$…$`, in the chapters' notation. */
import { mod } from "#core/numtheory/bigint";

/** Digits grouped in threes with thin spaces from five digits on (10\,000, 7\,006\,652), as the chapters print them. */
export function texInteger(n: bigint | number): string {
  const text = BigInt(n).toString();
  const sign = text.startsWith("-") ? "-" : "";
  const digits = sign ? text.slice(1) : text;
  if (digits.length < 5) return text;
  const groups: string[] = [];
  for (let end = digits.length; end > 0; end -= 3) groups.unshift(digits.slice(Math.max(0, end - 3), end));
  return sign + groups.join("\\,");
}

/** A number as a factor in a product: negative ones in brackets, so 3 \cdot (-4) reads right. */
export function texFactor(n: bigint | number): string {
  return BigInt(n) < 0n ? `(${texInteger(n)})` : texInteger(n);
}

/** b^{e}, or just b when e = 1. */
export function texPower(base: bigint | number | string, exponent: bigint | number): string {
  const b = typeof base === "string" ? base : texInteger(base);
  return BigInt(exponent) === 1n ? b : `${b}^{${texInteger(exponent)}}`;
}

/** p^a · q^b · …, in the order given: 2^{3} \cdot 3^{2} \cdot 5. */
export function texFactorization(factors: readonly { value: bigint | number; exponent: number }[]): string {
  return factors.map(({ value, exponent }) => texPower(value, exponent)).join(" \\cdot ");
}

export function texCongruence(left: string, right: string, modulus: bigint | number): string {
  return `${left} \\equiv ${right} \\pmod{${texInteger(modulus)}}`;
}

export function texFraction(numerator: bigint | number, denominator: bigint | number): string {
  return `\\frac{${texInteger(numerator)}}{${texInteger(denominator)}}`;
}

/** q \cdot m + r with 0 ≤ r < m and a = qm + r: the right-hand side of a division with remainder. */
export function texRemainderForm(a: bigint, m: bigint): string {
  const remainder = mod(a, m);
  return `${texFactor((a - remainder) / m)} \\cdot ${texInteger(m)} + ${texInteger(remainder)}`;
}

/** a = q \cdot m + r, the division with remainder written out. */
export function texDivision(a: bigint, m: bigint): string {
  return `${texInteger(a)} = ${texRemainderForm(a, m)}`;
}

/** A decimal expansion with the repetend under a bar: 0.41\overline{6}, or 0.125 when it ends. */
export function texExpansion(integerPart: number, digits: readonly number[], preperiod: number): string {
  const before = digits.slice(0, preperiod).join("");
  const repetend = digits.slice(preperiod).join("");
  if (digits.length === 0) return `${integerPart}`;
  return `${integerPart}.${before}${repetend === "" ? "" : `\\overline{${repetend}}`}`;
}

/** "a", "a and b", "a, b and c" (or "a, b or c"). */
export function listInWords(items: readonly string[], conjunction: "and" | "or" = "and"): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} ${conjunction} ${items[items.length - 1]}`;
}

/** Formulas listed in words, each in its own $…$. */
export function listFormulas(items: readonly (string | number | bigint)[], conjunction: "and" | "or" = "and"): string {
  return listInWords(
    items.map((item) => `$${typeof item === "string" ? item : texInteger(item)}$`),
    conjunction,
  );
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
