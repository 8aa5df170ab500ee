/**
 * A whole number drawn as an atom: n sits in the nucleus, and each distinct
 * prime p of n = p₁^e₁ ⋯ p_k^e_k is an orbit carrying e particles labelled p.
 * This module computes the picture's facts and geometry (in viewBox units);
 * the component only draws it.
 */
import { factorizationTex, factorizationText, type PrimePower } from "./factorization-text";
import { factorSmall, SMALL_FACTORIZATION_MAX } from "./small-factorization";

export const ATOM_MIN_N = 2;
export const ATOM_MAX_N = SMALL_FACTORIZATION_MAX;

/** A particle is a pill: this tall, and wide enough for its prime's digits (13 px monospace labels). */
export const PARTICLE_HEIGHT = 26;
const PARTICLE_CHAR_WIDTH = 8;
const PARTICLE_PADDING = 12;
/** The nucleus label is 16 px monospace. */
const NUCLEUS_CHAR_WIDTH = 9.6;
const NUCLEUS_MIN_RADIUS = 30;
const NUCLEUS_PADDING = 10;
/** Empty space kept between any two particles, and between particles and the nucleus. */
const CLEARANCE = 8;
const MARGIN = 6;
/** Each orbit starts a little further round than the one inside it, so particles do not line up in a spoke. */
const ORBIT_STAGGER = 0.13;

export interface AtomShell extends PrimePower {
  /** Radius of the orbit's circle. */
  radius: number;
  /** Width of one particle (its height is PARTICLE_HEIGHT). */
  particleWidth: number;
  /** Turns per unit of time: the innermost orbit makes one turn per unit, outer ones go slower. */
  speed: number;
}

export interface AtomModel {
  n: number;
  /** One orbit per distinct prime, innermost (smallest prime) first. */
  shells: AtomShell[];
  /** Ω(n): the number of prime factors counted with multiplicity. */
  particleCount: number;
  nucleusRadius: number;
  /** The drawing is a square viewBox of this side, centred on the nucleus. */
  size: number;
}

export function particleWidth(prime: number): number {
  return Math.max(PARTICLE_HEIGHT, String(prime).length * PARTICLE_CHAR_WIDTH + PARTICLE_PADDING);
}

/** null when n can be drawn; otherwise what is wrong with it, in words for the reader. */
export function atomInputProblem(n: number): string | null {
  if (!Number.isInteger(n)) return "Enter a whole number.";
  if (n < ATOM_MIN_N || n > ATOM_MAX_N) return `Enter a whole number from ${ATOM_MIN_N} to 10¹² (1000000000000).`;
  return null;
}

export function atomModel(n: number): AtomModel {
  const problem = atomInputProblem(n);
  if (problem) throw new RangeError(`atomModel(${n}): ${problem}`);
  const nucleusRadius = Math.max(NUCLEUS_MIN_RADIUS, (String(n).length * NUCLEUS_CHAR_WIDTH) / 2 + NUCLEUS_PADDING);
  const shells: AtomShell[] = [];
  let innerEdge = nucleusRadius;
  factorSmall(n).forEach(({ value, exponent }, index) => {
    const prime = Number(value);
    const width = particleWidth(prime);
    // Far enough out to clear what is inside, and long enough to seat e particles side by side.
    const clearInside = innerEdge + CLEARANCE + width / 2;
    const seatAll = exponent > 1 ? (width + CLEARANCE) / (2 * Math.sin(Math.PI / exponent)) : 0;
    const radius = Math.max(clearInside, seatAll);
    shells.push({ prime, exponent, radius, particleWidth: width, speed: 1 / (index + 1) });
    innerEdge = radius + width / 2;
  });
  return {
    n,
    shells,
    particleCount: shells.reduce((total, shell) => total + shell.exponent, 0),
    nucleusRadius,
    size: 2 * (innerEdge + MARGIN),
  };
}

/** Centre of particle `particle` (0 … e−1) of orbit `shell` at `time`, clockwise from the top. */
export function particlePosition(
  model: AtomModel,
  shellIndex: number,
  particle: number,
  time: number,
): { x: number; y: number } {
  const shell = model.shells[shellIndex];
  if (!shell) throw new RangeError(`No orbit ${shellIndex} in the atom of ${model.n}`);
  const turns = particle / shell.exponent + shellIndex * ORBIT_STAGGER + shell.speed * time;
  const angle = 2 * Math.PI * turns;
  const centre = model.size / 2;
  return { x: centre + shell.radius * Math.sin(angle), y: centre - shell.radius * Math.cos(angle) };
}

/** "360 = 2^{3} \cdot 3^{2} \cdot 5" (a prime is just "7"). */
export function atomTex(model: AtomModel): string {
  return model.shells.length === 1 && model.shells[0]?.exponent === 1
    ? `${model.n}`
    : `${model.n} = ${factorizationTex(model.shells)}`;
}

const NUMBER_WORDS = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven"];

const particles = (count: number) => `${count} particle${count === 1 ? "" : "s"}`;

/**
 * The drawing in words, its text alternative: "360 = 2³ · 3² · 5: three
 * orbits. The orbit of 2 carries 3 particles, …; 6 particles in all."
 */
export function describeAtom(model: AtomModel): string {
  const [first] = model.shells;
  if (!first) throw new RangeError("An atom has at least one orbit");
  if (model.shells.length === 1) {
    const head = first.exponent === 1 ? `${model.n} is prime` : `${model.n} = ${factorizationText(model.shells)}`;
    return `${head}: one orbit, the orbit of ${first.prime}, carrying ${particles(first.exponent)}.`;
  }
  const orbits = model.shells.map((shell) => `the orbit of ${shell.prime} carries ${particles(shell.exponent)}`);
  const listed = `${orbits.slice(0, -1).join(", ")} and ${orbits.at(-1)}`;
  const count = NUMBER_WORDS[model.shells.length] ?? String(model.shells.length);
  return (
    `${model.n} = ${factorizationText(model.shells)}: ${count} orbits. ` +
    `${listed.charAt(0).toUpperCase()}${listed.slice(1)}; ${particles(model.particleCount)} in all.`
  );
}
