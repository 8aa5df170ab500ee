import { describe, expect, it } from "vitest";
import { multiplicativeOrder } from "../numtheory/multiplicative-order";
import { trialDivision } from "../numtheory/test-oracles";
import {
  chordColour,
  chordHue,
  circlePosition,
  describePowerOrbit,
  describeTimesTable,
  envelopeCurve,
  envelopeName,
  envelopePoint,
  MAX_POINTS,
  positionModulo,
  powerOrbit,
  timesTableChords,
  wholeMultiplier,
  type CirclePoint,
} from "./times-table";

/** Trigonometry in doubles: a few ulps of error per operation on values of size ~1. */
const GEOMETRY_TOLERANCE = 1e-12;
/** Step of the central difference used to check tangency numerically. */
const DERIVATIVE_STEP = 1e-6;
/** A central difference with that step is good to about step² plus rounding / step. */
const DERIVATIVE_TOLERANCE = 1e-8;

const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
const cross = (u: CirclePoint, v: CirclePoint) => u.x * v.y - u.y * v.x;
const minus = (p: CirclePoint, q: CirclePoint): CirclePoint => ({ x: p.x - q.x, y: p.y - q.y });

describe("positionModulo", () => {
  it("gives the residue in [0, n) for whole, fractional and negative positions", () => {
    expect(positionModulo(17, 5)).toBe(2);
    expect(positionModulo(-3, 5)).toBe(2);
    expect(positionModulo(7.5, 5)).toBe(2.5);
    expect(positionModulo(-0.5, 5)).toBe(4.5);
    expect(positionModulo(10, 5)).toBe(0);
  });

  it("never returns n itself, even for a negative residue too small to add to n", () => {
    expect(positionModulo(-1e-20, 5)).toBe(0);
  });
});

describe("circlePosition", () => {
  it("places n points evenly on the unit circle: neighbours 2·sin(π/n) apart", () => {
    for (const n of [2, 3, 7, 200]) {
      for (let k = 0; k < n; k += 1) {
        const p = circlePosition(k, n);
        const q = circlePosition(k + 1, n);
        expect(Math.hypot(p.x, p.y)).toBeCloseTo(1, 12);
        expect(Math.hypot(p.x - q.x, p.y - q.y)).toBeCloseTo(2 * Math.sin(Math.PI / n), 12);
      }
    }
    expect(circlePosition(0, 10)).toEqual({ x: 1, y: 0 });
    // A quarter of the way round, counter-clockwise.
    expect(circlePosition(25, 100).x).toBeCloseTo(0, 15);
    expect(circlePosition(25, 100).y).toBeCloseTo(1, 15);
  });
});

describe("timesTableChords", () => {
  it("joins k to k·m mod n, by brute force over small n and whole m", () => {
    for (let n = 2; n <= 40; n += 1) {
      for (let m = 0; m <= 2 * n + 1; m += 1) {
        const expected: [number, number][] = [];
        for (let k = 0; k < n; k += 1) {
          // BigInt arithmetic: a separate route to the same residues.
          const to = Number((BigInt(k) * BigInt(m)) % BigInt(n));
          if (to !== k) expected.push([k, to]);
        }
        expect(
          timesTableChords(n, m).map(({ from, to }) => [from, to]),
          `n = ${n}, m = ${m}`,
        ).toEqual(expected);
      }
    }
  });

  it("leaves out exactly gcd(m − 1, n) points that map to themselves (the solutions of k(m − 1) ≡ 0)", () => {
    for (const [n, m] of [
      [200, 2],
      [200, 3],
      [200, 21],
      [360, 37],
      [97, 10],
      [1000, 501],
    ] as const) {
      expect(timesTableChords(n, m)).toHaveLength(n - gcd(m - 1, n));
    }
  });

  it("places the end of a fractional multiplier between the numbered points", () => {
    const chords = timesTableChords(10, 2.5);
    expect(chords.find((c) => c.from === 3)?.to).toBe(7.5);
    expect(chords.find((c) => c.from === 5)?.to).toBe(2.5);
    // 4·2.5 = 10 ≡ 0.
    expect(chords.find((c) => c.from === 4)?.to).toBe(0);
  });

  it("gives the same chords for m and m + n", () => {
    expect(timesTableChords(30, 37)).toEqual(timesTableChords(30, 7));
  });

  it("refuses point counts out of range and infinite multipliers", () => {
    expect(() => timesTableChords(1, 2)).toThrow(RangeError);
    expect(() => timesTableChords(MAX_POINTS + 1, 2)).toThrow(RangeError);
    expect(() => timesTableChords(10.5, 2)).toThrow(RangeError);
    expect(() => timesTableChords(10, Number.POSITIVE_INFINITY)).toThrow(RangeError);
  });
});

