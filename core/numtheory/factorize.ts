import { algebraicFactors } from "./algebraic-factors";
import { abs, perfectPower } from "./bigint";
import { ecm, ecmPlanForFactorDigits, type EcmPlan } from "./ecm";
import { ecmPretestLevels, type EcmLevel } from "./ecm-pretest";
import {
  FactorizationStopped,
  throwIfStopped,
  type Factor,
  type Factorization,
  type FactorMethod,
  type FactorProgress,
  type MethodLogEntry,
  type StopSignal,
} from "./factorization-types";
import { pollardPMinus1 } from "./pollard-p-minus-1";
import { pollardBrent } from "./pollard-rho";
import { primality } from "./primality";
import { primesUpTo } from "./prime-sieve";
import { siqs } from "./siqs";

/** Trial division covers every prime below this, so later stages only see factors above it. */
export const TRIAL_DIVISION_LIMIT = 1 << 16;
/** Up to this many digits rho alone finishes quickly (factors ≤ 9 digits need ~10^4.5 steps). */
export const RHO_ONLY_DIGITS = 18;
/** A short rho run on bigger numbers catches factors of up to ~7 digits before the heavier stages. */
const RHO_PROBE_ITERATIONS = 1 << 11;
/** Below this, trial division is already quick and teaches more than an algebraic identity would. */
const ALGEBRAIC_MIN = 1n << 64n;
/** Above this size SIQS would take hours: ECM keeps looking for factors until stopped instead. */
export const SIQS_MAX_DIGITS = 100;

/**
 * The heavy splitters, behind one interface so the same pipeline runs them in
 * this thread (`localEngine`) or spread over several workers.
 */
export interface SplitEngine {
  /** `plan.curves` curves with sigma = firstSigma, firstSigma + 1, …; a factor or null. Rejects with FactorizationStopped. */
  ecm(
    n: bigint,
    plan: EcmPlan,
    firstSigma: bigint,
    onCurve: (curvesDone: number) => void,
    signal?: StopSignal,
  ): Promise<bigint | null>;
  /** A non-trivial factor of n (odd composite, no small factors, not a perfect power), or null. */
  siqs(n: bigint, onRelations: (found: number, needed: number) => void, signal?: StopSignal): Promise<bigint | null>;
}

/** Everything in the calling thread (Node scripts, the API's worker threads, tests). */
export function localEngine(): SplitEngine {
  return {
    ecm: async (n, plan, firstSigma, onCurve, signal) =>
      ecm(n, { B1: plan.B1, B2: plan.B2, curves: plan.curves, firstSigma, signal, onCurve }),
    siqs: async (n, onRelations, signal) =>
      siqs(n, { signal, onProgress: (p) => onRelations(p.relationsFound, p.relationsNeeded) }),
  };
}

export interface FactorizeOptions {
  signal?: StopSignal;
  engine?: SplitEngine;
  onProgress?: (progress: FactorProgress) => void;
  /** The factorization as far as it has got, after every split (the page shows it live). */
  onUpdate?: (partial: Factorization) => void;
}

/**
 * Factors |n| completely, choosing each method by the size of what is left:
 * algebraic forms, trial division, perfect powers, rho, p−1, ECM, then SIQS.
 * When stopped it returns what it found, the unsplit cofactors marked composite.
 */
