import { describe, expect, it } from "vitest";
import { findDependencies } from "./gf2";
import { random } from "../test-oracles";

function randomRows(next: () => number, rowCount: number, columnCount: number, maxWeight: number): Int32Array[] {
  return Array.from({ length: rowCount }, () => {
    const columns = new Set<number>();
    const weight = Math.floor(next() * (maxWeight + 1));
    // Squaring skews towards low columns, like small primes in real relations.
    for (let k = 0; k < weight; k += 1) columns.add(Math.floor(next() ** 2 * columnCount));
    return Int32Array.from(columns).sort();
  });
}

function sumsToZero(rows: readonly Int32Array[], members: readonly number[], columnCount: number): boolean {
  const parity = new Uint8Array(columnCount);
  for (const r of members) for (const c of rows[r]!) parity[c]! ^= 1;
  return parity.every((bit) => bit === 0);
}

/** Rank over GF(2) by plain elimination on bigint bit masks, the independent oracle. */
function rank(rows: readonly Int32Array[]): number {
  const basis: bigint[] = [];
  for (const row of rows) {
    let v = 0n;
    for (const c of row) v ^= 1n << BigInt(c);
    for (const b of basis) if ((v ^ b) < v) v ^= b;
    if (v !== 0n) {
      basis.push(v);
      basis.sort((x, y) => (x > y ? -1 : x < y ? 1 : 0));
    }
  }
  return basis.length;
}

describe("findDependencies", () => {
  it("returns only genuine dependencies, distinct and non-empty, on random sparse matrices", () => {
    const next = random(11);
    for (let trial = 0; trial < 30; trial += 1) {
      const columnCount = 20 + Math.floor(next() * 300);
      const rows = randomRows(next, columnCount + 5 + Math.floor(next() * 20), columnCount, 12);
      const dependencies = findDependencies(rows, columnCount, 200);
      const seen = new Set<string>();
      for (const members of dependencies) {
        expect(members.length).toBeGreaterThan(0);
        expect(sumsToZero(rows, members, columnCount)).toBe(true);
        const key = [...members].sort((a, b) => a - b).join(",");
        expect(seen.has(key)).toBe(false);
        seen.add(key);
      }
      // At least one dependency exists whenever the rows are dependent, and the count matches the nullity
      // when the cap allows (filtering only removes rows that are in no dependency).
      expect(dependencies.length).toBe(rows.length - rank(rows));
    }
  });

  it("agrees with brute force over all subsets on tiny matrices", () => {
    const next = random(12);
    for (let trial = 0; trial < 200; trial += 1) {
      const columnCount = 3 + Math.floor(next() * 8);
      const rows = randomRows(next, 2 + Math.floor(next() * 9), columnCount, 4);
      let dependent = false;
      for (let mask = 1; mask < 1 << rows.length && !dependent; mask += 1) {
        const members = rows.map((_, i) => i).filter((i) => mask & (1 << i));
        dependent = sumsToZero(rows, members, columnCount);
      }
      const dependencies = findDependencies(rows, columnCount);
      expect(dependencies.length > 0).toBe(dependent);
      for (const members of dependencies) expect(sumsToZero(rows, members, columnCount)).toBe(true);
    }
  });

  it("honours maxDependencies and finds the duplicate-row dependency", () => {
    const rows = [Int32Array.of(1, 4), Int32Array.of(2), Int32Array.of(1, 4), Int32Array.of()];
    const dependencies = findDependencies(rows, 5, 10);
    expect(dependencies.map((d) => [...d].sort()).sort()).toEqual([[0, 2], [3]]);
    expect(findDependencies(rows, 5, 1)).toHaveLength(1);
  });
});
