import { describe, expect, it } from "vitest";
import { rational } from "../algebra/rational";
import {
  classifyDecimalMistake,
  classifyNumberMistake,
  classifyResidueMistake,
  numberMistakeFeedback,
  residueMistakeFeedback,
  SAME_LENGTH_MIN_DIGITS,
  type NumberMistake,
} from "./number-mistake";

/**
 * The oracle: each kind found by plain search over small numbers (fractions as numerator and
 * denominator, compared by cross-multiplying), written without the module's arithmetic, in the
 * module's order of precedence.
 */
type Fraction = [number, number];
const same = ([a, b]: Fraction, [c, d]: Fraction) => a * d === b * c;
const times = (k: number, [a, b]: Fraction): Fraction => [k * a, b];
const plus = (k: number, [a, b]: Fraction): Fraction => [a + k * b, b];
const whole = ([a, b]: Fraction) => a % b === 0;
/** Every k with |k| from 2 to `bound`. */
const factors = (bound: number) => Array.from({ length: bound - 1 }, (_, i) => i + 2).flatMap((k) => [k, -k]);

function permutations(text: string): string[] {
  if (text.length <= 1) return [text];
  return [...text].flatMap((char, i) => permutations(text.slice(0, i) + text.slice(i + 1)).map((rest) => char + rest));
}

/** Every number made from n by changing one digit (keeping its length and sign). */
function oneDigitChanges(n: number): Map<number, number> {
  const digits = String(Math.abs(n));
  const changed = new Map<number, number>();
  for (let position = 0; position < digits.length; position++) {
    for (const digit of "0123456789") {
      if (digit === digits[position] || (position === 0 && digit === "0")) continue;
      const value = Number(digits.slice(0, position) + digit + digits.slice(position + 1)) * Math.sign(n);
      changed.set(value, position + 1);
    }
  }
  return changed;
}

function oracle(expected: Fraction, given: Fraction, modulus: number | null): NumberMistake | null {
  if (same(expected, given)) return null;
  const bothWhole = whole(expected) && whole(given);
  const [e, g] = [expected[0] / expected[1], given[0] / given[1]];
  if (bothWhole && modulus !== null) {
    // given = expected + t·m for some t ≠ 0.
    for (let t = -50; t <= 50; t++)
      if (t !== 0 && g === e + t * modulus) return { kind: "not-reduced", modulus: BigInt(modulus) };
  }
  if (expected[0] !== 0 && same(given, times(-1, expected))) return { kind: "sign" };
  if (bothWhole && modulus !== null) {
    const distinct = ![...Array(101).keys()].some((t) => -e === e + (t - 50) * modulus);
    for (let t = -50; t <= 50; t++) {
      if (distinct && g === -e + t * modulus) return { kind: "negated-residue", modulus: BigInt(modulus) };
    }
  }
  if (same(given, plus(1, expected))) return { kind: "off-by-one", by: 1 };
  if (same(given, plus(-1, expected))) return { kind: "off-by-one", by: -1 };
  if (expected[0] !== 0 && same(given, [expected[1], expected[0]])) return { kind: "reciprocal" };
  // No whole k beyond the ratio of the two can relate them: search up to it.
  const bound = Math.ceil(Math.max(Math.abs(g / e), Math.abs(e / g)) || 0) + 1;
  const search = factors(Number.isFinite(bound) ? bound : 2);
  for (const k of search)
    if (expected[0] !== 0 && same(given, times(k, expected))) return { kind: "multiple", factor: BigInt(k) };
  for (const k of search)
    if (given[0] !== 0 && same(expected, times(k, given))) return { kind: "divisor", factor: BigInt(k) };
  if (!bothWhole || Math.sign(e) !== Math.sign(g)) return null;
  const [a, b] = [String(Math.abs(e)), String(Math.abs(g))];
  if (a.length !== b.length || a.length < 2) return null;
  if (permutations(a).includes(b)) return { kind: "digits-reordered" };
  const position = oneDigitChanges(e).get(g);
  if (position !== undefined) return { kind: "one-digit", position };
  if (a.length < SAME_LENGTH_MIN_DIGITS) return null;
  let leading = 0;
  while (a[leading] === b[leading]) leading++;
  return { kind: "same-length", digits: a.length, leading };
}