describe("envelopePoint", () => {
  it("lies on the chord from θ to mθ, between its ends", () => {
    for (const m of [0, 0.5, 2, 2.37, 3, 5, 12]) {
      for (let i = 0; i < 50; i += 1) {
        const theta = (2 * Math.PI * i) / 50 + 0.01;
        const a = { x: Math.cos(theta), y: Math.sin(theta) };
        const b = { x: Math.cos(m * theta), y: Math.sin(m * theta) };
        const p = envelopePoint(theta, m);
        expect(Math.abs(cross(minus(b, a), minus(p, a))), `m = ${m}, θ = ${theta}`).toBeLessThan(GEOMETRY_TOLERANCE);
        const along = minus(p, a).x * minus(b, a).x + minus(p, a).y * minus(b, a).y;
        expect(along).toBeGreaterThanOrEqual(-GEOMETRY_TOLERANCE);
        expect(along).toBeLessThanOrEqual((b.x - a.x) ** 2 + (b.y - a.y) ** 2 + GEOMETRY_TOLERANCE);
      }
    }
  });

  it("is where the chord touches the curve: the curve's tangent (a numerical derivative) runs along the chord", () => {
    for (const m of [2, 2.5, 3, 7]) {
      for (let i = 1; i < 40; i += 1) {
        const theta = (2 * Math.PI * i) / 40 + 0.003;
        const ahead = envelopePoint(theta + DERIVATIVE_STEP, m);
        const behind = envelopePoint(theta - DERIVATIVE_STEP, m);
        const tangent = {
          x: (ahead.x - behind.x) / (2 * DERIVATIVE_STEP),
          y: (ahead.y - behind.y) / (2 * DERIVATIVE_STEP),
        };
        const chord = { x: Math.cos(m * theta) - Math.cos(theta), y: Math.sin(m * theta) - Math.sin(theta) };
        expect(Math.abs(cross(tangent, chord)), `m = ${m}, θ = ${theta}`).toBeLessThan(DERIVATIVE_TOLERANCE);
      }
    }
  });

  it("traces the cardioid r = (2/3)(1 + cos φ) about the cusp (−1/3, 0) for m = 2", () => {
    for (const p of envelopeCurve(2, 400)) {
      const dx = p.x + 1 / 3;
      const r = Math.hypot(dx, p.y);
      if (r < 1e-9) continue; // the cusp itself has no direction
      expect(r).toBeCloseTo((2 / 3) * (1 + dx / r), 12);
    }
  });

  it("traces the nephroid (x² + y² − 4a²)³ = 108a⁴x², a = 1/4, for m = 3", () => {
    const a = 1 / 4;
    for (const { x, y } of envelopeCurve(3, 400)) {
      expect((x * x + y * y - 4 * a * a) ** 3).toBeCloseTo(108 * a ** 4 * x * x, 12);
    }
  });

  it("has its cusps where the chord shrinks to a point: m − 1 of them, on the unit circle", () => {
    for (const m of [2, 3, 4, 6]) {
      // θ(m − 1) ≡ 0 mod 2π: the chord's ends meet there.
      for (let j = 0; j < m - 1; j += 1) {
        const cusp = envelopePoint((2 * Math.PI * j) / (m - 1), m);
        expect(Math.hypot(cusp.x, cusp.y)).toBeCloseTo(1, 12);
      }
    }
  });

  it("is undefined for negative multipliers", () => {
    expect(() => envelopePoint(1, -1)).toThrow(RangeError);
  });
});

