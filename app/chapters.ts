/**
 * The five chapters whose URLs SPEC.md fixes, in course order, with the titles
 * the tools use when they link to them. Everything else about a chapter (its
 * text, summary, access and place in the course) lives in the database, seeded
 * from content/chapters/ and edited in /admin/content.
 */
export const courseChapters = [
  { slug: "fundamentals-of-algebra", title: "Fundamentals of algebra" },
  { slug: "atomic-model-of-numbers", title: "The atomic model of numbers" },
  { slug: "remainder-calculation-sequences", title: "Remainder calculation and sequences" },
  { slug: "exponential-remainders", title: "Exponential remainders" },
  { slug: "periods-and-primes", title: "Periods and primes" },
] as const;

export type CourseChapterSlug = (typeof courseChapters)[number]["slug"];
