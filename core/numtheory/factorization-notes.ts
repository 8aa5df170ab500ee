/**
 * What to tell a reader whose number has no ordinary factorization (0, 1) or
 * carries a sign: the fundamental theorem is about integers n ≥ 2.
 */
export function factorizationNote(n: bigint): string | null {
  if (n === 0n) return "0 has no prime factorization: every integer divides 0, so it is not a product of primes.";
  if (n === 1n) return "1 is the empty product: it has no prime factors, which is why 1 is not called prime.";
  if (n === -1n) return "−1 is a unit, not a product of primes: it has no prime factors.";
  if (n < 0n) return `A negative number is −1 times a positive one: ${n} = −1 × ${-n}, and ${-n} is factored below.`;
  return null;
}
