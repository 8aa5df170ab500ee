/** Integer sequences the input language and the lessons name: Fibonacci, Lucas, factorial, primorial. */

function requireIndex(n: number, name: string): void {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`${name} needs a whole number n ≥ 0, got ${n}`);
}

/**
 * (F(n), F(n+1)) by fast doubling: F(2k) = F(k)(2F(k+1) − F(k)), F(2k+1) = F(k)² + F(k+1)²,
 * so O(log n) multiplications instead of n additions.
 */
function fibonacciPair(n: number): [bigint, bigint] {
  let a = 0n;
  let b = 1n;
  for (const bit of n.toString(2)) {
    const doubled = a * (2n * b - a);
    const doubledPlusOne = a * a + b * b;
    if (bit === "1") [a, b] = [doubledPlusOne, doubled + doubledPlusOne];
    else [a, b] = [doubled, doubledPlusOne];
  }
  return [a, b];
}

/** F(0) = 0, F(1) = 1, F(n) = F(n−1) + F(n−2). */
export function fibonacci(n: number): bigint {
  requireIndex(n, "fibonacci");
  return fibonacciPair(n)[0];
}

/** L(0) = 2, L(1) = 1, L(n) = L(n−1) + L(n−2); L(n) = 2F(n+1) − F(n). */
export function lucas(n: number): bigint {
  requireIndex(n, "lucas");
  const [f, next] = fibonacciPair(n);
  return 2n * next - f;
}

export function factorial(n: number): bigint {
  requireIndex(n, "factorial");
  let product = 1n;
  for (let k = 2n; k <= BigInt(n); k += 1n) product *= k;
  return product;
}

/** n# = the product of the primes ≤ n (sieve of Eratosthenes). */
export function primorial(n: number): bigint {
  requireIndex(n, "primorial");
  const composite = new Uint8Array(n + 1);
  let product = 1n;
  for (let i = 2; i <= n; i += 1) {
    if (composite[i]) continue;
    product *= BigInt(i);
    for (let j = i * i; j <= n; j += i) composite[j] = 1;
  }
  return product;
}
