import { describe, expect, it } from "vitest";
import {
  describeExponents,
  describeNeighbourhood,
  divides,
  divisorCountTex,
  divisorLattice,
  gcdLcmTex,
  join,
  LATTICE_MAX_DIVISORS,
  LATTICE_NODE_HEIGHT,
  latticeInputProblem,
  meet,
  type DivisorLattice,
} from "./divisor-lattice";

const isPrime = (p: number) => {
  if (p < 2) return false;
  for (let d = 2; d < p; d++) if (p % d === 0) return false;
  return true;
};
const divisorsOf = (n: number) => Array.from({ length: n }, (_, i) => i + 1).filter((d) => n % d === 0);
/** Ω(d) by dividing out the least divisor again and again. */
const bigOmega = (d: number) => {
  let count = 0;
  for (let rest = d; rest > 1; count++) {
    let q = 2;
    while (rest % q !== 0) q++;
    rest /= q;
  }
  return count;
};

/** Everything wrong with the lattice of n, checked against lists made by brute force. */
function latticeProblems(n: number, lattice: DivisorLattice): string[] {
  const problems: string[] = [];
  const divisors = divisorsOf(n);
  const values = lattice.nodes.map((node) => node.value);
  if ([...values].sort((a, b) => a - b).join() !== divisors.join()) problems.push(`${n}: wrong divisors`);
  for (const node of lattice.nodes) {
    if (node.level !== bigOmega(node.value)) problems.push(`${n}: ${node.value} on level ${node.level}`);
  }
  const edgeOracle = divisors
    .flatMap((a) => divisors.filter((b) => b % a === 0 && isPrime(b / a)).map((b) => `${a}-${b}`))
    .sort();
  const edges = lattice.edges.map(({ from, to }) => `${values[from]}-${values[to]}`).sort();
  if (edges.join() !== edgeOracle.join()) problems.push(`${n}: wrong edges`);
  for (const edge of lattice.edges) {
    if ((values[edge.to] ?? 0) !== (values[edge.from] ?? 0) * (lattice.primes[edge.primeIndex] ?? 0)) {
      problems.push(`${n}: edge ${edge.from}→${edge.to} has the wrong prime`);
    }
  }
  lattice.levels.forEach((level, l) => {
    level.forEach((index, position) => {
      const node = lattice.nodes[index];
      if (!node || node.level !== l) problems.push(`${n}: node ${index} listed on level ${l}`);
      const next = lattice.nodes[level[position + 1] ?? -1];
      if (node && next && next.x - node.x < lattice.nodeWidth) problems.push(`${n}: level ${l} boxes overlap`);
      if (node && next && next.y !== node.y) problems.push(`${n}: level ${l} is not a row`);
    });
  });
  for (const node of lattice.nodes) {
    const left = node.x - lattice.nodeWidth / 2;
    const top = node.y - LATTICE_NODE_HEIGHT / 2;
    if (left < 0 || top < 0 || left + lattice.nodeWidth > lattice.width || top + LATTICE_NODE_HEIGHT > lattice.height) {
      problems.push(`${n}: ${node.value} is outside the drawing`);
    }
    if (node.value.toString().length * 8 > lattice.nodeWidth) problems.push(`${n}: label of ${node.value} too wide`);
  }
  return problems;
}

describe("divisorLattice", () => {
  it("has the divisors, levels and edges d → d·p of every n ≤ 2000, laid out without overlaps", () => {
    const problems: string[] = [];
    for (let n = 1; n <= 2000; n++) {
      if (latticeInputProblem(n) !== null) continue;
      problems.push(...latticeProblems(n, divisorLattice(n)));
    }
    expect(problems).toEqual([]);
  });

  it("draws 60 with 1 at the bottom, n at the top and the smaller primes' powers to the left", () => {
    const lattice = divisorLattice(60);
    expect(lattice.primes).toEqual([2, 3, 5]);
    expect(lattice.levels.map((level) => level.map((index) => lattice.nodes[index]?.value))).toEqual([
      [1],
      [2, 3, 5],
      [4, 6, 10, 15],
      [12, 20, 30],
      [60],
    ]);
    const [bottom, top] = [lattice.nodes[0], lattice.nodes.at(-1)];
    expect(bottom && top && bottom.y > top.y).toBe(true);
  });

  it("handles 1 and primes", () => {
    expect(divisorLattice(1).nodes.map((node) => node.value)).toEqual([1]);
    expect(divisorLattice(1).edges).toEqual([]);
    expect(divisorLattice(999_983).edges).toHaveLength(1);
  });

  it("refuses numbers out of range or with more than 64 divisors, saying how many", () => {
    expect(latticeInputProblem(0)).not.toBeNull();
    expect(latticeInputProblem(1_000_001)).not.toBeNull();
    expect(latticeInputProblem(2.5)).not.toBeNull();
    expect(latticeInputProblem(720_720)).toBe(
      `720720 has 240 divisors; pick a number with at most ${LATTICE_MAX_DIVISORS}.`,
    );
    expect(() => divisorLattice(720_720)).toThrow(RangeError);
    expect(latticeInputProblem(30_030)).toBeNull(); // 2·3·5·7·11·13: exactly 64
  });
});

