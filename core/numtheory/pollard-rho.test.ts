import { describe, expect, it } from "vitest";
import { pollardBrent } from "./pollard-rho";
import { primality } from "./primality";

describe("pollardBrent", () => {
  it("splits every odd composite below 20,000 into a proper divisor", () => {
    for (let n = 9n; n < 20_000n; n += 2n) {
      if (primality(n) === "prime") continue;
      const factor = pollardBrent(n);
      expect(factor !== null && factor > 1n && factor < n && n % factor === 0n, String(n)).toBe(true);
    }
  });

  it("finds factors of semiprimes with 8 to 12 digit primes", () => {
    const cases: [bigint, bigint][] = [
      [10000019n, 10000079n],
      [999999937n, 1000000007n],
      [100000000003n, 99999999977n],
      [2n ** 31n - 1n, 2n ** 61n - 1n],
    ];
    for (const [p, q] of cases) {
      const factor = pollardBrent(p * q);
      expect([p, q]).toContain(factor);
    }
    // F5 = 641 · 6700417 (Euler).
    expect([641n, 6700417n]).toContain(pollardBrent(2n ** 32n + 1n));
  });

  it("gives up (null) within its step budget instead of running on", () => {
    const hard = (2n ** 89n - 1n) * (2n ** 107n - 1n);
    expect(pollardBrent(hard, 2_000)).toBeNull();
  });
});
