import { describe, expect, it } from "vitest";
import {
  ATOM_MAX_N,
  atomInputProblem,
  atomModel,
  atomTex,
  describeAtom,
  PARTICLE_HEIGHT,
  particlePosition,
  type AtomModel,
} from "./atom-model";
import { random } from "./test-oracles";

const isPrime = (p: number) => {
  if (p < 2) return false;
  for (let d = 2; d * d <= p; d++) if (p % d === 0) return false;
  return true;
};

/** Ω(n) by peeling off the least divisor again and again. */
const bigOmega = (n: number) => {
  let count = 0;
  for (let rest = n; rest > 1; count++) {
    let d = 2;
    while (rest % d !== 0) d++;
    rest /= d;
  }
  return count;
};

/** Every particle at `time`, with the radius of the circle that encloses its pill. */
function particlesAt(model: AtomModel, time: number) {
  return model.shells.flatMap((shell, shellIndex) =>
    Array.from({ length: shell.exponent }, (_, particle) => ({
      ...particlePosition(model, shellIndex, particle, time),
      reach: shell.particleWidth / 2,
      shellIndex,
    })),
  );
}

/** What is wrong with the picture at `time`: particles off the drawing, on the nucleus, or on each other. */
function overlaps(model: AtomModel, time: number): string[] {
  const centre = model.size / 2;
  const all = particlesAt(model, time);
  const problems: string[] = [];
  for (const [i, a] of all.entries()) {
    const inside = [a.x - a.reach, a.y - a.reach, model.size - a.x - a.reach, model.size - a.y - a.reach];
    if (inside.some((gap) => gap < 0)) problems.push(`${model.n}: particle ${i} leaves the drawing at ${time}`);
    if (Math.hypot(a.x - centre, a.y - centre) - a.reach <= model.nucleusRadius) {
      problems.push(`${model.n}: particle ${i} touches the nucleus at ${time}`);
    }
    for (const [j, b] of all.slice(i + 1).entries()) {
      if (Math.hypot(a.x - b.x, a.y - b.y) < a.reach + b.reach) {
        problems.push(`${model.n}: particles ${i} and ${i + 1 + j} overlap at ${time}`);
      }
    }
  }
  return problems;
}

describe("atomModel", () => {
  it("has one orbit per distinct prime, in increasing order, with the prime's exponent as its particle count", () => {
    const wrong: number[] = [];
    for (let n = 2; n <= 3000; n++) {
      const model = atomModel(n);
      const divisors = Array.from({ length: n }, (_, d) => d + 1).filter((d) => n % d === 0);
      const primes = divisors.filter(isPrime);
      const shellsRight =
        model.shells.length === primes.length &&
        model.shells.every(
          ({ prime, exponent }, index) =>
            prime === primes[index] && n % prime ** exponent === 0 && n % prime ** (exponent + 1) !== 0,
        );
      if (!shellsRight || model.particleCount !== bigOmega(n)) wrong.push(n);
    }
    expect(wrong).toEqual([]);
  });

  it("keeps particles apart from each other and from the nucleus, inside the drawing, at every moment", () => {
    const extremes = [
      2,
      360,
      2 ** 39, // the most particles on one orbit
      2 * 3 * 5 * 7 * 11 * 13 * 17 * 19 * 23 * 29 * 31, // the most orbits
      999_999_999_989, // the largest prime in range: one wide particle
      999_983 ** 2,
      ATOM_MAX_N,
      3 ** 25,
    ];
    const next = random(2);
    const samples = Array.from({ length: 40 }, () => 2 + Math.floor(next() * (ATOM_MAX_N - 1)));
    for (const n of [...extremes, ...samples]) {
      const model = atomModel(n);
      for (const time of [0, 0.37, 1.5, 12.25, 101.9]) expect(overlaps(model, time)).toEqual([]);
    }
  });

  it("spaces the particles of one orbit evenly", () => {
    const model = atomModel(2 ** 6 * 3);
    const [a, b, c] = [0, 1, 2].map((particle) => particlePosition(model, 0, particle, 0.2));
    if (!a || !b || !c) throw new Error("missing particles");
    expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeCloseTo(Math.hypot(b.x - c.x, b.y - c.y), 9);
    expect(PARTICLE_HEIGHT).toBeGreaterThan(0);
  });

  it("refuses numbers outside 2…10^12", () => {
    for (const bad of [1, 0, -5, 2.5, ATOM_MAX_N + 1]) {
      expect(atomInputProblem(bad)).not.toBeNull();
      expect(() => atomModel(bad)).toThrow(RangeError);
    }
    expect(atomInputProblem(ATOM_MAX_N)).toBeNull();
  });
});

describe("describeAtom and atomTex", () => {
  it("say what the drawing of 360 shows", () => {
    const model = atomModel(360);
    expect(describeAtom(model)).toBe(
      "360 = 2³ · 3² · 5: three orbits. The orbit of 2 carries 3 particles, the orbit of 3 carries 2 particles " +
        "and the orbit of 5 carries 1 particle; 6 particles in all.",
    );
    expect(atomTex(model)).toBe("360 = 2^{3} \\cdot 3^{2} \\cdot 5");
  });

  it("treat primes and prime powers as one orbit", () => {
    expect(describeAtom(atomModel(7))).toBe("7 is prime: one orbit, the orbit of 7, carrying 1 particle.");
    expect(atomTex(atomModel(7))).toBe("7");
    expect(describeAtom(atomModel(8))).toBe("8 = 2³: one orbit, the orbit of 2, carrying 3 particles.");
  });

  it("name every orbit with its count for every n up to 500", () => {
    for (let n = 2; n <= 500; n++) {
      const text = describeAtom(atomModel(n));
      for (let p = 2; p <= n; p++) {
        if (!isPrime(p) || n % p !== 0) continue;
        let e = 0;
        for (let rest = n; rest % p === 0; rest /= p) e++;
        expect(text).toMatch(new RegExp(`orbit of ${p},? carr(ies|ying) ${e} particle`));
      }
    }
  });
});
