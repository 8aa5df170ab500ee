import { describe, expect, it } from "vitest";
import { random } from "./test-oracles";
import {
  describeSplit,
  factorTree,
  FACTOR_TREE_MAX_LEAVES,
  FACTOR_TREE_MAX_N,
  visibleNodes,
  type FactorTree,
  type FactorTreeNode,
} from "./factor-tree";
import type { Factor } from "./factorization-types";

function bruteFactors(n: number): Factor[] {
  const factors: Factor[] = [];
  let rest = n;
  for (let p = 2; p * p <= rest; p += 1) {
    let exponent = 0;
    while (rest % p === 0) {
      rest /= p;
      exponent += 1;
    }
    if (exponent > 0) factors.push({ value: BigInt(p), exponent, kind: "prime" });
  }
  if (rest > 1) factors.push({ value: BigInt(rest), exponent: 1, kind: "prime" });
  return factors;
}

function bruteIsPrime(n: number): boolean {
  if (n < 2) return false;
  for (let d = 2; d * d <= n; d += 1) if (n % d === 0) return false;
  return true;
}

/** The largest divisor d ≤ √n, by trying every candidate. */
function bruteBalancedDivisor(n: number): number {
  let best = 1;
  for (let d = 1; d * d <= n; d += 1) if (n % d === 0) best = d;
  return best;
}

/** Every structural promise of the tree, checked against brute force; the broken ones, in words. */
function treeProblems(n: number, tree: FactorTree): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, what: string) => {
    if (!ok) problems.push(`n = ${n}: ${what}`);
  };
  const { nodes, steps } = tree;
  const at = (id: number) => nodes[id]!;
  check(at(0).value === BigInt(n), "root value");
  const leaves: number[] = [];
  for (const node of nodes) {
    const value = Number(node.value);
    if (node.children) {
      const [left, right] = node.children.map(at) as [FactorTreeNode, FactorTreeNode];
      check(left.value * right.value === node.value, `${value} is not the product of its children`);
      check(Number(left.value) === bruteBalancedDivisor(value), `${value} split unbalanced at ${left.value}`);
      check(left.depth === node.depth + 1 && right.depth === node.depth + 1, `children of ${value} on wrong level`);
      check(node.x === (left.x + right.x) / 2, `${value} not centred over its children`);
    } else {
      check(bruteIsPrime(value), `leaf ${value} is not prime`);
      leaves.push(value);
    }
  }
  const expectedLeaves = bruteFactors(n).flatMap((f) => Array<number>(f.exponent).fill(Number(f.value)));
  check(String([...leaves].sort((a, b) => a - b)) === String(expectedLeaves), `leaves ${leaves}`);
  check(tree.leafCount === expectedLeaves.length, "leaf count");
  // A split removes one composite and adds two nodes: Ω(n) − 1 splits in all.
  check(steps.length === expectedLeaves.length - 1, `${steps.length} steps`);
  check(tree.height === Math.max(...nodes.map((node) => node.depth)), "height");

  // Leaves occupy the slots 0 … leafCount − 1 once each, in left-to-right order of the tree.
  const leafSlots = nodes.filter((node) => !node.children).map((node) => node.x);
  check(String([...leafSlots].sort((a, b) => a - b)) === String(leafSlots.map((_, i) => i)), `leaf slots ${leafSlots}`);
  // No two nodes on one level share a position.
  for (let depth = 0; depth <= tree.height; depth += 1) {
    const xs = nodes.filter((node) => node.depth === depth).map((node) => node.x);
    check(new Set(xs).size === xs.length, `overlap on level ${depth}`);
  }

  // Steps go level by level, and a node is split only after its parent.
  const splitAt = new Map(steps.map((id, index) => [id, index]));
  const stepDepths = steps.map((id) => at(id).depth);
  check(String(stepDepths) === String([...stepDepths].sort((a, b) => a - b)), "steps not level by level");
  for (const node of nodes) {
    if (node.children) check(splitAt.has(node.id), `${node.value} never split`);
    for (const child of node.children ?? []) {
      if (at(child).children) check(splitAt.get(child)! > splitAt.get(node.id)!, "child split before parent");
    }
  }
  return problems;
}

describe("factorTree", () => {
  it("matches brute force for every n from 2 to 2000", () => {
    const problems: string[] = [];
    for (let n = 2; n <= 2000; n += 1) {
      const tree = factorTree(bruteFactors(n));
      problems.push(...(tree ? treeProblems(n, tree) : [`n = ${n}: no tree`]));
    }
    expect(problems).toEqual([]);
  });

  it("matches brute force for seeded random n up to 10^12", () => {
    const next = random(20240611);
    for (let i = 0; i < 40; i += 1) {
      // Products of small random factors, so many have several prime factors.
      let n = 1;
      while (n < 1e6) n *= 2 + Math.floor(next() * 300);
      n *= 1 + Math.floor(next() * 1000);
      if (n > 1e12) continue;
      const tree = factorTree(bruteFactors(n));
      if (!tree) {
        expect(bruteFactors(n).reduce((sum, f) => sum + f.exponent, 0)).toBeGreaterThan(FACTOR_TREE_MAX_LEAVES);
        continue;
      }
      expect(treeProblems(n, tree)).toEqual([]);
    }
  });

  it("draws 360 as 18 × 20, then 3 × 6 and 4 × 5, then the last 2 × 3 and 2 × 2", () => {
    const tree = factorTree(bruteFactors(360))!;
    expect(tree.steps.map((id) => describeSplit(tree, id))).toEqual([
      "360 = 18 × 20",
      "18 = 3 × 6",
      "20 = 4 × 5",
      "6 = 2 × 3",
      "4 = 2 × 2",
    ]);
  });

  it("is a single node for a prime", () => {
    const tree = factorTree([{ value: 97n, exponent: 1, kind: "prime" }])!;
    expect(tree.nodes).toHaveLength(1);
    expect(tree.steps).toEqual([]);
    expect(describeSplit(tree, 0)).toBe("97 is prime");
  });

  it("refuses what it should not draw", () => {
    expect(factorTree([])).toBeNull();
    expect(factorTree([{ value: 1000003n * 1000033n, exponent: 1, kind: "composite" }])).toBeNull();
    // 2^17 has more leaves than the limit.
    expect(factorTree([{ value: 2n, exponent: FACTOR_TREE_MAX_LEAVES + 1, kind: "prime" }])).toBeNull();
    // 10^12 + 39 is prime: just above the size limit.
    expect(factorTree([{ value: FACTOR_TREE_MAX_N + 39n, exponent: 1, kind: "prime" }])).toBeNull();
    expect(
      factorTree([
        { value: 2n, exponent: 12, kind: "prime" },
        { value: 5n, exponent: 12, kind: "prime" },
      ]),
    ).toBeNull();
    expect(factorTree([{ value: 999983n, exponent: 2, kind: "prime" }])).not.toBeNull();
  });

  it("reveals the two children of each split in order", () => {
    const tree = factorTree(bruteFactors(360))!;
    const count = (shown: number) => visibleNodes(tree, shown).filter(Boolean).length;
    expect(count(0)).toBe(1);
    for (let shown = 1; shown <= tree.steps.length; shown += 1) expect(count(shown)).toBe(1 + 2 * shown);
    expect(count(tree.steps.length + 5)).toBe(tree.nodes.length);
    const afterOne = visibleNodes(tree, 1);
    for (const child of tree.nodes[0]!.children!) expect(afterOne[child]).toBe(true);
  });
});
