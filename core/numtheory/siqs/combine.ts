import { gcd, modPow } from "../bigint";
import { type StopSignal, throwIfStopped } from "../factorization-types";
import type { RelationCollector } from "./collector";
import { findDependencies } from "./gf2";
import type { SiqsParameters } from "./parameters";
import type { Relation } from "./relation";

/** Dependencies tried before giving up: each fails to split a semiprime with probability ½. */
const MAX_DEPENDENCIES = 64;

/**
 * Linear algebra and square roots: a non-trivial factor of params.n, or null
 * when no dependency splits n (the caller then sieves more).
 */
export function combineRelations(
  params: SiqsParameters,
  collector: RelationCollector,
  signal?: StopSignal,
): bigint | null {
  if (params.smallFactor) return BigInt(params.smallFactor);
  const groups: Relation[][] = collector.fulls.map((r) => [r]);
  for (const cycle of partialCycles(collector.partials)) groups.push(cycle);
  const columnCount = params.primes.length + 1;
  const parity = new Uint8Array(columnCount);
  const rows = groups.map((group) => oddColumns(group, parity));
  const dependencies = findDependencies(rows, columnCount, MAX_DEPENDENCIES, signal);
  for (const dependency of dependencies) {
    throwIfStopped(signal);
    const factor = squareRootFactor(
      params,
      dependency.flatMap((i) => groups[i]!),
    );
    if (factor !== null) return factor;
  }
  return null;
}

/** Columns (0 = sign, 1 + i = factor-base prime i) where the product of the group has an odd exponent. */
function oddColumns(group: readonly Relation[], parity: Uint8Array): Int32Array {
  const touched: number[] = [];
  const toggle = (c: number) => {
    touched.push(c);
    parity[c]! ^= 1;
  };
  for (const relation of group) {
    if (relation.negative) toggle(0);
    for (const i of relation.factors) toggle(i + 1);
  }
  const odd: number[] = [];
  // Each column is reported once (and its parity cleared) the first time it is met.
  for (const c of touched) {
    if (parity[c] === 1) odd.push(c);
    parity[c] = 0;
  }
  return Int32Array.from(odd).sort();
}

/**
 * Independent cycles of the graph whose vertices are large primes (1 = none)
 * and whose edges are partial relations: the relations along a cycle multiply
 * to one whose large primes all appear squared. One cycle per non-tree edge of
 * a breadth-first spanning forest.
 */
export function partialCycles(partials: readonly Relation[]): Relation[][] {
  const ids = new Map<number, number>();
  const vertex = (prime: number) => {
    let id = ids.get(prime);
    if (id === undefined) {
      id = ids.size;
      ids.set(prime, id);
    }
    return id;
  };
  const edgeCount = partials.length;
  const ends = new Int32Array(2 * edgeCount);
  partials.forEach((r, e) => {
    ends[2 * e] = vertex(r.large1);
    ends[2 * e + 1] = vertex(r.large2);
  });
  const vertexCount = ids.size;
  // Adjacency as linked lists of edge ends: end k belongs to edge k >> 1.
  const head = new Int32Array(vertexCount).fill(-1);
  const nextEnd = new Int32Array(2 * edgeCount);
  for (let k = 0; k < 2 * edgeCount; k += 1) {
    const v = ends[k]!;
    nextEnd[k] = head[v]!;
    head[v] = k;
  }
  const parent = new Int32Array(vertexCount).fill(-1);
  const parentEdge = new Int32Array(vertexCount).fill(-1);
  const depth = new Int32Array(vertexCount).fill(-1);
  const treeEdge = new Uint8Array(edgeCount);
  const queue = new Int32Array(vertexCount);
  for (let root = 0; root < vertexCount; root += 1) {
    if (depth[root] !== -1) continue;
    depth[root] = 0;
    let front = 0;
    let back = 0;
    queue[back++] = root;
    while (front < back) {
      const u = queue[front++]!;
      for (let k = head[u]!; k !== -1; k = nextEnd[k]!) {
        const w = ends[k ^ 1]!;
        if (depth[w] !== -1) continue;
        depth[w] = depth[u]! + 1;
        parent[w] = u;
        parentEdge[w] = k >> 1;
        treeEdge[k >> 1] = 1;
        queue[back++] = w;
      }
    }
  }
  const cycles: Relation[][] = [];
  for (let e = 0; e < edgeCount; e += 1) {
    if (treeEdge[e]) continue;
    const cycle = [partials[e]!];
    let u = ends[2 * e]!;
    let v = ends[2 * e + 1]!;
    while (u !== v) {
      if (depth[u]! >= depth[v]!) {
        cycle.push(partials[parentEdge[u]!]!);
        u = parent[u]!;
      } else {
        cycle.push(partials[parentEdge[v]!]!);
        v = parent[v]!;
      }
    }
    cycles.push(cycle);
  }
  return cycles;
}

/**
 * X = ∏ y and Y = √∏ Q (mod n) for relations whose Q-product is a square;
 * gcd(X − Y, n) when it is a proper factor.
 */
function squareRootFactor(params: SiqsParameters, relations: readonly Relation[]): bigint | null {
  const { n, primes } = params;
  const exponents = new Int32Array(primes.length);
  const large = new Map<number, number>();
  let x = 1n;
  let negatives = 0;
  for (const relation of relations) {
    x = (x * relation.y) % n;
    if (relation.negative) negatives += 1;
    for (const i of relation.factors) exponents[i]! += 1;
    for (const l of [relation.large1, relation.large2]) if (l !== 1) large.set(l, (large.get(l) ?? 0) + 1);
  }
  if (negatives % 2 !== 0) return null;
  let y = 1n;
  for (let i = 0; i < primes.length; i += 1) {
    const e = exponents[i]!;
    if (e === 0) continue;
    if (e % 2 !== 0) return null;
    y = (y * modPow(BigInt(primes[i]!), BigInt(e / 2), n)) % n;
  }
  for (const [l, e] of large) {
    if (e % 2 !== 0) return null;
    y = (y * modPow(BigInt(l), BigInt(e / 2), n)) % n;
  }
  const g = gcd(x - y, n);
  return g > 1n && g < n ? g : null;
}
