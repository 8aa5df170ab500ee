/**
 * Number patterns on a circle of n equally spaced points, numbered 0 … n−1.
 *
 * The modular times-table circle: a chord joins each point k to the point k·m mod n. For a whole
 * multiplier m the chords envelope an epicycloid with m − 1 cusps (m = 2 the cardioid, m = 3 the
 * nephroid); the chord of the angle θ touches it at (m·P(θ) + P(mθ)) / (m + 1), where P(θ) is the
 * point of the unit circle at angle θ. A fractional m places k·m between two points, so a
 * continuously growing m morphs one envelope into the next.
 *
 * The powers of a mod n: the path 1 → a → a² → … mod n, which returns to 1 after ord_n(a) steps
 * when gcd(a, n) = 1 and otherwise runs along a tail into a cycle (the shape of the letter ρ).
 *
 * Coordinates are on the unit circle, counter-clockwise from (1, 0); the drawing orients them.
 */

export interface CirclePoint {
  x: number;
  y: number;
}

/** Fewest points on the circle: with one there is no chord to draw. */
export const MIN_POINTS = 2;
/** Most points: enough for smooth envelopes, few enough to draw every frame. */
export const MAX_POINTS = 1000;
/** Largest multiplier the times-table animation runs to before it starts again from 0. */
export const MAX_MULTIPLIER = 100;
/** A multiplier this close to a whole number is named after it (the display shows two decimals). */
export const WHOLE_MULTIPLIER_TOLERANCE = 0.005;

export function requirePointCount(n: number): void {
  if (!Number.isInteger(n) || n < MIN_POINTS || n > MAX_POINTS) {
    throw new RangeError(`The number of points must be a whole number from ${MIN_POINTS} to ${MAX_POINTS}, got ${n}`);
  }
}

/** The residue of t modulo n in [0, n), also for fractional and negative t. */
export function positionModulo(t: number, n: number): number {
  const r = t % n;
  // A tiny negative r would round to n, which is outside [0, n).
  return r < 0 ? (r + n < n ? r + n : 0) : r;
}

/** The point at position t (fractional positions lie between the numbered points) of n on the unit circle. */
export function circlePosition(t: number, n: number): CirclePoint {
  const angle = (2 * Math.PI * t) / n;
  return { x: Math.cos(angle), y: Math.sin(angle) };
}

/** A chord from the numbered point `from` to the position `to`, which is fractional when m is. */
export interface Chord {
  from: number;
  to: number;
}

/** The chords k → k·m mod n for k = 0 … n−1, leaving out those that end where they start. */
export function timesTableChords(n: number, m: number): Chord[] {
  requirePointCount(n);
  if (!Number.isFinite(m)) throw new RangeError(`The multiplier must be a finite number, got ${m}`);
  const chords: Chord[] = [];
  for (let k = 0; k < n; k += 1) {
    const to = positionModulo(k * m, n);
    if (to !== k) chords.push({ from: k, to });
  }
  return chords;
}

/** The point P(θ) of the unit circle at the angle θ. */
function unitPoint(theta: number): CirclePoint {
  return { x: Math.cos(theta), y: Math.sin(theta) };
}

/**
 * Where the chord from angle θ to angle mθ touches the envelope of all such chords: it divides
 * the chord in the ratio 1 : m, so it lies on the chord itself for every m ≥ 0.
 */
export function envelopePoint(theta: number, m: number): CirclePoint {
  if (!(m >= 0)) throw new RangeError(`The envelope is drawn for multipliers m ≥ 0, got ${m}`);
  const start = unitPoint(theta);
  const end = unitPoint(m * theta);
  return { x: (m * start.x + end.x) / (m + 1), y: (m * start.y + end.y) / (m + 1) };
}

/** The envelope traced for θ from 0 to 2π in `samples` equal steps (both ends included). */
export function envelopeCurve(m: number, samples: number): CirclePoint[] {
  if (!Number.isInteger(samples) || samples < 2) throw new RangeError(`At least 2 samples are needed, got ${samples}`);
  return Array.from({ length: samples }, (_, i) => envelopePoint((2 * Math.PI * i) / (samples - 1), m));
}

/** m rounded to a whole number when it is within WHOLE_MULTIPLIER_TOLERANCE of one, else null. */
export function wholeMultiplier(m: number): number | null {
  const rounded = Math.round(m);
  return Math.abs(m - rounded) <= WHOLE_MULTIPLIER_TOLERANCE ? rounded : null;
}

/** The name of the epicycloid with c cusps, with its article: "a cardioid", "an epicycloid with 5 cusps". */
function epicycloidName(cusps: number): string {
  if (cusps === 1) return "a cardioid";
  if (cusps === 2) return "a nephroid";
  return `an epicycloid with ${cusps} cusps`;
}

