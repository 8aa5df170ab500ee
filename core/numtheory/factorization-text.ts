/**
 * A factorization written out for people: "2³ · 3² · 5" in plain text (for
 * sentences, labels and screen readers) and "2^{3} \cdot 3^{2} \cdot 5" in TeX.
 */

/** One prime power p^e of a factorization, with numbers small enough for `number`. */
export interface PrimePower {
  prime: number;
  exponent: number;
}

const SUPERSCRIPT_DIGITS = ["⁰", "¹", "²", "³", "⁴", "⁵", "⁶", "⁷", "⁸", "⁹"];

/** 12 → "¹²". */
export function superscript(k: number): string {
  if (!Number.isSafeInteger(k) || k < 0) throw new RangeError(`superscript needs a whole number ≥ 0, got ${k}`);
  return [...String(k)].map((digit) => SUPERSCRIPT_DIGITS[Number(digit)]).join("");
}

/**
 * "2³ · 3² · 5": exponent 1 is left out; with `keepZeros` a zero exponent is
 * written as p⁰, otherwise its prime is skipped. An empty product is "1".
 */
export function factorizationText(powers: readonly PrimePower[], options: { keepZeros?: boolean } = {}): string {
  const shown = powers.filter(({ exponent }) => exponent > 0 || options.keepZeros);
  if (shown.length === 0) return "1";
  return shown
    .map(({ prime, exponent }) => (exponent === 1 ? `${prime}` : `${prime}${superscript(exponent)}`))
    .join(" · ");
}

/** The same in TeX: "2^{3} \cdot 3^{2} \cdot 5". */
export function factorizationTex(powers: readonly PrimePower[], options: { keepZeros?: boolean } = {}): string {
  const shown = powers.filter(({ exponent }) => exponent > 0 || options.keepZeros);
  if (shown.length === 0) return "1";
  return shown.map(({ prime, exponent }) => (exponent === 1 ? `${prime}` : `${prime}^{${exponent}}`)).join(" \\cdot ");
}
