import { labPath, labs } from "#app/labs";

/** A tool as search finds it: where it lives and the words it is found by. */
export interface SearchTool {
  path: string;
  title: string;
  body: string;
}

/** The tools outside the labs list, described with the words a learner would search for. */
const TOOLS: readonly SearchTool[] = [
  {
    path: "/prime-factorization-engine",
    title: "Prime factorization engine",
    body:
      "Factor a whole number or an expression such as 2^64 + 1, 100! or F(60) into primes, in the browser: " +
      "trial division, Pollard rho, p − 1, elliptic curves (ECM) and the quadratic sieve (SIQS). Shows the " +
      "divisors, the number of divisors, their sum, Euler's totient φ(n), Carmichael's λ(n), the decimal " +
      "period of 1/n and a factor tree; tells whether a number is prime.",
  },
  {
    path: "/prime-discoveries",
    title: "Prime discoveries",
    body:
      "Record primes and how they were found: Mersenne primes and the Lucas–Lehmer test, the largest known " +
      "primes, Sophie Germain, factorial and generalized Fermat primes; the prime spiral, gaps between " +
      "primes, a sieve and the n-th prime.",
  },
  {
    path: "/practice",
    title: "Practice and review",
    body:
      "Quiz questions on every skill of the course, with hints and worked answers; the reviews that are due, " +
      "spaced so that what you learnt stays learnt.",
  },
  {
    path: "/chapter",
    title: "The course",
    body: "All chapters of the course in order, what each teaches, and how far you have read.",
  },
];

/** Every tool and public lab, in the order results show ties. */
export const searchTools: readonly SearchTool[] = [
  ...TOOLS,
  ...labs
    .filter((lab) => lab.access === "public")
    .map((lab) => ({ path: labPath(lab), title: lab.title, body: lab.sentence })),
];
