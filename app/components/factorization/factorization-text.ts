/** The words and formulas the factorization page writes about a run: TeX, plain text, labels and the spoken summary. */
import type { Factor, FactorMethod, FactorProgress } from "#core/numtheory/factorization-types";

export const methodNames: Record<FactorMethod, string> = {
  "trial-division": "Trial division",
  "perfect-power": "Perfect power test",
  algebraic: "Algebraic factors",
  rho: "Pollard rho",
  "p-1": "Pollard p−1",
  ecm: "Elliptic curves (ECM)",
  siqs: "Quadratic sieve (SIQS)",
  primality: "Primality test",
};

export const factorKindLabels: Record<Factor["kind"], string> = {
  prime: "prime",
  "probable-prime": "probable prime",
  composite: "composite",
};

/** KaTeX keeps a number on one line; a break point every this many digits lets long factors wrap on a phone. */
const TEX_DIGIT_GROUP = 10;
/** Numbers longer than this are named by their size in the spoken summary instead of read digit by digit. */
const SPOKEN_DIGITS = 24;

function numberTex(value: bigint): string {
  const digits = value.toString();
  const groups = digits.match(new RegExp(`\\d{1,${TEX_DIGIT_GROUP}}`, "g")) ?? [digits];
  return groups.join("\\allowbreak ");
}

function powerTex({ value, exponent }: Factor): string {
  return exponent === 1 ? numberTex(value) : `${numberTex(value)}^{${exponent}}`;
}

/** "360 = 2^{3} \cdot 3^{2} \cdot 5"; the sign of a negative n is written as a factor −1. */
export function factorizationTex(n: bigint, factors: readonly Factor[]): string {
  const left = n < 0n ? `-${numberTex(-n)}` : numberTex(n);
  if (factors.length === 0 || (n > 0n && factors.length === 1 && factors[0]?.exponent === 1)) return left;
  const parts = [...(n < 0n ? ["-1"] : []), ...factors.map(powerTex)];
  return `${left} = ${parts.join(" \\cdot ")}`;
}

/** "360 = 2^3 * 3^2 * 5": plain text that PARI/GP, a spreadsheet or this page's own input can read back. */
export function factorizationText(n: bigint, factors: readonly Factor[]): string {
  const parts = [
    ...(n < 0n ? ["-1"] : []),
    ...factors.map(({ value, exponent }) => (exponent === 1 ? `${value}` : `${value}^${exponent}`)),
  ];
  return parts.length === 0 ? `${n}` : `${n} = ${parts.join(" * ")}`;
}

function spoken(value: bigint): string {
  const digits = value.toString();
  return digits.length > SPOKEN_DIGITS ? `a ${digits.length}-digit number` : digits;
}

/**
 * One sentence for the live region, e.g. "360 = 2^3 × 3^2 × 5, 3 distinct primes".
 * `label` is how the reader wrote n (e.g. "2^128 + 1"); `complete` is false after a stop.
 */
export function resultSummary(label: string, n: bigint, factors: readonly Factor[], complete: boolean): string {
  const [only] = factors;
  if (factors.length === 1 && only?.exponent === 1 && only.kind !== "composite" && n > 0n) {
    return `${label} is ${only.kind === "prime" ? "prime" : "a probable prime"}`;
  }
  if (!complete && factors.length === 1 && only?.exponent === 1 && only.kind === "composite") {
    return `Not finished: ${label} is composite, and no factor of it was found yet`;
  }
  const parts = [
    ...(n < 0n ? ["−1"] : []),
    ...factors.map(({ value, exponent }) => (exponent === 1 ? spoken(value) : `${spoken(value)}^${exponent}`)),
  ];
  const product = `${label} = ${parts.join(" × ")}`;
  if (!complete) {
    const composites = factors.filter((factor) => factor.kind === "composite").length;
    return `Not finished: ${product}, with ${composites === 1 ? "a composite factor" : `${composites} composite factors`} left to split`;
  }
  return `${product}, ${factors.length === 1 ? "1 distinct prime" : `${factors.length} distinct primes`}`;
}

/** Percent done, when the stage knows how much work it has. */
export function progressPercent(progress: FactorProgress): number | null {
  const { curvesDone, curvesPlanned, relationsFound, relationsNeeded } = progress;
  if (relationsNeeded && relationsFound !== undefined) return Math.min(100, (100 * relationsFound) / relationsNeeded);
  if (curvesPlanned && curvesDone !== undefined) return Math.min(100, (100 * curvesDone) / curvesPlanned);
  return null;
}

/** "Elliptic curves (ECM) on a 70-digit number: 12 of 90 curves, about 30 s left". */
export function progressLabel(progress: FactorProgress): string {
  const { method, digits, curvesDone, curvesPlanned, relationsFound, relationsNeeded, secondsLeft } = progress;
  const parts = [`${methodNames[method]} on a ${digits}-digit number`];
  if (relationsFound !== undefined) {
    parts.push(
      relationsNeeded
        ? `${relationsFound.toLocaleString("en")} of ${relationsNeeded.toLocaleString("en")} relations`
        : `${relationsFound.toLocaleString("en")} relations`,
    );
  } else if (curvesDone !== undefined) {
    parts.push(curvesPlanned ? `${curvesDone} of ${curvesPlanned} curves` : `${curvesDone} curves`);
  }
  const sentence = parts.join(": ");
  return secondsLeft === undefined ? sentence : `${sentence}, about ${formatDuration(secondsLeft * 1000)} left`;
}

/** "0.042 s", "3.4 s", "2 min 05 s". */
export function formatDuration(milliseconds: number): string {
  const ms = Math.max(0, milliseconds);
  if (ms < 1000) return `${(ms / 1000).toFixed(3)} s`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, "0")} s`;
}

/** "12345678…56789 (40 digits)": a long number shortened for a table cell. */
export function abbreviate(value: bigint, keep = 8): string {
  const digits = value.toString();
  if (digits.length <= 2 * keep + 4) return digits;
  return `${digits.slice(0, keep)}…${digits.slice(-keep)} (${digits.length} digits)`;
}