/** What the chords of multiplier m envelope, in words (m ≥ 0; callers reduce m mod n first). */
export function envelopeName(m: number): string {
  if (!(m >= 0)) throw new RangeError(`Envelopes are named for multipliers m ≥ 0, got ${m}`);
  const whole = wholeMultiplier(m);
  if (whole === 0) return "every chord ends at point 0, so they fan out from it";
  if (whole === 1) return "every point is joined to itself, so there are no chords";
  if (whole !== null) return `the chords envelope ${epicycloidName(whole - 1)}`;
  const below = Math.floor(m);
  if (below === 0) return "the chords are between a fan from point 0 (m = 0) and no chords at all (m = 1)";
  if (below === 1) return "the chords are growing into a cardioid (m = 2)";
  return `the chords morph from ${epicycloidName(below - 1)} (m = ${below}) into ${epicycloidName(below)} (m = ${below + 1})`;
}

/** Two decimals, without trailing zeros: 2, 2.5, 2.37. */
function formatMultiplier(m: number): string {
  return String(Math.round(m * 100) / 100);
}

/**
 * A sentence for screen readers: what the times-table circle shows. Multipliers m and m + n give
 * the same chords (k·n ≡ 0 mod n), so the envelope is named for m mod n; past n/2 the chords run
 * backwards around the circle and their envelope lies outside it.
 */
export function describeTimesTable(n: number, m: number): string {
  requirePointCount(n);
  const effective = positionModulo(m, n);
  const head = `${n} points, multiplier ${formatMultiplier(m)}`;
  const same = Math.abs(effective - m) > WHOLE_MULTIPLIER_TOLERANCE;
  const alias = same
    ? ` (the same chords as multiplier ${formatMultiplier(effective)}, because k·${n} is 0 mod ${n})`
    : "";
  if (effective > n / 2) {
    return `${head}${alias}: each chord runs backwards around the circle, so the chords weave a mesh with no envelope inside it.`;
  }
  return `${head}${alias}: ${envelopeName(effective)}.`;
}

/**
 * The hue (degrees) of the chord from point k: the colour wheel once around the circle, so
 * neighbouring chords look alike and the envelope's layers stay distinguishable.
 */
export function chordHue(k: number, n: number): number {
  return (360 * positionModulo(k, n)) / n;
}

/** Saturation and lightness (per cent) that keep chords readable on each page background. */
export const CHORD_TONES = {
  light: { saturation: 80, lightness: 38 },
  dark: { saturation: 85, lightness: 68 },
} as const;

export function chordColour(k: number, n: number, scheme: keyof typeof CHORD_TONES): string {
  const { saturation, lightness } = CHORD_TONES[scheme];
  return `hsl(${chordHue(k, n).toFixed(1)} ${saturation}% ${lightness}%)`;
}

/** The powers 1, a, a², … mod n, each once; after the last comes `values[cycleStart]` again. */
export interface PowerOrbit {
  values: number[];
  /** Index in `values` where the repeating part starts: 0 when the powers return to 1. */
  cycleStart: number;
  cycleLength: number;
}

export function powerOrbit(a: number, n: number): PowerOrbit {
  requirePointCount(n);
  if (!Number.isInteger(a)) throw new RangeError(`The base must be a whole number, got ${a}`);
  const base = positionModulo(a, n);
  const indexOf = new Map<number, number>();
  const values: number[] = [];
  // n ≤ MAX_POINTS keeps every product below 2^53.
  for (let value = 1; !indexOf.has(value); value = (value * base) % n) {
    indexOf.set(value, values.length);
    values.push(value);
  }
  const last = values[values.length - 1]!;
  const cycleStart = indexOf.get((last * base) % n)!;
  return { values, cycleStart, cycleLength: values.length - cycleStart };
}

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** A description lists at most this many powers before "…": enough to see the pattern start. */
const LISTED_POWERS = 10;

/** A sentence for screen readers: the path of the powers and what its shape says. */
export function describePowerOrbit(a: number, n: number): string {
  const { values, cycleStart, cycleLength } = powerOrbit(a, n);
  const base = positionModulo(a, n);
  const shown =
    values.length > LISTED_POWERS ? `${values.slice(0, LISTED_POWERS).join(" → ")} → …` : values.join(" → ");
  if (cycleStart === 0) {
    const units = Array.from({ length: n }, (_, k) => k).filter((k) => greatestCommonDivisor(k, n) === 1).length;
    const root =
      cycleLength === units
        ? `: they visit every one of the ${units} numbers coprime to ${n}, so ${a} is a primitive root mod ${n}`
        : "";
    return `Powers of ${a} mod ${n}: ${shown} → 1. The order of ${a} mod ${n} is ${cycleLength}${root}.`;
  }
  const common = greatestCommonDivisor(base, n);
  const steps = (count: number) => `${count} step${count === 1 ? "" : "s"}`;
  return `Powers of ${a} mod ${n}: ${shown} → ${values[cycleStart]}. After a tail of ${steps(cycleStart)} the powers go round a cycle of ${steps(cycleLength)}; ${a} and ${n} share the factor ${common}, so 1 never comes back.`;
}