export async function factorize(n: bigint, options: FactorizeOptions = {}): Promise<Factorization> {
  const { signal, onProgress } = options;
  const engine = options.engine ?? localEngine();
  const primes = new Map<bigint, Factor>();
  const pending: { value: bigint; exponent: number }[] = [];
  const log: MethodLogEntry[] = [];
  const target = abs(n);

  const snapshot = (stopped: boolean): Factorization => {
    const factors = [...primes.values()];
    const composites = new Map<bigint, number>();
    for (const part of pending) composites.set(part.value, (composites.get(part.value) ?? 0) + part.exponent);
    for (const [value, exponent] of composites) factors.push({ value, exponent, kind: "composite" });
    factors.sort((a, b) => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0));
    return { n, factors, complete: !stopped && pending.length === 0, log: [...log] };
  };

  const addPart = (value: bigint, exponent: number) => {
    if (value === 1n) return;
    const verdict = primality(value);
    if (verdict === "composite") {
      pending.push({ value, exponent });
      return;
    }
    const known = primes.get(value);
    if (known) known.exponent += exponent;
    else primes.set(value, { value, exponent, kind: verdict });
  };

  // Each finished method is shown at once, so a stopped run still tells what was tried.
  const record = (method: FactorMethod, input: bigint, found: bigint[], started: number, detail: string) => {
    log.push({ method, input, found, milliseconds: Date.now() - started, detail });
    options.onUpdate?.(snapshot(false));
  };

  /** Replaces `part` by the two pieces of a split. */
  const split = (part: { value: bigint; exponent: number }, factor: bigint) => {
    pending.splice(pending.indexOf(part), 1);
    addPart(factor, part.exponent);
    addPart(part.value / factor, part.exponent);
    options.onUpdate?.(snapshot(false));
  };

  if (target < 2n) return { n, factors: [], complete: true, log };
  // Proven prime first, so a run stopped from here on can label what is left composite.
  addPart(target, 1);
  if (pending.length === 0) {
    record("primality", target, [], Date.now(), "the number itself is prime");
    return snapshot(false);
  }

  try {
    // The whole number stays pending (composite) until trial division has split it.
    const whole = pending[0]!;
    const started = Date.now();
    const algebraic = target >= ALGEBRAIC_MIN ? algebraicFactors(target) : null;
    if (algebraic) record("algebraic", target, algebraic, started, "cyclotomic and Aurifeuillian factors of a^k ± 1");
    const trialStarted = Date.now();
    const found = new Map<bigint, number>();
    const rests: bigint[] = [];
    for (const piece of algebraic ?? [target]) {
      const trial = trialDivide(piece, signal);
      for (const [p, e] of trial.found) found.set(p, (found.get(p) ?? 0) + e);
      rests.push(trial.rest);
    }
    pending.splice(pending.indexOf(whole), 1);
    for (const [p, e] of found) addPart(p, e);
    for (const rest of rests) addPart(rest, 1);
    record(
      "trial-division",
      target,
      [...found.keys()],
      trialStarted,
      `divided by the primes below ${TRIAL_DIVISION_LIMIT.toLocaleString("en-US")}`,
    );

    // Smallest first: it finishes soonest, and the page fills in as early as possible.
    for (let part = smallest(pending); part; part = smallest(pending)) {
      throwIfStopped(signal);
      const factor = await splitComposite(part.value, { engine, signal, onProgress, record });
      if (factor === null) throw new FactorizationStopped();
      const power = perfectPower(part.value);
      if (power && factor === power.base) {
        pending.splice(pending.indexOf(part), 1);
        addPart(power.base, part.exponent * power.exponent);
        options.onUpdate?.(snapshot(false));
      } else {
        split(part, factor);
      }
    }
    return snapshot(false);
  } catch (error) {
    if (error instanceof FactorizationStopped) return snapshot(true);
    throw error;
  }
}

interface StageContext {
  engine: SplitEngine;
  signal?: StopSignal;
  onProgress?: (progress: FactorProgress) => void;
  record: (method: FactorMethod, input: bigint, found: bigint[], started: number, detail: string) => void;
}

/**
 * One non-trivial factor of composite m (whose prime factors all exceed the
 * trial-division limit), or null when the methods gave up without being stopped.
 */
