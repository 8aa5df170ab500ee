/**
 * ECM stage 2, baby-step giant-step: a prime q ∈ (B1, B2] is written q = k·D ± j
 * with j < D/2 coprime to D, and [q]Q = O (mod p) exactly when the x-coordinates
 * of [k·D]Q and [j]Q agree mod p, so gcd(∏ (X_k·Z_j − X_j·Z_k), n) finds p.
 * With the baby steps [j]Q normalised to Z = 1 a prime costs 2M; the pair k·D ± j
 * shares one term, so a prime up to D/2 beyond B2 may be caught too.
 */
import { gcd, modInverse } from "./bigint";
import { ladder, type XZPoint, xAdd, xDouble } from "./ecm-montgomery";
import { type StopSignal, throwIfStopped } from "./factorization-types";
import { primesInRange } from "./prime-sieve";

/** The (giant k, baby j) products for the giants of one stretch of (B1, B2]. */
export interface StageTwoWindow {
  /** Terms of the window's giant g (counted from its first) are babyIndexes[giantStarts[g] .. giantStarts[g + 1]). */
  giantStarts: Uint32Array;
  babyIndexes: Uint16Array;
}

/** What stage 2 needs for given B1, B2: the same for every curve. */
export interface StageTwoPlan {
  D: number;
  /** Odd j < D/2 with gcd(j, D) = 1, ascending. */
  babies: readonly number[];
  /** The k of the first giant step. */
  firstGiant: number;
  /** Consecutive windows covering every prime in (B1, B2]: kept when small, else sieved again on each pass. */
  windows: (signal?: StopSignal) => Iterable<StageTwoWindow>;
}

/** Candidate D (primorials keep φ(D)/D small) with φ(D). */
const GIANT_STEPS: readonly (readonly [number, number])[] = [
  [6, 2],
  [30, 8],
  [210, 48],
  [2310, 480],
  [30030, 5760],
];
/** Every SIGNAL_STEPS / 2 baby steps (6 mulmods each) stage 2 looks at the stop signal: ~6 ms on a 300-digit n. */
const SIGNAL_STEPS = 512;
/** Terms multiplied between gcds: a gcd then costs a few percent of the batch even on small n. */
const TERMS_PER_GCD = 8192;
/** Numbers each window covers: one sieve pass of ~2^17 primes, a few hundred kB of terms. */
const WINDOW_WIDTH = 1 << 21;
/** Up to this B2 − B1 the windows are kept (≤ ~3·10^6 terms, 6 MB); beyond, each curve sieves anew (a few % of its time). */
const KEPT_WIDTH = 50_000_000;

let cachedPlan: { B1: number; B2: number; plan: StageTwoPlan } | null = null;

/** The plan for (B1, B2], B2 > B1 ≥ 3; the last one is kept since every curve of a run asks for it. */
export function stageTwoPlan(B1: number, B2: number, signal?: StopSignal): StageTwoPlan {
  if (cachedPlan?.B1 === B1 && cachedPlan.B2 === B2) return cachedPlan.plan;
  const plan = buildPlan(B1, B2, signal);
  cachedPlan = { B1, B2, plan };
  return plan;
}

function buildPlan(B1: number, B2: number, signal: StopSignal | undefined): StageTwoPlan {
  const D = chooseGiantStep(B1, B2);
  const half = D / 2;
  const babies: number[] = [];
  const babyIndex = new Int32Array(half).fill(-1);
  for (let j = 1; j < half; j += 2) {
    if (gcdSmall(j, D) !== 1) continue;
    babyIndex[j] = babies.length;
    babies.push(j);
  }
  // D/2 ≤ B1, so every prime above B1 has k ≥ 1 and is coprime to D.
  const firstGiant = Math.floor((B1 + 1 + half) / D);
  const lastGiant = Math.floor((B2 + half) / D);
  const giantsPerWindow = Math.max(1, Math.floor(WINDOW_WIDTH / D));
  function* sieveWindows(stop: StopSignal | undefined): Generator<StageTwoWindow> {
    for (let k = firstGiant; k <= lastGiant; k += giantsPerWindow) {
      throwIfStopped(stop);
      const end = Math.min(lastGiant, k + giantsPerWindow - 1);
      yield buildWindow(k, end, D, babyIndex, babies.length, B1, B2);
    }
  }
  const kept = B2 - B1 <= KEPT_WIDTH ? [...sieveWindows(signal)] : null;
  return { D, babies, firstGiant, windows: (stop) => kept ?? sieveWindows(stop) };
}

/** The terms of giants first..last: primes q = k·D ± j in (B1, B2], one term per pair. */
function buildWindow(
  first: number,
  last: number,
  D: number,
  babyIndex: Int32Array,
  babyCount: number,
  B1: number,
  B2: number,
): StageTwoWindow {
  const half = D / 2;
  const giantStarts = new Uint32Array(last - first + 2);
  let babyIndexes = new Uint16Array(1 << 12);
  let terms = 0;
  let giant = first;
  const used = new Uint8Array(babyCount);
  const low = Math.max(B1 + 1, first * D - half);
  const high = Math.min(B2, last * D + half - 1);
  for (const q of primesInRange(low, high)) {
    const k = Math.floor((q + half) / D);
    while (giant < k) {
      giant += 1;
      giantStarts[giant - first] = terms;
      used.fill(0);
    }
    const index = babyIndex[Math.abs(q - k * D)] ?? -1;
    if (used[index]) continue;
    used[index] = 1;
    if (terms === babyIndexes.length) {
      const bigger = new Uint16Array(terms * 2);
      bigger.set(babyIndexes);
      babyIndexes = bigger;
    }
    babyIndexes[terms] = index;
    terms += 1;
  }
  for (let g = giant - first + 1; g < giantStarts.length; g += 1) giantStarts[g] = terms;
  return { giantStarts, babyIndexes: babyIndexes.slice(0, terms) };
}

