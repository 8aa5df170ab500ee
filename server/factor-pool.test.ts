import { afterAll, describe, expect, it } from "vitest";
import { createFactorPool } from "./factor-pool";

// sp70-1 of ../shared/bench/factor/sets/semiprimes.txt: far beyond a 300 ms limit.
const SP70 = 2587030268339204506469975340374352511405409999550595229784939726377041n;

describe("the API's worker-thread pool", () => {
  const pool = createFactorPool({ threads: 1, timeLimitMs: 300, maxQueue: 2 });
  afterAll(() => pool.close());

  it("factors off the event loop and answers with the factorization", async () => {
    let ticks = 0;
    const ticker = setInterval(() => (ticks += 1), 5);
    const result = await pool.factor(2n ** 64n + 1n);
    clearInterval(ticker);
    expect(result).toMatchObject({
      status: "done",
      factorization: {
        complete: true,
        factors: [
          { value: 274177n, exponent: 1, kind: "prime" },
          { value: 67280421310721n, exponent: 1, kind: "prime" },
        ],
      },
    });
    // The event loop kept turning while the thread worked.
    expect(ticks).toBeGreaterThan(0);
  });

  it("stops at the time limit and returns the unsplit part marked composite", async () => {
    const started = Date.now();
    const result = await pool.factor(SP70);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(result.status).toBe("done");
    if (result.status !== "done") return;
    expect(result.factorization.complete).toBe(false);
    expect(result.factorization.factors.some((factor) => factor.kind === "composite")).toBe(true);
  });

  it("refuses at once when the queue is full instead of piling work up", async () => {
    const pending = [pool.factor(SP70 + 1n), pool.factor(SP70 + 3n), pool.factor(SP70 + 7n)];
    const overflow = await pool.factor(SP70 + 9n);
    expect(overflow).toEqual({ status: "busy" });
    const results = await Promise.all(pending);
    expect(results.every((result) => result.status === "done")).toBe(true);
  });
});
