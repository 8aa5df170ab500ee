/** Angles read as multiples of π where they are (π/12 steps), else as decimals: 1.5708 reads "π/2". */
export function formatAngle(radians: number): string {
  const twelfths = (radians / Math.PI) * 12;
  const whole = Math.round(twelfths);
  if (Math.abs(twelfths - whole) > 1e-9) return String(Number(radians.toPrecision(4)));
  if (whole === 0) return "0";
  const divisor = gcd(Math.abs(whole), 12);
  const numerator = whole / divisor;
  const denominator = 12 / divisor;
  const sign = numerator < 0 ? "−" : "";
  const top = Math.abs(numerator) === 1 ? "π" : `${Math.abs(numerator)}π`;
  return denominator === 1 ? `${sign}${top}` : `${sign}${top}/${denominator}`;
}

/** The same angle in TeX: \frac{3\pi}{4}. */
export function angleTex(radians: number): string {
  return formatAngle(radians)
    .replace("−", "-")
    .replace(/^(-?)(\d*)π\/(\d+)$/, (_, sign: string, n: string, d: string) => `${sign}\\tfrac{${n}\\pi}{${d}}`)
    .replace(/π/g, "\\pi");
}

function gcd(a: number, b: number): number {
  return b === 0 ? a : gcd(b, a % b);
}