const toRational = ([a, b]: Fraction) => rational(BigInt(a), BigInt(b));

describe("the mistake a wrong exact answer looks like", () => {
  it("agrees with the oracle on every pair of small whole numbers", () => {
    const kinds = new Set<string>();
    for (let e = -40; e <= 40; e++) {
      for (let g = -130; g <= 130; g++) {
        const found = classifyNumberMistake(toRational([e, 1]), toRational([g, 1]));
        expect(found, `${e} ← ${g}`).toEqual(oracle([e, 1], [g, 1], null));
        if (found) kinds.add(found.kind);
      }
    }
    expect([...kinds].sort()).toEqual(["digits-reordered", "divisor", "multiple", "off-by-one", "one-digit", "sign"]);
  });

  it("agrees with the oracle on fractions", () => {
    const kinds = new Set<string>();
    const fractions: Fraction[] = [];
    for (let a = -12; a <= 12; a++) for (let b = 1; b <= 6; b++) fractions.push([a, b]);
    for (const expected of fractions) {
      for (const given of fractions) {
        const found = classifyNumberMistake(toRational(expected), toRational(given));
        expect(found, `${expected.join("/")} ← ${given.join("/")}`).toEqual(oracle(expected, given, null));
        if (found) kinds.add(found.kind);
      }
    }
    expect(kinds).toContain("reciprocal");
  });

  it("agrees with the oracle on remainders, for every modulus up to 12", () => {
    const kinds = new Set<string>();
    for (let m = 1; m <= 12; m++) {
      for (let e = 0; e < m; e++) {
        for (let g = -40; g <= 40; g++) {
          const found = classifyNumberMistake(toRational([e, 1]), toRational([g, 1]), BigInt(m));
          expect(found, `${e} (mod ${m}) ← ${g}`).toEqual(oracle([e, 1], [g, 1], m));
          if (found) kinds.add(found.kind);
        }
      }
    }
    expect(kinds).toContain("not-reduced");
    expect(kinds).toContain("negated-residue");
  });

  it("agrees with the oracle on random numbers of three to six digits", () => {
    let seed = 12345;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const kinds = new Set<string>();
    for (let round = 0; round < 3000; round++) {
      const digits = 3 + next(4);
      const e = 10 ** (digits - 1) + next(9 * 10 ** (digits - 1));
      const mutations = [...oneDigitChanges(e).keys()];
      const choices = [
        e + next(2000) - 1000,
        mutations[next(mutations.length)]!,
        Number([...String(e)].sort(() => next(3) - 1).join("")),
        10 ** (digits - 1) + next(9 * 10 ** (digits - 1)),
      ];
      for (const g of choices) {
        const found = classifyNumberMistake(toRational([e, 1]), toRational([g, 1]));
        expect(found, `${e} ← ${g}`).toEqual(oracle([e, 1], [g, 1], null));
        if (found) kinds.add(found.kind);
      }
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(["digits-reordered", "one-digit", "same-length", "off-by-one"]),
    );
  });

  it("works on numbers with thousands of digits", () => {
    const big = 10n ** 2000n + 7n;
    expect(classifyNumberMistake(rational(big), rational(big + 1n))).toEqual({ kind: "off-by-one", by: 1 });
    expect(classifyNumberMistake(rational(big), rational(big * 3n))).toEqual({ kind: "multiple", factor: 3n });
    expect(classifyNumberMistake(rational(big), rational(big + 10n ** 1000n))).toEqual({
      kind: "one-digit",
      position: 1001,
    });
  });
});

