/**
 * What a reader typed in a number field, as a number: digits only, with
 * spaces, commas and underscores allowed as thousands separators. NaN when it
 * is not a whole number; huge inputs come back huge (not rounded into range),
 * so the range check can say so.
 */
export function parseWholeNumber(text: string): number {
  const digits = text.replace(/[\s,_]/g, "");
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}
