/**
 * What a quiz practises, chapter by chapter: each template (./templates/) trains one skill, and a
 * learner's progress is kept per skill. Chapters are named by their slugs in content/chapters/.
 */

export interface Skill {
  /** Stable kebab-case id, stored with attempts. */
  id: string;
  title: string;
  /** The slug of the chapter that teaches it. */
  chapter: string;
}

export const SKILLS: readonly Skill[] = [
  { id: "expand-products", title: "Expand products of brackets", chapter: "fundamentals-of-algebra" },
  { id: "factor-quadratics", title: "Factor quadratics", chapter: "fundamentals-of-algebra" },
  { id: "solve-linear-equations", title: "Solve linear equations", chapter: "fundamentals-of-algebra" },
  { id: "quadratic-equations", title: "Solve quadratic equations", chapter: "fundamentals-of-algebra" },
  { id: "exponent-laws", title: "Rules for exponents", chapter: "fundamentals-of-algebra" },
  { id: "prime-factorization", title: "Prime factorizations and primes", chapter: "atomic-model-of-numbers" },
  { id: "count-divisors", title: "Count and add up divisors", chapter: "atomic-model-of-numbers" },
  { id: "gcd-lcm-from-factors", title: "gcd and lcm from the exponents", chapter: "atomic-model-of-numbers" },
  {
    id: "congruence-arithmetic",
    title: "Compute remainders with congruences",
    chapter: "remainder-calculation-sequences",
  },
  {
    id: "divisibility-rules",
    title: "Remainders from the digits",
    chapter: "remainder-calculation-sequences",
  },
  { id: "linear-congruences", title: "Solve linear congruences", chapter: "remainder-calculation-sequences" },
  {
    id: "euclid-bezout",
    title: "Euclid's algorithm and Bézout's identity",
    chapter: "remainder-calculation-sequences",
  },
  { id: "diophantine-equations", title: "Linear equations in integers", chapter: "remainder-calculation-sequences" },
  { id: "chinese-remainder", title: "The Chinese remainder theorem", chapter: "remainder-calculation-sequences" },
  { id: "pisano-periods", title: "Fibonacci numbers modulo m", chapter: "remainder-calculation-sequences" },
  { id: "last-digit-of-powers", title: "Last digits of powers", chapter: "exponential-remainders" },
  { id: "power-mod", title: "Powers modulo m with Fermat and Euler", chapter: "exponential-remainders" },
  { id: "multiplicative-order", title: "Orders and primitive roots", chapter: "exponential-remainders" },
  { id: "quadratic-residues", title: "Squares modulo a prime", chapter: "exponential-remainders" },
  { id: "fermat-test", title: "The Fermat test", chapter: "exponential-remainders" },
  { id: "decimal-period", title: "The period of a decimal expansion", chapter: "periods-and-primes" },
  { id: "terminating-decimals", title: "Terminating decimals and pre-periods", chapter: "periods-and-primes" },
  { id: "full-reptend-primes", title: "Full-reptend primes", chapter: "periods-and-primes" },
  { id: "other-bases", title: "Fractions in other bases", chapter: "periods-and-primes" },
];

export function skillById(id: string): Skill | undefined {
  return SKILLS.find((skill) => skill.id === id);
}

/** The skills of one chapter, in course order. */
export function skillsOfChapter(slug: string): readonly Skill[] {
  return SKILLS.filter((skill) => skill.chapter === slug);
}