describe("the mistake a wrong decimal looks like", () => {
  const slack = (value: number) => 1e-12 * Math.max(1, Math.abs(value));

  it("names a sign, an off-by-one and a misplaced point, each within the (scaled) tolerance", () => {
    expect(classifyDecimalMistake(1.25, 0.001, -1.2504, slack)).toEqual({ kind: "sign" });
    expect(classifyDecimalMistake(1.25, 0.001, 2.2505, slack)).toEqual({ kind: "off-by-one", by: 1 });
    expect(classifyDecimalMistake(1.25, 0.001, 12.509, slack)).toEqual({ kind: "decimal-point", shift: 1 });
    expect(classifyDecimalMistake(1.25, 0.001, 0.00125, slack)).toEqual({ kind: "decimal-point", shift: -3 });
    expect(classifyDecimalMistake(1.25, 0.001, 12.52, slack)).toBeNull();
    expect(classifyDecimalMistake(1.25, 0.001, 1.3, slack)).toBeNull();
  });

  it("agrees with a search over shifts on a grid of values", () => {
    for (let e = -30; e <= 30; e++) {
      const expected = e / 8;
      for (const shift of [-3, -2, -1, 1, 2, 3]) {
        const given = expected * 10 ** shift;
        const found = classifyDecimalMistake(expected, 1e-9, given, slack);
        if (e === 0) expect(found).toBeNull();
        else if (Math.abs(given - expected - 1) < 1e-9 || Math.abs(given - expected + 1) < 1e-9) {
          expect(found?.kind).toBe("off-by-one");
        } else expect(found, `${expected} ← ${given}`).toEqual({ kind: "decimal-point", shift });
      }
    }
  });
});

describe("the mistake a wrong residue class looks like", () => {
  it("agrees with a search over the classes for every modulus up to 15", () => {
    for (let m = 1n; m <= 15n; m++) {
      for (let r = 0n; r < m; r++) {
        for (let g = -30n; g <= 30n; g++) {
          const inClass = (x: bigint, c: bigint) => (x - c) % m === 0n;
          let expected: ReturnType<typeof classifyResidueMistake> = null;
          if (!inClass(g, r)) {
            if (!inClass(-r, r) && inClass(g, -r)) expected = { kind: "negated-residue" };
            else if (inClass(g, r + 1n)) expected = { kind: "off-by-one", by: 1 };
            else if (inClass(g, r - 1n)) expected = { kind: "off-by-one", by: -1 };
          }
          expect(classifyResidueMistake(r, m, g), `${r} (mod ${m}) ← ${g}`).toEqual(expected);
        }
      }
    }
  });
});

describe("the feedback", () => {
  it("says the answer is wrong in every sentence, once", () => {
    const mistakes = [
      null,
      { kind: "not-reduced", modulus: 7n },
      { kind: "sign" },
      { kind: "negated-residue", modulus: 7n },
      { kind: "off-by-one", by: 1 },
      { kind: "reciprocal" },
      { kind: "multiple", factor: 3n },
      { kind: "divisor", factor: -2n },
      { kind: "digits-reordered" },
      { kind: "one-digit", position: 2 },
      { kind: "same-length", digits: 6, leading: 0 },
      { kind: "decimal-point", shift: -2 },
    ] as const;
    for (const mistake of mistakes) {
      const sentence = numberMistakeFeedback(mistake);
      expect(sentence).toMatch(/^Not (the right answer|reduced)[:.,]/);
      expect(sentence.match(/Not /g)).toHaveLength(1);
      expect(sentence).toMatch(/\.$/);
    }
    expect(numberMistakeFeedback({ kind: "one-digit", position: 2 })).toContain("the 2nd from the left");
    expect(numberMistakeFeedback({ kind: "one-digit", position: 12 })).toContain("the 12th from the left");
    expect(numberMistakeFeedback({ kind: "divisor", factor: -2n })).toContain("−2 times");
    expect(residueMistakeFeedback({ kind: "off-by-one", by: -1 })).toBe(
      "Not the right residue class: it is one less than the right one.",
    );
  });
});
