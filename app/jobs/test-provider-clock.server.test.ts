import { afterEach, describe, expect, it, vi } from "vitest";
import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import type { TestPaymentProvider } from "#app/billing/test-provider.server";
import { expectConsoleError } from "#tests/setup/console-guard";

const ticks = vi.hoisted(() => ({ calls: 0, release: [] as (() => void)[], fail: false }));
vi.mock("#app/billing/test-provider.server", () => ({
  runTestProviderTick: () => {
    ticks.calls += 1;
    if (ticks.fail) return Promise.reject(new Error("the database is gone"));
    return new Promise<void>((resolve) => ticks.release.push(resolve));
  },
}));
const { FIRST_TEST_PROVIDER_TICK_MS, TEST_PROVIDER_TICK_MS, startTestProviderClock } =
  await import("./test-provider-clock.server");

const db = {} as Kysely<Database>;
const provider = {} as TestPaymentProvider;

describe("the test provider's clock", () => {
  afterEach(() => {
    vi.useRealTimers();
    ticks.calls = 0;
    ticks.release = [];
    ticks.fail = false;
  });

  it("ticks shortly after start, then every minute, never twice at once, and stops", async () => {
    vi.useFakeTimers();
    const stop = startTestProviderClock(db, provider);
    await vi.advanceTimersByTimeAsync(FIRST_TEST_PROVIDER_TICK_MS - 1);
    expect(ticks.calls).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(ticks.calls).toBe(1);

    // The first tick is still running when the minute comes: it is not started again.
    await vi.advanceTimersByTimeAsync(TEST_PROVIDER_TICK_MS);
    expect(ticks.calls).toBe(1);
    ticks.release.shift()!();
    await vi.advanceTimersByTimeAsync(TEST_PROVIDER_TICK_MS);
    expect(ticks.calls).toBe(2);
    ticks.release.shift()!();

    stop();
    await vi.advanceTimersByTimeAsync(10 * TEST_PROVIDER_TICK_MS);
    expect(ticks.calls).toBe(2);
  });

  it("reports a failed tick and keeps ticking", async () => {
    vi.useFakeTimers();
    ticks.fail = true;
    expectConsoleError(2);
    const stop = startTestProviderClock(db, provider);
    await vi.advanceTimersByTimeAsync(FIRST_TEST_PROVIDER_TICK_MS + TEST_PROVIDER_TICK_MS);
    expect(ticks.calls).toBe(2);
    stop();
  });
});
