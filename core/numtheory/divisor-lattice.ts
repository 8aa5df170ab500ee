/**
 * The divisors of n as a lattice (its Hasse diagram): each divisor is a vector
 * of exponents, one per prime of n; d sits on the level of its number of prime
 * factors counted with multiplicity, and an edge joins d to d · p. gcd and lcm
 * are the meet and join: the minimum and maximum of the exponents. Layout is in
 * viewBox units, with 1 at the bottom and n at the top.
 */
import { factorizationTex, superscript } from "./factorization-text";
import { factorSmall } from "./small-factorization";

export const LATTICE_MIN_N = 1;
export const LATTICE_MAX_N = 1_000_000;
/** More divisors than this make a diagram nobody can read on a phone. */
export const LATTICE_MAX_DIVISORS = 64;

/** Nodes are rounded boxes labelled in 14 px monospace. */
export const LATTICE_NODE_HEIGHT = 28;
const CHAR_WIDTH = 8.5;
const NODE_PADDING = 14;
const NODE_GAP = 10;
const ROW_HEIGHT = 58;
const PADDING = 8;

export interface LatticeNode {
  value: number;
  /** Exponent of each prime of n, in the order of `DivisorLattice.primes`. */
  exponents: number[];
  /** Number of prime factors counted with multiplicity: 0 for 1, up to Ω(n) for n. */
  level: number;
  /** Centre of the node's box. */
  x: number;
  y: number;
}

/** `to` = `from` · primes[primeIndex]. */
export interface LatticeEdge {
  from: number;
  to: number;
  primeIndex: number;
}

export interface DivisorLattice {
  n: number;
  primes: number[];
  /** The exponents of n itself. */
  exponents: number[];
  /** Level by level from 1 upwards; within a level, larger exponents of the smaller primes first. */
  nodes: LatticeNode[];
  edges: LatticeEdge[];
  /** Node indices of each level, left to right. */
  levels: number[][];
  nodeWidth: number;
  width: number;
  height: number;
}

/** null when the lattice of n can be drawn; otherwise what is wrong, in words for the reader. */
export function latticeInputProblem(n: number): string | null {
  if (!Number.isSafeInteger(n) || n < LATTICE_MIN_N || n > LATTICE_MAX_N) {
    return `Enter a whole number from ${LATTICE_MIN_N} to ${LATTICE_MAX_N}.`;
  }
  const count = factorSmall(n).reduce((product, { exponent }) => product * (exponent + 1), 1);
  if (count > LATTICE_MAX_DIVISORS) {
    return `${n} has ${count} divisors; pick a number with at most ${LATTICE_MAX_DIVISORS}.`;
  }
  return null;
}

