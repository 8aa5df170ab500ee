import { describe, expect, it } from "vitest";
import { RelationCollector, type SiqsSnapshot } from "./collector";
import { combineRelations, partialCycles } from "./combine";
import { chooseSiqsParameters } from "./parameters";
import type { Relation, RelationBatch } from "./relation";
import { sieveRelations } from "./sieve";
import { random } from "../test-oracles";

const N = 1000000016000000063n; // 1000000007 · 1000000009

/** Relations of N from `polynomials` polynomials of one seed. */
function sieveSome(seed: number, polynomials: number): RelationBatch[] {
  const params = chooseSiqsParameters(N);
  const batches: RelationBatch[] = [];
  let checks = 0;
  sieveRelations(params, {
    seed,
    signal: {
      get aborted() {
        checks += 1;
        return checks > polynomials;
      },
    },
    onBatch: (batch) => batches.push(batch),
  });
  return batches;
}

function edge(large1: number, large2: number, y: bigint): Relation {
  return { y, negative: false, factors: new Int32Array(0), large1, large2 };
}

describe("RelationCollector", () => {
  it("drops duplicates, also across batches and with y negated", () => {
    const params = chooseSiqsParameters(N);
    const batches = sieveSome(1, 40);
    const collector = new RelationCollector(params);
    for (const batch of batches) collector.add(batch);
    const usable = collector.usable;
    const total = collector.fullCount + collector.partialCount;
    expect(total).toBeGreaterThan(20);
    for (const batch of batches) collector.add(batch);
    collector.add({ polynomials: 0, relations: batches.flatMap((b) => b.relations).map((r) => ({ ...r, y: -r.y })) });
    expect(collector.usable).toBe(usable);
    expect(collector.fullCount + collector.partialCount).toBe(total);
  });

  it("snapshot survives JSON and restores an equal collector; another number's snapshot is refused", () => {
    const params = chooseSiqsParameters(N);
    const collector = new RelationCollector(params);
    for (const batch of sieveSome(2, 40)) collector.add(batch);
    const json = JSON.stringify(collector.snapshot());
    const restored = RelationCollector.restore(params, JSON.parse(json) as SiqsSnapshot);
    expect(restored.usable).toBe(collector.usable);
    expect(restored.needed).toBe(collector.needed);
    expect(JSON.stringify(restored.snapshot())).toBe(json);
    const other = chooseSiqsParameters(1000000021000000099n);
    expect(() => RelationCollector.restore(other, JSON.parse(json) as SiqsSnapshot)).toThrow(/another number/);
  });

  it("restored relations still factor the number", () => {
    const params = chooseSiqsParameters(N);
    const collector = new RelationCollector(params);
    let done = false;
    sieveRelations(params, {
      seed: 3,
      signal: {
        get aborted() {
          return done;
        },
      },
      onBatch: (batch) => {
        collector.add(batch);
        done = collector.usable >= collector.needed;
      },
      batchMilliseconds: 0,
    });
    const restored = RelationCollector.restore(
      params,
      JSON.parse(JSON.stringify(collector.snapshot())) as SiqsSnapshot,
    );
    const factor = combineRelations(params, restored);
    expect(factor === 1000000007n || factor === 1000000009n).toBe(true);
  });

  it("counts independent cycles of the large-prime graph as E − V + C, and each cycle squares its large primes", () => {
    const next = random(5);
    const primes = [1, 101, 103, 107, 109, 113, 127, 131, 137, 139];
    const relations: Relation[] = [];
    for (let i = 0; i < 40; i += 1) {
      const a = primes[Math.floor(next() ** 2 * primes.length)]!;
      const b = primes[1 + Math.floor(next() * (primes.length - 1))]!;
      relations.push(edge(Math.min(a, b), Math.max(a, b), BigInt(1000 + i)));
    }
    const collector = new RelationCollector(chooseSiqsParameters(N));
    collector.add({ polynomials: 0, relations });
    // Oracle: E − V + C by depth-first search over the same edges.
    const vertices = new Set(relations.flatMap((r) => [r.large1, r.large2]));
    const adjacency = new Map<number, number[]>();
    for (const r of relations) {
      adjacency.set(r.large1, [...(adjacency.get(r.large1) ?? []), r.large2]);
      adjacency.set(r.large2, [...(adjacency.get(r.large2) ?? []), r.large1]);
    }
    let components = 0;
    const visited = new Set<number>();
    for (const v of vertices) {
      if (visited.has(v)) continue;
      components += 1;
      const stack = [v];
      while (stack.length) {
        const u = stack.pop()!;
        if (visited.has(u)) continue;
        visited.add(u);
        stack.push(...(adjacency.get(u) ?? []));
      }
    }
    const expected = relations.length - vertices.size + components;
    expect(collector.usable).toBe(expected);
    const cycles = partialCycles(relations);
    expect(cycles).toHaveLength(expected);
    for (const cycle of cycles) {
      const count = new Map<number, number>();
      for (const r of cycle) for (const l of [r.large1, r.large2]) if (l !== 1) count.set(l, (count.get(l) ?? 0) + 1);
      for (const c of count.values()) expect(c % 2).toBe(0);
    }
  });
});
