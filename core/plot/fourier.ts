/**
 * The square wave sign(sin x) as a sum of sines: its Fourier series
 * (4/π)·(sin x + sin 3x/3 + sin 5x/5 + …). The partial sums converge to the
 * wave everywhere but overshoot next to each jump by about 9 % of the jump
 * however many terms are taken (the Gibbs phenomenon).
 */

/** The sum of the first `terms` odd harmonics at x. */
export function squareWavePartialSum(x: number, terms: number): number {
  let sum = 0;
  for (let k = 0; k < terms; k++) {
    const harmonic = 2 * k + 1;
    sum += Math.sin(harmonic * x) / harmonic;
  }
  return (4 / Math.PI) * sum;
}

/** The same partial sum as a formula the plotter reads: `4/pi*(sin(x) + sin(3x)/3 + …)`. */
export function squareWaveSeriesText(terms: number): string {
  const parts = Array.from({ length: terms }, (_, k) => {
    const harmonic = 2 * k + 1;
    return harmonic === 1 ? "sin(x)" : `sin(${harmonic}x)/${harmonic}`;
  });
  return `4/pi*(${parts.join(" + ")})`;
}

/**
 * The first maximum right of the jump at 0, where the overshoot is: the partial
 * sum's derivative (4/π)·Σ cos((2k+1)x) = (2/π)·sin(2nx)/sin x first vanishes at
 * x = π/(2n).
 */
export function gibbsPeak(terms: number): { x: number; y: number } {
  const x = Math.PI / (2 * terms);
  return { x, y: squareWavePartialSum(x, terms) };
}