describe("envelope names and descriptions", () => {
  it("names the epicycloid of a whole multiplier after its m − 1 cusps", () => {
    expect(envelopeName(2)).toBe("the chords envelope a cardioid");
    expect(envelopeName(3)).toBe("the chords envelope a nephroid");
    expect(envelopeName(6)).toBe("the chords envelope an epicycloid with 5 cusps");
    expect(envelopeName(2.004)).toBe("the chords envelope a cardioid");
    expect(envelopeName(1)).toMatch(/no chords/);
    expect(envelopeName(0)).toMatch(/point 0/);
  });

  it("names both ends of a morph for a fractional multiplier", () => {
    expect(envelopeName(2.5)).toBe("the chords morph from a cardioid (m = 2) into a nephroid (m = 3)");
    expect(envelopeName(4.2)).toBe(
      "the chords morph from an epicycloid with 3 cusps (m = 4) into an epicycloid with 4 cusps (m = 5)",
    );
  });

  it("rounds to a whole multiplier only within the tolerance", () => {
    expect(wholeMultiplier(2.004)).toBe(2);
    expect(wholeMultiplier(2.996)).toBe(3);
    expect(wholeMultiplier(2.994)).toBeNull();
    expect(wholeMultiplier(2.01)).toBeNull();
  });

  it("describes the circle in one sentence, naming the envelope of m mod n", () => {
    expect(describeTimesTable(200, 2)).toBe("200 points, multiplier 2: the chords envelope a cardioid.");
    expect(describeTimesTable(10, 13)).toBe(
      "10 points, multiplier 13 (the same chords as multiplier 3, because k·10 is 0 mod 10): the chords envelope a nephroid.",
    );
    expect(describeTimesTable(10, 7)).toMatch(/no envelope inside/);
  });
});

describe("chord colours", () => {
  it("goes once round the colour wheel as k goes round the circle", () => {
    expect(chordHue(0, 200)).toBe(0);
    expect(chordHue(50, 200)).toBe(90);
    expect(chordHue(100, 200)).toBe(180);
    expect(chordHue(200, 200)).toBe(0);
  });

  it("is a CSS colour, lighter on the dark page than on the light one", () => {
    expect(chordColour(50, 200, "light")).toBe("hsl(90.0 80% 38%)");
    expect(chordColour(50, 200, "dark")).toBe("hsl(90.0 85% 68%)");
  });
});

describe("powerOrbit", () => {
  it("returns to 1 after ord_n(a) steps when gcd(a, n) = 1 (order from core/numtheory)", () => {
    for (let n = 2; n <= 300; n += 1) {
      const factors = trialDivision(n);
      for (const a of [2, 3, 10, n - 1]) {
        if (a >= n || gcd(a, n) !== 1) continue;
        const orbit = powerOrbit(a, n);
        const order = Number(multiplicativeOrder(BigInt(a), BigInt(n), factors, trialDivision));
        expect(orbit.cycleStart, `${a} mod ${n}`).toBe(0);
        expect(orbit.cycleLength, `${a} mod ${n}`).toBe(order);
      }
    }
  });

  it("lists a^i mod n for each i, distinct, and then repeats the cycle's start (any a, brute force in BigInt)", () => {
    for (let n = 2; n <= 60; n += 1) {
      for (let a = 0; a < n; a += 1) {
        const { values, cycleStart, cycleLength } = powerOrbit(a, n);
        values.forEach((value, i) => expect(BigInt(value)).toBe(BigInt(a) ** BigInt(i) % BigInt(n)));
        expect(new Set(values).size).toBe(values.length);
        expect(BigInt(a) ** BigInt(values.length) % BigInt(n)).toBe(BigInt(values[cycleStart]!));
        expect(cycleLength).toBe(values.length - cycleStart);
      }
    }
  });

  it("runs along a tail into a cycle when a shares a factor with n (2 mod 12: 1, 2, 4, 8, 4, …)", () => {
    expect(powerOrbit(2, 12)).toEqual({ values: [1, 2, 4, 8], cycleStart: 2, cycleLength: 2 });
    expect(powerOrbit(0, 5)).toEqual({ values: [1, 0], cycleStart: 1, cycleLength: 1 });
  });

  it("describes the path, the order and primitive roots (3 is a primitive root mod 7, 2 is not)", () => {
    expect(describePowerOrbit(3, 7)).toBe(
      "Powers of 3 mod 7: 1 → 3 → 2 → 6 → 4 → 5 → 1. The order of 3 mod 7 is 6: they visit every one of the 6 numbers coprime to 7, so 3 is a primitive root mod 7.",
    );
    expect(describePowerOrbit(2, 7)).toBe("Powers of 2 mod 7: 1 → 2 → 4 → 1. The order of 2 mod 7 is 3.");
    expect(describePowerOrbit(2, 12)).toBe(
      "Powers of 2 mod 12: 1 → 2 → 4 → 8 → 4. After a tail of 2 steps the powers go round a cycle of 2 steps; 2 and 12 share the factor 2, so 1 never comes back.",
    );
    expect(describePowerOrbit(2, 101)).toMatch(
      /^Powers of 2 mod 101: 1 → 2 → 4 → 8 → 16 → 32 → 64 → 27 → 54 → 7 → … → 1\. The order of 2 mod 101 is 100: .* primitive root mod 101\.$/,
    );
  });
});
