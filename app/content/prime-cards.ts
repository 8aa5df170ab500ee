/**
 * The plain-language cards of /prime-discoveries, in lesson Markdown (formulas typeset on the
 * server). Facts about GIMPS's methods follow its own descriptions at https://www.mersenne.org/.
 */
export interface PrimeCard {
  id: string;
  title: string;
  body: string;
}

export const primeCards: readonly PrimeCard[] = [
  {
    id: "mersenne-primes",
    title: "What a Mersenne prime is",
    body: String.raw`A **Mersenne number** is one less than a power of two, \(M_p = 2^p - 1\). When it is prime it is a
**Mersenne prime**: \(M_2 = 3\), \(M_3 = 7\), \(M_5 = 31\), \(M_7 = 127\). In binary, \(M_p\) is written with
\(p\) ones, which is one reason computers test these numbers so well.

They are named after Marin Mersenne, who in 1644 listed the exponents up to 257 he believed gave primes.
His list was wrong five times: it included \(67\) and \(257\), and left out \(61\), \(89\) and \(107\).
Since 1952 every new record prime but one has been a Mersenne prime.`,
  },
  {
    id: "prime-exponent",
    title: "Why the exponent must be prime",
    body: String.raw`If \(p = ab\) with \(a, b > 1\), then \(2^a - 1\) divides \(2^{ab} - 1\):
\[2^{ab} - 1 = (2^a - 1)\left(2^{a(b-1)} + 2^{a(b-2)} + \dots + 2^a + 1\right),\]
and both factors are larger than 1. For example \(2^{15} - 1 = 32767 = 7 \cdot 4681\), with \(7 = 2^3 - 1\).

A prime exponent is not enough: \(2^{11} - 1 = 2047 = 23 \cdot 89\). But the factors of \(M_p\) cannot be
just anything. If a prime \(q\) divides \(M_p\), then \(2^p \equiv 1 \pmod q\), so the order of 2 modulo
\(q\) divides the prime \(p\): it is \(p\). By Fermat's little theorem that order also divides \(q - 1\), so
\(q = 2kp + 1\) for some \(k\), and \(q \equiv \pm 1 \pmod 8\). Indeed \(23 = 2 \cdot 1 \cdot 11 + 1\) and
\(89 = 2 \cdot 4 \cdot 11 + 1\). Searching only these candidates is how *trial factoring* rules out most
exponents before any long test.`,
  },
  {
    id: "lucas-lehmer",
    title: "The Lucas–Lehmer test, and the tests GIMPS runs now",
    body: String.raw`Start from \(s_0 = 4\) and square and subtract two: \(s_{i+1} = s_i^2 - 2\). For an odd prime
\(p\), the number \(M_p\) is prime **exactly when** \(s_{p-2} \equiv 0 \pmod{M_p}\). For \(p = 5\): modulo 31 the
sequence is \(4, 14, 8, 0\), so \(31\) is prime.

The test needs \(p - 2\) squarings of \(p\)-bit numbers, and the remainder costs almost nothing: since
\(2^p \equiv 1 \pmod{M_p}\), the bits above position \(p\) can be shifted down and added to the low ones.
The squarings are the work, done with fast Fourier transforms for large \(p\).

Today the Great Internet Mersenne Prime Search (GIMPS) tests new exponents first with a **Fermat
probable-prime test**: it computes \(3^{2^p} \bmod M_p\), which is \(9\) when \(M_p\) is prime, because
\(2^p = M_p + 1\). Its advantage is Gerbicz's error check, which catches a hardware fault during the weeks a
test can take. Since 2020 each test also leaves a **proof** (after Pietrzak's verifiable delay functions)
that the server checks with a small fraction of the work, so a second full test is no longer needed. A
"probably prime" result is then confirmed with Lucas–Lehmer tests.`,
  },
  {
    id: "perfect-numbers",
    title: "Mersenne primes and perfect numbers",
    body: String.raw`A number is **perfect** when it is the sum of its proper divisors: \(6 = 1 + 2 + 3\) and
\(28 = 1 + 2 + 4 + 7 + 14\). With \(\sigma(n)\) the sum of all divisors, \(n\) is perfect when \(\sigma(n) = 2n\).

**Euclid:** if \(2^p - 1\) is prime, then \(n = 2^{p-1}(2^p - 1)\) is perfect. The divisor sum is multiplicative,
\(\sigma(2^{p-1}) = 2^p - 1\) and \(\sigma(2^p - 1) = 2^p\), so \(\sigma(n) = (2^p - 1) \cdot 2^p = 2n\).
**Euler** proved the converse: every *even* perfect number has this form. So each Mersenne prime gives one
even perfect number: \(6, 28, 496, 8128, \dots\) Whether an odd perfect number exists is still unknown.`,
  },
  {
    id: "verification",
    title: "How a record is verified",
    body: String.raw`A new Mersenne prime is announced only after independent checks: other people run the test again
on different hardware with different programs, and each run must end in the same way. For a
composite number, runs are compared by their *residue*, the last 64 bits of the final value, which two
faulty runs are very unlikely to share. The page below runs the same Lucas–Lehmer test in your browser, and
its residues for composite \(M_p\) can be compared with those GIMPS publishes.`,
  },
];