async function splitComposite(m: bigint, context: StageContext): Promise<bigint | null> {
  const { engine, signal, onProgress, record } = context;
  const digits = m.toString().length;
  let started = Date.now();

  const power = perfectPower(m);
  if (power) {
    record("perfect-power", m, [power.base], started, `${m} = ${power.base}^${power.exponent}`);
    return power.base;
  }

  if (digits <= RHO_ONLY_DIGITS) {
    onProgress?.({ method: "rho", digits });
    const factor = pollardBrent(m);
    record("rho", m, factor ? [factor] : [], started, "Pollard–Brent rho");
    if (factor) return factor;
  } else {
    onProgress?.({ method: "rho", digits });
    const factor = pollardBrent(m, RHO_PROBE_ITERATIONS);
    record("rho", m, factor ? [factor] : [], started, `Pollard–Brent rho, ${RHO_PROBE_ITERATIONS} steps`);
    if (factor) return factor;
  }
  throwIfStopped(signal);

  started = Date.now();
  const pMinus1 = pMinus1Bounds(digits);
  onProgress?.({ method: "p-1", digits });
  const pm1 = pollardPMinus1(m, { ...pMinus1, signal });
  record("p-1", m, pm1 ? [pm1] : [], started, `Pollard p−1, B1 = ${pMinus1.B1}, B2 = ${pMinus1.B2}`);
  if (pm1) return pm1;

  let sigma = 11n;
  for (const level of pretestLevels(digits)) {
    throwIfStopped(signal);
    started = Date.now();
    onProgress?.({ method: "ecm", digits, curvesDone: 0, curvesPlanned: level.curves });
    const factor = await engine.ecm(
      m,
      level,
      sigma,
      (curvesDone) => onProgress?.({ method: "ecm", digits, curvesDone, curvesPlanned: level.curves }),
      signal,
    );
    sigma += BigInt(level.curves);
    record(
      "ecm",
      m,
      factor ? [factor] : [],
      started,
      `ECM for factors up to ${level.factorDigits} digits: ${level.curves} curves, B1 = ${level.B1}, B2 = ${level.B2}`,
    );
    if (factor) return factor;
  }
  throwIfStopped(signal);

  if (digits <= SIQS_MAX_DIGITS) {
    started = Date.now();
    const siqsStarted = Date.now();
    onProgress?.({ method: "siqs", digits, relationsFound: 0 });
    const factor = await engine.siqs(
      m,
      (found, needed) => {
        const seconds = (Date.now() - siqsStarted) / 1000;
        const secondsLeft = found > 0 ? (seconds * (needed - found)) / found : undefined;
        onProgress?.({ method: "siqs", digits, relationsFound: found, relationsNeeded: needed, secondsLeft });
      },
      signal,
    );
    record("siqs", m, factor ? [factor] : [], started, "self-initialising quadratic sieve");
    if (factor) return factor;
    return null;
  }

  // Too big for the sieve: ECM at ever larger bounds until a factor appears or the user stops.
  for (let factorDigits = 30; ; factorDigits += 5) {
    const plan = ecmPlanForFactorDigits(factorDigits);
    started = Date.now();
    const factor = await engine.ecm(
      m,
      plan,
      sigma,
      (curvesDone) => onProgress?.({ method: "ecm", digits, curvesDone, curvesPlanned: plan.curves }),
      signal,
    );
    sigma += BigInt(plan.curves);
    record(
      "ecm",
      m,
      factor ? [factor] : [],
      started,
      `ECM for factors up to ${factorDigits} digits: ${plan.curves} curves, B1 = ${plan.B1}`,
    );
    if (factor) return factor;
  }
}

/**
 * p−1 is cheap next to what follows it; bounds grow gently with the size. It runs in one thread while
 * the workers wait, so below 70 digits it stays near the cost of a few ECM curves (B1 = 50,000 took
 * 0.28 s at 60 digits, 6 % of the whole run, against 0.03 s per curve for 15-digit factors).
 */
function pMinus1Bounds(digits: number): { B1: number; B2: number } {
  if (digits < 45) return { B1: 1_000, B2: 50_000 };
  if (digits < 70) return { B1: 10_000, B2: 500_000 };
  return { B1: 50_000, B2: 2_500_000 };
}

/**
 * ECM before the sieve: as much as pays by expected time (ecm-pretest.ts). Above SIQS_MAX_DIGITS ECM
 * is the main method, and this is its start: ECMNET's full curve counts for factors of up to 25 digits.
 */
function pretestLevels(digits: number): EcmLevel[] {
  if (digits <= SIQS_MAX_DIGITS) return ecmPretestLevels(digits);
  return [15, 20, 25].map((factorDigits) => ({ ...ecmPlanForFactorDigits(factorDigits), factorDigits }));
}

/** Divides out every prime below TRIAL_DIVISION_LIMIT. */
function trialDivide(n: bigint, signal?: StopSignal): { found: Map<bigint, number>; rest: bigint } {
  const found = new Map<bigint, number>();
  let rest = n;
  let tried = 0;
  for (const prime of primesUpTo(TRIAL_DIVISION_LIMIT)) {
    if (tried++ % 1024 === 0) throwIfStopped(signal);
    const p = BigInt(prime);
    if (p * p > rest) break;
    if (rest % p !== 0n) continue;
    let exponent = 0;
    while (rest % p === 0n) {
      rest /= p;
      exponent += 1;
    }
    found.set(p, exponent);
  }
  // What is left has no factor below the limit; if it is below the limit squared, it is prime.
  return { found, rest };
}

function smallest<T extends { value: bigint }>(parts: T[]): T | undefined {
  let best: T | undefined;
  for (const part of parts) if (!best || part.value < best.value) best = part;
  return best;
}
