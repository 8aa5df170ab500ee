import { describe, expect, it } from "vitest";
import { solveCongruences, type Congruence } from "./chinese-remainder";
import { random } from "./test-oracles";

/** Every x in 0 … limit − 1 that satisfies all the congruences, by trying each one. */
function bruteForceSolutions(congruences: readonly Congruence[], limit: number): number[] {
  const plain = congruences.map(({ residue, modulus }) => [Number(residue), Number(modulus)] as const);
  const solutions: number[] = [];
  for (let x = 0; x < limit; x += 1) {
    if (plain.every(([residue, modulus]) => (x - residue) % modulus === 0)) solutions.push(x);
  }
  return solutions;
}

/** lcm of the moduli by checking multiples of the largest one: slow and plain. */
function bruteForceLcm(moduli: readonly number[]): number {
  const largest = Math.max(...moduli);
  for (let multiple = largest; ; multiple += largest) if (moduli.every((m) => multiple % m === 0)) return multiple;
}

function randomSystem(next: () => number): Congruence[] {
  const count = 1 + Math.floor(next() * 4);
  return Array.from({ length: count }, () => ({
    residue: BigInt(Math.floor(next() * 61) - 30),
    modulus: BigInt(1 + Math.floor(next() * 18)),
  }));
}

describe("solveCongruences", () => {
  it("solves Sunzi's puzzle: 2 mod 3, 3 mod 5, 2 mod 7", () => {
    const system = [
      { residue: 2n, modulus: 3n },
      { residue: 3n, modulus: 5n },
      { residue: 2n, modulus: 7n },
    ];
    const result = solveCongruences(system);
    expect(result.kind).toBe("solved");
    if (result.kind !== "solved") return;
    expect(bruteForceSolutions(system, 105)).toEqual([Number(result.solution.residue)]);
    expect(result.solution.modulus).toBe(105n);
    expect(result.steps).toHaveLength(2);
  });

  it("agrees with a search over 0 … lcm − 1 on random systems, consistent or not (seeded)", () => {
    const next = random(20260603);
    let solved = 0;
    let inconsistent = 0;
    for (let trial = 0; trial < 2000; trial += 1) {
      const system = randomSystem(next);
      const lcm = bruteForceLcm(system.map(({ modulus }) => Number(modulus)));
      const solutions = bruteForceSolutions(system, lcm);
      const result = solveCongruences(system);
      if (solutions.length === 0) {
        inconsistent += 1;
        expect(
          result.kind,
          JSON.stringify(system, (_, v) => (typeof v === "bigint" ? String(v) : v)),
        ).toBe("inconsistent");
        if (result.kind !== "inconsistent") continue;
        const { first, second, gcd } = result.clash;
        const [p, q] = [system[first]!, system[second]!];
        expect(first).toBeLessThan(second);
        // The pair really clashes: no x satisfies these two alone.
        expect(bruteForceSolutions([p, q], bruteForceLcm([Number(p.modulus), Number(q.modulus)]))).toEqual([]);
        expect(p.modulus % gcd === 0n && q.modulus % gcd === 0n).toBe(true);
        expect(result.steps.at(-1)?.kind).toBe("clash");
      } else {
        solved += 1;
        // Solutions repeat every lcm, so exactly one lies in 0 … lcm − 1.
        expect(solutions).toHaveLength(1);
        expect(result.kind).toBe("solved");
        if (result.kind !== "solved") continue;
        expect(result.solution).toEqual({ residue: BigInt(solutions[0]!), modulus: BigInt(lcm) });
        for (const step of result.steps) {
          const { left, right, euclid, inverse } = step;
          expect(left.modulus * euclid.x + right.modulus * euclid.y).toBe(euclid.gcd);
          const reduced = right.modulus / euclid.gcd;
          expect(((left.modulus / euclid.gcd) * inverse) % reduced).toBe(1n % reduced);
          expect((step.result.residue - right.residue) % right.modulus).toBe(0n);
          expect((step.result.residue - left.residue) % left.modulus).toBe(0n);
        }
      }
    }
    // The generator must exercise both outcomes.
    expect(solved).toBeGreaterThan(200);
    expect(inconsistent).toBeGreaterThan(200);
  });

  it("reports the clashing pair of 1 mod 4, 2 mod 5, 0 mod 6", () => {
    const result = solveCongruences([
      { residue: 1n, modulus: 4n },
      { residue: 2n, modulus: 5n },
      { residue: 0n, modulus: 6n },
    ]);
    expect(result.kind).toBe("inconsistent");
    if (result.kind === "inconsistent") expect(result.clash).toEqual({ first: 0, second: 2, gcd: 2n });
  });

  it("handles large coprime moduli exactly", () => {
    const system = [
      { residue: 123_456n, modulus: 999_983n },
      { residue: -5n, modulus: 1_000_000n },
      { residue: 77n, modulus: 999_979n },
    ];
    const result = solveCongruences(system);
    expect(result.kind).toBe("solved");
    if (result.kind !== "solved") return;
    expect(result.solution.modulus).toBe(999_983n * 1_000_000n * 999_979n);
    const x = result.solution.residue;
    expect(x >= 0n && x < result.solution.modulus).toBe(true);
    for (const { residue, modulus } of system) expect((x - residue) % modulus).toBe(0n);
  });

  it("refuses empty, oversized or out-of-range systems", () => {
    expect(() => solveCongruences([])).toThrow(RangeError);
    expect(() => solveCongruences(Array.from({ length: 7 }, () => ({ residue: 0n, modulus: 2n })))).toThrow(RangeError);
    expect(() => solveCongruences([{ residue: 0n, modulus: 0n }])).toThrow(RangeError);
    expect(() => solveCongruences([{ residue: 0n, modulus: 1_000_001n }])).toThrow(RangeError);
  });
});
