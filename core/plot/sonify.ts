/**
 * A curve as sound, for readers who cannot see it: as x sweeps the view from
 * left to right, the pitch follows y (higher y, higher note). Where the curve
 * is undefined there is silence; where it leaves the view the note holds at
 * the edge and turns quieter. The browser plays the two curves this returns
 * with an oscillator (Web Audio's setValueCurveAtTime).
 */

/** Two octaves around middle A: easy to tell apart, pleasant on laptop speakers. */
export const LOW_HZ = 220;
export const HIGH_HZ = 880;
export const ON_VIEW_GAIN = 0.25;
export const OFF_VIEW_GAIN = 0.08;

export interface Sound {
  /** Hz at each sample, evenly spaced in time. */
  frequencies: Float32Array;
  /** 0 to 1 at each sample. */
  gains: Float32Array;
}

/** Maps samples y(x) (NaN where undefined), taken at evenly spaced x across the view, to pitch and loudness. */
export function sonify(ys: ArrayLike<number>, yMin: number, yMax: number): Sound {
  const n = ys.length;
  const frequencies = new Float32Array(n);
  const gains = new Float32Array(n);
  const span = yMax - yMin;
  let lastFrequency = LOW_HZ;
  for (let i = 0; i < n; i++) {
    const y = ys[i] ?? Number.NaN;
    if (Number.isNaN(y) || span <= 0) {
      // Hold the last pitch so the next note does not glide in from elsewhere.
      frequencies[i] = lastFrequency;
      gains[i] = 0;
      continue;
    }
    const t = (y - yMin) / span;
    const clamped = Math.min(1, Math.max(0, t));
    // Equal steps in y are equal musical intervals.
    lastFrequency = LOW_HZ * Math.pow(HIGH_HZ / LOW_HZ, clamped);
    frequencies[i] = lastFrequency;
    gains[i] = t === clamped ? ON_VIEW_GAIN : OFF_VIEW_GAIN;
  }
  return { frequencies, gains };
}

/**
 * y at `count` evenly spaced x across [xMin, xMax], read off a sampled curve's
 * polylines (interleaved x, y; x increasing within each, as graphs of x are
 * sampled) by linear interpolation; NaN where no polyline covers x.
 */
export function samplesAlong(
  polylines: readonly ArrayLike<number>[],
  xMin: number,
  xMax: number,
  count: number,
): Float64Array {
  const ys = new Float64Array(count).fill(Number.NaN);
  for (const line of polylines) {
    for (let i = 0; i + 3 < line.length; i += 2) {
      const x0 = line[i]!;
      const y0 = line[i + 1]!;
      const x1 = line[i + 2]!;
      const y1 = line[i + 3]!;
      if (!(x1 > x0)) continue;
      // The sample indices whose x falls in [x0, x1].
      const first = Math.max(0, Math.ceil(((x0 - xMin) / (xMax - xMin)) * (count - 1)));
      const last = Math.min(count - 1, Math.floor(((x1 - xMin) / (xMax - xMin)) * (count - 1)));
      for (let k = first; k <= last; k++) {
        const x = xMin + ((xMax - xMin) * k) / (count - 1);
        ys[k] = y0 + ((y1 - y0) * (x - x0)) / (x1 - x0);
      }
    }
  }
  return ys;
}