/** The D with the least set-up work: each baby step costs ~9 mulmods, each giant step 6. */
function chooseGiantStep(B1: number, B2: number): number {
  let best = 6;
  let bestCost = Infinity;
  for (const [D, phi] of GIANT_STEPS) {
    if (D / 2 > B1) break;
    const cost = (9 * phi) / 2 + (6 * (B2 - B1)) / D;
    if (cost < bestCost) [best, bestCost] = [D, cost];
  }
  return best;
}

function gcdSmall(a: number, b: number): number {
  while (b !== 0) [a, b] = [b, a % b];
  return a;
}

/**
 * Stage 2 from Q = (x : 1) on the curve with constant a24: a proper factor of
 * n, or null. A batch whose gcd is n is replayed term by term.
 */
export function ecmStageTwo(n: bigint, a24: bigint, x: bigint, plan: StageTwoPlan, signal?: StopSignal): bigint | null {
  const Q: XZPoint = { X: x, Z: 1n };
  const points: XZPoint[] = babySteps(Q, plan, a24, n, signal);
  points.push(ladder(x, plan.D.toString(2), a24, n, signal).kP);
  const normalised = normalise(points, n, signal);
  if (!Array.isArray(normalised)) return normalised.found;
  const xD = normalised.pop() ?? 0n;
  const babyX = normalised;
  const step: XZPoint = { X: xD, Z: 1n };
  const start = ladder(xD, plan.firstGiant.toString(2), a24, n, signal);
  let current = start.kP;
  let next = start.nextP;
  for (const window of plan.windows(signal)) {
    let product = 1n;
    let termsInBatch = 0;
    let checkpoint = { giant: 0, current, next };
    const giants = window.giantStarts.length - 1;
    for (let g = 0; g < giants; g += 1) {
      throwIfStopped(signal);
      const X = current.X;
      const Z = current.Z;
      const first = window.giantStarts[g] ?? 0;
      const end = window.giantStarts[g + 1] ?? 0;
      for (let t = first; t < end; t += 1) {
        product = (product * ((X - (babyX[window.babyIndexes[t] ?? 0] ?? 0n) * Z) % n)) % n;
      }
      termsInBatch += end - first;
      [current, next] = [next, xAdd(next, step, current, n)];
      if (termsInBatch < TERMS_PER_GCD && g < giants - 1) continue;
      const found = gcd(product, n);
      if (found === n) return replay(n, babyX, step, window, checkpoint, g);
      if (found !== 1n) return found;
      product = 1n;
      termsInBatch = 0;
      checkpoint = { giant: g + 1, current, next };
    }
  }
  return null;
}

/** [j]Q for the baby steps j, by j + 2 = j ⊕ 2 with difference j − 2. */
function babySteps(Q: XZPoint, plan: StageTwoPlan, a24: bigint, n: bigint, signal?: StopSignal): XZPoint[] {
  const twice = xDouble(Q, a24, n);
  const points: XZPoint[] = [];
  let previous = Q;
  let current = xAdd(twice, Q, Q, n);
  let j = 3;
  for (const baby of plan.babies) {
    if (baby === 1) {
      points.push(Q);
      continue;
    }
    while (j < baby) {
      [previous, current] = [current, xAdd(current, twice, previous, n)];
      j += 2;
      if (j % SIGNAL_STEPS === 1) throwIfStopped(signal);
    }
    points.push(current);
  }
  return points;
}

/** x = X/Z for every point with one inversion (Montgomery's trick), or the factor a Z shares with n. */
function normalise(points: readonly XZPoint[], n: bigint, signal?: StopSignal): bigint[] | { found: bigint | null } {
  const prefix: bigint[] = [];
  let running = 1n;
  for (const { Z } of points) {
    running = (running * Z) % n;
    prefix.push(running);
  }
  throwIfStopped(signal);
  let inverse = modInverse(running, n);
  if (inverse === null) {
    for (const { Z } of points) {
      const g = gcd(Z, n);
      if (g !== 1n && g !== n) return { found: g };
    }
    return { found: null };
  }
  const xs = new Array<bigint>(points.length);
  for (let i = points.length - 1; i >= 0; i -= 1) {
    const point = points[i] ?? { X: 0n, Z: 1n };
    xs[i] = (point.X * ((inverse * (i > 0 ? (prefix[i - 1] ?? 1n) : 1n)) % n)) % n;
    inverse = (inverse * point.Z) % n;
  }
  return xs;
}

/** A batch met every prime of n at once: redo it from its first giant with a gcd per term. */
function replay(
  n: bigint,
  babyX: readonly bigint[],
  step: XZPoint,
  window: StageTwoWindow,
  from: { giant: number; current: XZPoint; next: XZPoint },
  to: number,
): bigint | null {
  let { current, next } = from;
  for (let g = from.giant; g <= to; g += 1) {
    const end = window.giantStarts[g + 1] ?? 0;
    for (let t = window.giantStarts[g] ?? 0; t < end; t += 1) {
      const found = gcd(current.X - (babyX[window.babyIndexes[t] ?? 0] ?? 0n) * current.Z, n);
      if (found !== 1n && found !== n) return found;
    }
    [current, next] = [next, xAdd(next, step, current, n)];
  }
  return null;
}
