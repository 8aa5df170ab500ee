/**
 * The five chapters in course order. The first FREE_CHAPTER_COUNT are open to
 * every signed-in user; the rest need premium. The lessons issue moves this
 * into the database, editable by admins.
 */
export interface Chapter {
  slug: string;
  title: string;
  summary: string;
}

export const FREE_CHAPTER_COUNT = 2;

export const chapters: Chapter[] = [
  {
    slug: "fundamentals-of-algebra",
    title: "Fundamentals of algebra",
    summary:
      "Letters that stand for numbers, the laws of arithmetic that let us rewrite them, and equations solved step by step.",
  },
  {
    slug: "atomic-model-of-numbers",
    title: "The atomic model of numbers",
    summary:
      "Every whole number greater than 1 is built from primes in exactly one way: the atoms of arithmetic and what they explain.",
  },
  {
    slug: "remainder-calculation-sequences",
    title: "Remainder calculation and sequences",
    summary:
      "Computing with remainders, congruences, and the repeating patterns that remainders of sequences fall into.",
  },
  {
    slug: "exponential-remainders",
    title: "Exponential remainders",
    summary: "Remainders of powers: fast modular exponentiation, Fermat's little theorem and Euler's theorem.",
  },
  {
    slug: "periods-and-primes",
    title: "Periods and primes",
    summary:
      "Why 1/7 repeats every six digits: decimal periods, multiplicative orders and what they reveal about primes.",
  },
];

export function findChapter(slug: string): { chapter: Chapter; position: number; free: boolean } | undefined {
  const index = chapters.findIndex((chapter) => chapter.slug === slug);
  const chapter = chapters[index];
  if (!chapter) return undefined;
  return { chapter, position: index + 1, free: index < FREE_CHAPTER_COUNT };
}