describe("divides, meet and join", () => {
  it("agree with divisibility, the greatest common divisor and the least common multiple for every n ≤ 2000", () => {
    const wrong: string[] = [];
    for (let n = 1; n <= 2000; n++) {
      if (latticeInputProblem(n) !== null) continue;
      const lattice = divisorLattice(n);
      const values = lattice.nodes.map((node) => node.value);
      const divisors = divisorsOf(n);
      values.forEach((a, i) => {
        values.forEach((b, j) => {
          // The largest divisor of n dividing both, and the smallest divisor of n both divide: straight from the list.
          const common = divisors.filter((d) => a % d === 0 && b % d === 0).at(-1);
          const bound = divisors.find((d) => d % a === 0 && d % b === 0);
          if (values[meet(lattice, i, j)] !== common) wrong.push(`meet ${a}, ${b} in ${n}`);
          if (values[join(lattice, i, j)] !== bound) wrong.push(`join ${a}, ${b} in ${n}`);
          if (divides(lattice, i, j) !== (b % a === 0)) wrong.push(`${a} | ${b} in ${n}`);
        });
      });
    }
    expect(wrong).toEqual([]);
  });
});

describe("describeExponents and gcdLcmTex", () => {
  const lattice = divisorLattice(60);
  const index = (value: number) => lattice.nodes.findIndex((node) => node.value === value);

  it("write every exponent, zeros included", () => {
    expect(describeExponents(lattice, index(12))).toBe("12 = 2² · 3¹ · 5⁰");
    expect(describeExponents(lattice, index(1))).toBe("1 = 2⁰ · 3⁰ · 5⁰");
    expect(describeExponents(divisorLattice(1), 0)).toBe("1 has no prime factors");
  });

  it("work gcd and lcm out exponent by exponent", () => {
    expect(gcdLcmTex(lattice, index(12), index(10))).toEqual({
      gcd: "\\gcd(12, 10) = 2^{\\min(2, 1)} \\cdot 3^{\\min(1, 0)} \\cdot 5^{\\min(0, 1)} = 2 \\cdot 3^{0} \\cdot 5^{0} = 2",
      lcm: "\\operatorname{lcm}(12, 10) = 2^{\\max(2, 1)} \\cdot 3^{\\max(1, 0)} \\cdot 5^{\\max(0, 1)} = 2^{2} \\cdot 3 \\cdot 5 = 60",
    });
  });

  it("count the divisors as a product of (exponent + 1)", () => {
    expect(divisorCountTex(lattice)).toBe("\\tau(60) = (2 + 1)(1 + 1)(1 + 1) = 12");
    expect(divisorCountTex(divisorLattice(1))).toBe("\\tau(1) = 1");
    for (const n of [360, 1024, 30_030, 999_983]) {
      expect(divisorCountTex(divisorLattice(n)).endsWith(`= ${divisorsOf(n).length}`)).toBe(true);
    }
  });

  it("list the divisors below and the multiples above a divisor", () => {
    expect(describeNeighbourhood(lattice, index(12))).toBe(
      "12 = 2² · 3¹ · 5⁰. Below it, its divisors: 1, 2, 3, 4, 6. Above it, its multiples: 60.",
    );
    expect(describeNeighbourhood(lattice, index(1))).toMatch(
      /Nothing is below it.*Above it, its multiples: 2, 3, 4, 5, 6,/,
    );
    expect(describeNeighbourhood(lattice, index(60))).toMatch(/Nothing is above it: it is 60 itself\.$/);
    const big = divisorLattice(1800);
    big.nodes.forEach((node, i) => {
      const below = divisorsOf(node.value).filter((d) => d !== node.value);
      const above = divisorsOf(1800).filter((m) => m !== node.value && m % node.value === 0);
      const text = describeNeighbourhood(big, i);
      if (below.length > 0) expect(text).toContain(`its divisors: ${below.join(", ")}.`);
      if (above.length > 0) expect(text).toContain(`its multiples: ${above.join(", ")}.`);
    });
  });
});
