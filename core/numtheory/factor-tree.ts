/**
 * The factor tree a pupil draws: each composite splits into two factors until
 * only primes are left. Built from a known factorization (no searching), laid
 * out on a grid, and revealed one split at a time.
 */
import type { Factor } from "./factorization-types";

/** Above these the drawing stops teaching anything: too wide to read, and the page has better views. */
export const FACTOR_TREE_MAX_N = 10n ** 12n;
export const FACTOR_TREE_MAX_LEAVES = 16;

export interface FactorTreeNode {
  id: number;
  value: bigint;
  /** 0 for the root. */
  depth: number;
  /** Horizontal position in leaf widths: leaves sit on 0, 1, 2, …; a parent is centred over its children. */
  x: number;
  /** Ids of the two factors (smaller first), or null for a prime. */
  children: readonly [number, number] | null;
}

export interface FactorTree {
  /** Indexed by id; the root is node 0. */
  nodes: FactorTreeNode[];
  /** Ids of the composite nodes in the order they are split: level by level, left to right. */
  steps: number[];
  leafCount: number;
  /** The largest depth (0 for a prime). */
  height: number;
}

/** [prime, exponent] pairs of one node. */
type Exponents = readonly (readonly [bigint, number])[];

function valueOf(exponents: Exponents): bigint {
  let value = 1n;
  for (const [p, e] of exponents) value *= p ** BigInt(e);
  return value;
}

/**
 * The split d × m/d with d the largest divisor ≤ √m: the most balanced one,
 * which keeps the tree short and wide instead of peeling off one prime a level.
 */
function balancedSplit(exponents: Exponents): [Exponents, Exponents] {
  const m = valueOf(exponents);
  let best: readonly number[] = [];
  let bestValue = 1n;
  const visit = (chosen: number[], value: bigint) => {
    if (value * value > m) return;
    const next = exponents[chosen.length];
    if (!next) {
      if (value > bestValue) [best, bestValue] = [chosen, value];
      return;
    }
    const [p, e] = next;
    let power = value;
    for (let k = 0; k <= e; k += 1) {
      visit([...chosen, k], power);
      power *= p;
    }
  };
  visit([], 1n);
  const small = exponents.map(([p], i) => [p, best[i] ?? 0] as const);
  const large = exponents.map(([p, e], i) => [p, e - (best[i] ?? 0)] as const);
  return [small.filter(([, e]) => e > 0), large.filter(([, e]) => e > 0)];
}

/**
 * The tree of n = ∏ p^e from its complete factorization (sorted or not), or
 * null when it is not worth drawing: n < 2, n > FACTOR_TREE_MAX_N, more than
 * FACTOR_TREE_MAX_LEAVES prime factors, or a factor not known to be prime.
 */
export function factorTree(factors: readonly Factor[]): FactorTree | null {
  if (factors.length === 0 || factors.some((factor) => factor.kind === "composite" || factor.exponent < 1)) return null;
  const root: Exponents = [...factors].sort((a, b) => (a.value < b.value ? -1 : 1)).map((f) => [f.value, f.exponent]);
  const leafCount = root.reduce((sum, [, e]) => sum + e, 0);
  if (leafCount > FACTOR_TREE_MAX_LEAVES || valueOf(root) > FACTOR_TREE_MAX_N) return null;

  const nodes: FactorTreeNode[] = [];
  const pending: { node: FactorTreeNode; exponents: Exponents }[] = [];
  const add = (exponents: Exponents, depth: number): number => {
    const node: FactorTreeNode = { id: nodes.length, value: valueOf(exponents), depth, x: 0, children: null };
    nodes.push(node);
    pending.push({ node, exponents });
    return node.id;
  };

  // Breadth first, so ids are already the reading order and the split order.
  add(root, 0);
  const steps: number[] = [];
  for (let next = pending.shift(); next; next = pending.shift()) {
    const { node, exponents } = next;
    const isPrime = exponents.length === 1 && exponents[0]?.[1] === 1;
    if (isPrime) continue;
    const [small, large] = balancedSplit(exponents);
    node.children = [add(small, node.depth + 1), add(large, node.depth + 1)];
    steps.push(node.id);
  }

  let nextLeaf = 0;
  const place = (node: FactorTreeNode): number => {
    if (!node.children) node.x = nextLeaf++;
    else node.x = node.children.reduce((sum, id) => sum + place(nodeAt(nodes, id)), 0) / 2;
    return node.x;
  };
  place(nodeAt(nodes, 0));

  return { nodes, steps, leafCount, height: Math.max(...nodes.map((node) => node.depth)) };
}

function nodeAt(nodes: readonly FactorTreeNode[], id: number): FactorTreeNode {
  const node = nodes[id];
  if (!node) throw new RangeError(`No node ${id} in the factor tree`);
  return node;
}

/** Whether each node is on screen once the first `stepsShown` splits are drawn. */
export function visibleNodes(tree: FactorTree, stepsShown: number): boolean[] {
  const visible = tree.nodes.map((node) => node.id === 0);
  for (const id of tree.steps.slice(0, Math.max(0, stepsShown))) {
    for (const child of nodeAt(tree.nodes, id).children ?? []) visible[child] = true;
  }
  return visible;
}

/** One split in words, e.g. "360 = 18 × 20", for the text alternative. */
export function describeSplit(tree: FactorTree, id: number): string {
  const node = nodeAt(tree.nodes, id);
  if (!node.children) return `${node.value} is prime`;
  const [left, right] = node.children.map((child) => nodeAt(tree.nodes, child).value);
  return `${node.value} = ${left} × ${right}`;
}
