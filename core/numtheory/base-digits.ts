/** How digits of a base up to 36 are written: 0–9, then A–Z for ten and above. */
const SYMBOLS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";

export const MAX_DIGIT_BASE = SYMBOLS.length;

export function digitSymbol(digit: number): string {
  const symbol = SYMBOLS[digit];
  if (!Number.isInteger(digit) || symbol === undefined) throw new RangeError(`No symbol for the digit ${digit}`);
  return symbol;
}

/** A digit list written as one string: [0, 5, 8, 8] → "0588", [1, 11] → "1B". */
export function writeDigits(digits: readonly number[]): string {
  return digits.map(digitSymbol).join("");
}

/** Throws unless base is a whole number from 2 to 36, the bases whose digits have symbols. */
export function requireDigitBase(base: number): void {
  if (!Number.isInteger(base) || base < 2 || base > MAX_DIGIT_BASE) {
    throw new RangeError(`The base must be a whole number from 2 to ${MAX_DIGIT_BASE}, not ${base}`);
  }
}
