/**
 * Complex numbers as people write them: `2 − 0.5i`, `i`, `−3`, `1.5×10⁷ + 2i`, for read-outs and
 * descriptions. Both parts are rounded to the same absolute precision, set by the larger part, so a
 * rounding residue (1 + 10⁻¹⁷i) does not show as a part of its own.
 */

const MINUS = "\u2212";
const SUPERSCRIPT_DIGITS = "⁰¹²³⁴⁵⁶⁷⁸⁹";
/** Magnitudes from 10^this up, or below 10^SMALL_EXPONENT, are written in scientific form. */
const LARGE_EXPONENT = 6;
const SMALL_EXPONENT = -4;
export const DEFAULT_SIGNIFICANT_DIGITS = 4;

const superscript = (n: number) =>
  (n < 0 ? "⁻" : "") + [...String(Math.abs(n))].map((d) => SUPERSCRIPT_DIGITS[Number(d)]).join("");

/** A real number rounded to `decimals` places (0–20), trailing zeros dropped, with a real minus sign. */
function fixed(x: number, decimals: number): string {
  // Only zeros after the decimal point go: 100 stays 100.
  const text = Math.abs(x)
    .toFixed(decimals)
    .replace(/(\.\d*?)0+$/, "$1")
    .replace(/\.$/, "");
  return text === "0" ? "0" : (x < 0 ? MINUS : "") + text;
}

/** `m×10ⁿ` with `significant` digits in m. */
function scientific(x: number, significant: number): string {
  const [mantissa, exponent] = Math.abs(x)
    .toExponential(significant - 1)
    .split("e") as [string, string];
  const trimmed = mantissa.includes(".") ? mantissa.replace(/\.?0+$/, "") : mantissa;
  return `${x < 0 ? MINUS : ""}${trimmed}×10${superscript(Number(exponent))}`;
}

/** A real number with `significant` digits. */
export function formatReal(x: number, significant = DEFAULT_SIGNIFICANT_DIGITS): string {
  return formatComplex(x, 0, significant);
}

/** re + im·i with `significant` digits in the larger part; "∞" for complex infinity, "undefined" for NaN. */
export function formatComplex(re: number, im: number, significant = DEFAULT_SIGNIFICANT_DIGITS): string {
  if (re !== re || im !== im) return "undefined";
  if (!Number.isFinite(re) || !Number.isFinite(im)) return "∞";
  const scale = Math.max(Math.abs(re), Math.abs(im));
  if (scale === 0) return "0";
  const magnitude = Math.floor(Math.log10(scale));
  const tiny = 10 ** (magnitude - significant + 1) / 2;
  let realText: string | null;
  let imaginaryText: string | null;
  if (magnitude >= LARGE_EXPONENT || magnitude < SMALL_EXPONENT) {
    realText = Math.abs(re) < tiny ? null : scientific(re, significant);
    imaginaryText = Math.abs(im) < tiny ? null : scientific(im, significant);
  } else {
    const decimals = Math.min(20, Math.max(0, significant - 1 - magnitude));
    realText = fixed(re, decimals);
    imaginaryText = fixed(im, decimals);
    if (realText === "0") realText = null;
    if (imaginaryText === "0") imaginaryText = null;
  }
  if (imaginaryText === null) return realText ?? "0";
  const negative = imaginaryText.startsWith(MINUS);
  const size = negative ? imaginaryText.slice(1) : imaginaryText;
  const imaginary = size === "1" ? "i" : size.includes("×") ? `${size}·i` : `${size}i`;
  if (realText === null) return (negative ? MINUS : "") + imaginary;
  return `${realText} ${negative ? MINUS : "+"} ${imaginary}`;
}
