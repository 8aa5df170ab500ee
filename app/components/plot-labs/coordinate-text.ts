/** Numbers as readers type them into range fields, and as the labs write them back. */

/** `2`, `-1.5`, `−3`, `1e-3`, and multiples of π: `π`, `-2pi`, `0.5π`. */
const COORDINATE = /^([+\-\u2212]?)(\d+(?:\.\d*)?(?:e[+-]?\d+)?|\.\d+(?:e[+-]?\d+)?)?\s*(π|pi)?$/i;

/** The number a range field holds, or NaN when it is not one. */
export function parseCoordinate(text: string): number {
  const match = COORDINATE.exec(text.trim());
  if (!match || (match[2] === undefined && match[3] === undefined)) return Number.NaN;
  const sign = match[1] === "" || match[1] === "+" ? 1 : -1;
  const magnitude = match[2] === undefined ? 1 : Number(match[2]);
  return sign * magnitude * (match[3] === undefined ? 1 : Math.PI);
}

/** Values this large or this small (but not 0) are written in scientific notation. */
const LARGEST_PLAIN = 1e5;
const SMALLEST_PLAIN = 1e-3;

/** Four significant figures, with true minus signs: −0.3333, 12.57, 1.000e+6, 2.500e−4. */
export function formatValue(value: number): string {
  const magnitude = Math.abs(value);
  const scientific = magnitude >= LARGEST_PLAIN || (value !== 0 && magnitude < SMALLEST_PLAIN);
  const text = scientific ? value.toExponential(3) : String(Number(value.toPrecision(4)));
  return text.replaceAll("-", "\u2212");
}
