/**
 * Systems of congruences x ≡ aᵢ (mod mᵢ) solved the way the chapter teaches:
 * merge two congruences at a time with the extended Euclidean algorithm, for
 * any moduli (coprime or not), and record every step so it can be shown.
 */
import { gcd, mod } from "./bigint";
import { extendedEuclid, type ExtendedEuclid } from "./euclid";

/** x ≡ residue (mod modulus), modulus ≥ 1. */
export interface Congruence {
  residue: bigint;
  modulus: bigint;
}

export const CRT_MAX_CONGRUENCES = 6;
export const CRT_MAX_MODULUS = 1_000_000n;

interface MergeCommon {
  /** The congruence the earlier ones combine to: x ≡ r (mod M). */
  left: Congruence;
  /** The next congruence, reduced: x ≡ a (mod m). */
  right: Congruence;
  /** Its position in the list (0-based). */
  rightIndex: number;
  /** M·u + m·v = g = gcd(M, m). */
  euclid: ExtendedEuclid;
  /** a − r, which g must divide. */
  difference: bigint;
}

/** x = r + M·t with t ≡ inverse · (a − r)/g (mod m/g); the result is x ≡ r + M·t (mod lcm(M, m)). */
export interface Merge extends MergeCommon {
  kind: "merged";
  /** The inverse of M/g modulo m/g (0 when m/g = 1, where every number is 0). */
  inverse: bigint;
  t: bigint;
  result: Congruence;
}

/** g does not divide a − r: no x satisfies both. */
export interface Clash extends MergeCommon {
  kind: "clash";
}

export type CrtStep = Merge | Clash;

/** Two of the given congruences that contradict each other: aᵢ ≢ aⱼ (mod gcd(mᵢ, mⱼ)). */
export interface ClashingPair {
  first: number;
  second: number;
  gcd: bigint;
}

export type CrtSolution =
  | { kind: "solved"; congruences: Congruence[]; steps: Merge[]; solution: Congruence }
  | { kind: "inconsistent"; congruences: Congruence[]; steps: CrtStep[]; clash: ClashingPair };

const reduce = ({ residue, modulus }: Congruence): Congruence => ({ residue: mod(residue, modulus), modulus });

function merge(left: Congruence, right: Congruence, rightIndex: number): CrtStep {
  const euclid = extendedEuclid(left.modulus, right.modulus);
  const g = euclid.gcd;
  const difference = right.residue - left.residue;
  if (difference % g !== 0n) return { kind: "clash", left, right, rightIndex, euclid, difference };
  const reducedModulus = right.modulus / g;
  // M·u + m·v = g gives (M/g)·u ≡ 1 (mod m/g).
  const inverse = mod(euclid.x, reducedModulus);
  const t = mod((difference / g) * inverse, reducedModulus);
  const result = { residue: left.residue + left.modulus * t, modulus: left.modulus * reducedModulus };
  return { kind: "merged", left, right, rightIndex, euclid, difference, inverse, t, result };
}

/**
 * The first earlier congruence that contradicts congruence `index`. A system
 * is solvable exactly when every pair agrees modulo the gcd of its moduli, so
 * when a merge fails such a pair exists.
 */
function findClash(congruences: readonly Congruence[], index: number): ClashingPair {
  const later = congruences[index]!;
  for (let first = 0; first < index; first += 1) {
    const earlier = congruences[first]!;
    const g = gcd(earlier.modulus, later.modulus);
    if ((later.residue - earlier.residue) % g !== 0n) return { first, second: index, gcd: g };
  }
  throw new Error("a failed merge without a clashing pair contradicts the pairwise criterion");
}

/** Solves x ≡ aᵢ (mod mᵢ) for 1 to 6 congruences with moduli 1 … 10⁶, step by step. */
export function solveCongruences(given: readonly Congruence[]): CrtSolution {
  if (given.length < 1 || given.length > CRT_MAX_CONGRUENCES) {
    throw new RangeError(`give from 1 to ${CRT_MAX_CONGRUENCES} congruences`);
  }
  for (const { modulus } of given) {
    if (modulus < 1n || modulus > CRT_MAX_MODULUS) throw new RangeError(`moduli must be from 1 to ${CRT_MAX_MODULUS}`);
  }
  const congruences = given.map(reduce);
  const steps: Merge[] = [];
  let combined = congruences[0]!;
  for (let index = 1; index < congruences.length; index += 1) {
    const step = merge(combined, congruences[index]!, index);
    if (step.kind === "clash") {
      return { kind: "inconsistent", congruences, steps: [...steps, step], clash: findClash(congruences, index) };
    }
    steps.push(step);
    combined = step.result;
  }
  return { kind: "solved", congruences, steps, solution: combined };
}
