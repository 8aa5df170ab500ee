import { describe, expect, it } from "vitest";
import { modPow } from "./bigint";
import { powerResidueTable, primitiveRootTest } from "./power-residue-table";
import { trialDivision } from "./test-oracles";

const gcdNumber = (a: number, b: number): number => (b === 0 ? a : gcdNumber(b, a % b));
const power = (a: number, k: number, m: number) => Number(modPow(BigInt(a), BigInt(k), BigInt(m)));
const phiByCounting = (m: number) => Array.from({ length: m }, (_, k) => k).filter((k) => gcdNumber(k, m) === 1).length;

/** The least k ≥ 1 with a^k ≡ 1 (mod m), by multiplying by a until it happens. */
function orderByMultiplying(a: number, m: number): number {
  let k = 1;
  for (let value = a % m; value !== 1; value = (value * a) % m) k += 1;
  return k;
}

/** g generates the units when its powers g^1 … g^φ(m) are φ(m) different remainders. */
function generatesAllUnits(g: number, m: number): boolean {
  const phi = phiByCounting(m);
  if (gcdNumber(g, m) !== 1) return false;
  return new Set(Array.from({ length: phi }, (_, index) => power(g, index + 1, m))).size === phi;
}

/** The first n with a^n equal to an earlier power a^j (j < n). */
function firstRepeat(a: number, m: number): number {
  const seen = new Set<number>();
  for (let n = 0; ; n += 1) {
    const value = power(a, n, m);
    if (seen.has(value)) return n;
    seen.add(value);
  }
}

/** m = 1, 2, 4, p^k or 2p^k with p an odd prime: the moduli the theorem says have a primitive root. */
function hasPrimitiveRootByForm(m: number): boolean {
  if (m === 1 || m === 2 || m === 4) return true;
  const odd = trialDivision(m).filter(({ value }) => value !== 2n);
  const twos = trialDivision(m).find(({ value }) => value === 2n)?.exponent ?? 0;
  return odd.length === 1 && twos <= 1;
}

describe("powerResidueTable", () => {
  it("agrees with brute force on every power, order and primitive root for m ≤ 100", () => {
    for (let m = 2; m <= 100; m += 1) {
      const table = powerResidueTable(m);
      const phi = phiByCounting(m);
      expect(table.phi).toBe(phi);
      const as = Array.from({ length: m - 1 }, (_, index) => index + 1);
      expect(table.columns, `columns for m = ${m}`).toBe(Math.max(phi, ...as.map((a) => firstRepeat(a, m))));
      expect(table.rows.map((row) => row.a)).toEqual(as);
      expect(table.rows.map((row) => row.powers)).toEqual(
        as.map((a) => Array.from({ length: table.columns }, (_, index) => power(a, index + 1, m))),
      );
      const orders = as.map((a) => (gcdNumber(a, m) === 1 ? orderByMultiplying(a, m) : null));
      expect(
        table.rows.map((row) => row.order),
        `orders mod ${m}`,
      ).toEqual(orders);
      expect(table.rows.map((row) => row.coprime)).toEqual(as.map((a) => gcdNumber(a, m) === 1));
      expect(table.primitiveRoots, `primitive roots mod ${m}`).toEqual(as.filter((g) => generatesAllUnits(g, m)));
      expect(table.largestOrder).toBe(Math.max(...orders.map((order) => order ?? 0)));
    }
  });

  it("finds a primitive root exactly for m = 2, 4, p^k, 2p^k, and then φ(φ(m)) of them", () => {
    for (let m = 2; m <= 100; m += 1) {
      const table = powerResidueTable(m);
      const expected = hasPrimitiveRootByForm(m);
      expect(table.primitiveRoots.length > 0, `m = ${m}`).toBe(expected);
      expect(table.largestOrder < table.phi).toBe(!expected);
      if (expected) expect(table.primitiveRoots.length).toBe(phiByCounting(table.phi));
    }
  });

  it("refuses moduli it does not tabulate", () => {
    expect(() => powerResidueTable(1)).toThrow(RangeError);
    expect(() => powerResidueTable(201)).toThrow(RangeError);
  });
});

describe("primitiveRootTest", () => {
  it("agrees with listing the powers for every g < m ≤ 100", () => {
    for (let m = 2; m <= 100; m += 1) {
      const gs = Array.from({ length: m }, (_, g) => g);
      expect(
        gs.map((g) => primitiveRootTest(g, m).isPrimitiveRoot),
        `m = ${m}`,
      ).toEqual(gs.map((g) => generatesAllUnits(g, m)));
    }
  });

  it("lists one check g^(φ/q) per prime q of φ(m)", () => {
    const test = primitiveRootTest(2, 7);
    expect(test).toMatchObject({ phi: 6, coprime: true, isPrimitiveRoot: false });
    expect(test.checks).toEqual([
      { prime: 2, exponent: 3, value: power(2, 3, 7) },
      { prime: 3, exponent: 2, value: power(2, 2, 7) },
    ]);
    expect(primitiveRootTest(3, 7).checks.map(({ value }) => value)).toEqual([power(3, 3, 7), power(3, 2, 7)]);
    expect(primitiveRootTest(3, 7).isPrimitiveRoot).toBe(true);
    expect(primitiveRootTest(6, 9)).toMatchObject({ coprime: false, checks: [], isPrimitiveRoot: false });
  });
});