/** Larger exponents of earlier primes first: for two primes this draws the familiar diamond grid. */
function compareExponents(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < a.length; i++) {
    const difference = (b[i] ?? 0) - (a[i] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

export function divisorLattice(n: number): DivisorLattice {
  const problem = latticeInputProblem(n);
  if (problem) throw new RangeError(`divisorLattice(${n}): ${problem}`);
  const factors = factorSmall(n);
  const primes = factors.map(({ value }) => Number(value));
  const exponents = factors.map(({ exponent }) => exponent);

  // Every exponent vector 0 ≤ e_i ≤ a_i, with its value.
  let vectors: { exponents: number[]; value: number }[] = [{ exponents: [], value: 1 }];
  factors.forEach(({ exponent }, i) => {
    const p = primes[i] ?? 1;
    vectors = vectors.flatMap((vector) =>
      Array.from({ length: exponent + 1 }, (_, e) => ({
        exponents: [...vector.exponents, e],
        value: vector.value * p ** e,
      })),
    );
  });
  const levelOf = (vector: readonly number[]) => vector.reduce((sum, e) => sum + e, 0);
  vectors.sort((a, b) => levelOf(a.exponents) - levelOf(b.exponents) || compareExponents(a.exponents, b.exponents));

  const topLevel = levelOf(exponents);
  const levels: number[][] = Array.from({ length: topLevel + 1 }, () => []);
  vectors.forEach((vector, index) => levels[levelOf(vector.exponents)]?.push(index));

  const nodeWidth = String(n).length * CHAR_WIDTH + NODE_PADDING;
  const widest = Math.max(...levels.map((level) => level.length));
  const width = widest * (nodeWidth + NODE_GAP) - NODE_GAP + 2 * PADDING;
  const height = topLevel * ROW_HEIGHT + LATTICE_NODE_HEIGHT + 2 * PADDING;
  const nodes: LatticeNode[] = vectors.map(({ exponents: vector, value }) => ({
    value,
    exponents: vector,
    level: levelOf(vector),
    x: 0,
    y: PADDING + LATTICE_NODE_HEIGHT / 2 + (topLevel - levelOf(vector)) * ROW_HEIGHT,
  }));
  for (const level of levels) {
    level.forEach((index, position) => {
      const node = nodes[index];
      if (node) node.x = width / 2 + (position - (level.length - 1) / 2) * (nodeWidth + NODE_GAP);
    });
  }

  const indexOfValue = new Map(nodes.map((node, index) => [node.value, index]));
  const edges: LatticeEdge[] = [];
  nodes.forEach((node, from) => {
    primes.forEach((p, primeIndex) => {
      if ((node.exponents[primeIndex] ?? 0) >= (exponents[primeIndex] ?? 0)) return;
      const to = indexOfValue.get(node.value * p);
      if (to !== undefined) edges.push({ from, to, primeIndex });
    });
  });
  return { n, primes, exponents, nodes, edges, levels, nodeWidth, width, height };
}

function nodeAt(lattice: DivisorLattice, index: number): LatticeNode {
  const node = lattice.nodes[index];
  if (!node) throw new RangeError(`No divisor number ${index} in the lattice of ${lattice.n}`);
  return node;
}

/** Whether divisor `a` divides divisor `b` (node indices): every exponent of a is at most b's. */
export function divides(lattice: DivisorLattice, a: number, b: number): boolean {
  const small = nodeAt(lattice, a).exponents;
  const large = nodeAt(lattice, b).exponents;
  return small.every((e, i) => e <= (large[i] ?? 0));
}

function nodeWithExponents(lattice: DivisorLattice, exponents: readonly number[]): number {
  const value = lattice.primes.reduce((product, p, i) => product * p ** (exponents[i] ?? 0), 1);
  const index = lattice.nodes.findIndex((node) => node.value === value);
  if (index < 0) throw new RangeError(`${value} is not a divisor of ${lattice.n}`);
  return index;
}

/** The meet of two divisors, gcd(a, b): the smaller exponent of each prime. */
export function meet(lattice: DivisorLattice, a: number, b: number): number {
  const x = nodeAt(lattice, a).exponents;
  const y = nodeAt(lattice, b).exponents;
  return nodeWithExponents(
    lattice,
    x.map((e, i) => Math.min(e, y[i] ?? 0)),
  );
}

/** The join of two divisors, lcm(a, b): the larger exponent of each prime. */
export function join(lattice: DivisorLattice, a: number, b: number): number {
  const x = nodeAt(lattice, a).exponents;
  const y = nodeAt(lattice, b).exponents;
  return nodeWithExponents(
    lattice,
    x.map((e, i) => Math.max(e, y[i] ?? 0)),
  );
}

/** "12 = 2² · 3¹ · 5⁰": every prime of n with its exponent, zeros and ones included. */
export function describeExponents(lattice: DivisorLattice, index: number): string {
  const node = nodeAt(lattice, index);
  if (lattice.primes.length === 0) return "1 has no prime factors";
  const powers = lattice.primes.map((p, i) => `${p}${superscript(node.exponents[i] ?? 0)}`);
  return `${node.value} = ${powers.join(" · ")}`;
}

/**
 * gcd and lcm worked out from the exponents, in TeX:
 * "\gcd(12, 10) = 2^{\min(2, 1)} \cdot … = 2^{1} \cdot 3^{0} \cdot 5^{0} = 2".
 */
export function gcdLcmTex(lattice: DivisorLattice, a: number, b: number): { gcd: string; lcm: string } {
  const x = nodeAt(lattice, a);
  const y = nodeAt(lattice, b);
  const worked = (name: "\\gcd" | "\\operatorname{lcm}", pick: "min" | "max", result: number) => {
    const chosen = lattice.primes.map((prime, i) => {
      const [e, f] = [x.exponents[i] ?? 0, y.exponents[i] ?? 0];
      return { prime, exponent: pick === "min" ? Math.min(e, f) : Math.max(e, f), e, f };
    });
    const rule = chosen.map(({ prime, e, f }) => `${prime}^{\\${pick}(${e}, ${f})}`).join(" \\cdot ");
    const head = `${name}(${x.value}, ${y.value})`;
    if (chosen.length === 0) return `${head} = 1`;
    return `${head} = ${rule} = ${factorizationTex(chosen, { keepZeros: true })} = ${nodeAt(lattice, result).value}`;
  };
  return {
    gcd: worked("\\gcd", "min", meet(lattice, a, b)),
    lcm: worked("\\operatorname{lcm}", "max", join(lattice, a, b)),
  };
}

/** "\tau(60) = (2 + 1)(1 + 1)(1 + 1) = 12": the number of divisors read off the exponents. */
export function divisorCountTex(lattice: DivisorLattice): string {
  if (lattice.primes.length === 0) return "\\tau(1) = 1";
  const factors = lattice.exponents.map((e) => `(${e} + 1)`).join("");
  return `\\tau(${lattice.n}) = ${factors} = ${lattice.nodes.length}`;
}

/** "12 = 2² · 3¹ · 5⁰. Below it, its divisors: 1, 2, 3, 4, 6. Above it, its multiples: 60." */
export function describeNeighbourhood(lattice: DivisorLattice, index: number): string {
  const values = (indices: number[]) =>
    indices
      .map((i) => nodeAt(lattice, i).value)
      .sort((a, b) => a - b)
      .join(", ");
  const others = lattice.nodes.map((_, i) => i).filter((i) => i !== index);
  const below = others.filter((i) => divides(lattice, i, index));
  const above = others.filter((i) => divides(lattice, index, i));
  return [
    `${describeExponents(lattice, index)}.`,
    below.length > 0 ? `Below it, its divisors: ${values(below)}.` : "Nothing is below it: it divides every divisor.",
    above.length > 0 ? `Above it, its multiples: ${values(above)}.` : `Nothing is above it: it is ${lattice.n} itself.`,
  ].join(" ");
}
