import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { EventRateLimit, EVENTS_PER_MINUTE } from "./event-rate-limit.server";

describe("the events' token bucket", () => {
  it("lets a full minute's budget through at once, then refills at the same rate", () => {
    testClock.set("2030-01-02T10:00:00.000Z");
    const limit = new EventRateLimit();
    for (let batch = 0; batch < EVENTS_PER_MINUTE / 20; batch += 1) expect(limit.take("v1", 20).allowed).toBe(true);
    const refused = limit.take("v1", 20);
    // 20 tokens at 10 a second: back in 2 s.
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 2 });
    // Another visitor is not affected.
    expect(limit.take("v2", 20).allowed).toBe(true);
    testClock.advance(1_000);
    expect(limit.take("v1", 20)).toEqual({ allowed: false, retryAfterSeconds: 1 });
    testClock.advance(1_000);
    expect(limit.take("v1", 20).allowed).toBe(true);
    expect(limit.take("v1", 1).allowed).toBe(false);
    testClock.advance(60_000);
    expect(limit.take("v1", EVENTS_PER_MINUTE).allowed).toBe(true);
  });

  it("keeps a bounded number of buckets, forgetting full ones first, then the longest unseen", () => {
    testClock.set("2030-01-02T10:00:00.000Z");
    const limit = new EventRateLimit({ capacity: 10, windowMs: 1_000, maxBuckets: 3 });
    limit.take("a", 10);
    limit.take("b", 10);
    limit.take("c", 10);
    limit.take("d", 10);
    expect(limit.size).toBe(3);
    // "a" was forgotten (seen longest ago), so it starts full; "b" is still empty.
    expect(limit.take("a", 10).allowed).toBe(true);
    expect(limit.take("d", 1).allowed).toBe(false);
    testClock.advance(1_000);
    limit.take("e", 1);
    // Every bucket had refilled: all forgotten but the new one.
    expect(limit.size).toBe(1);
  });
});
