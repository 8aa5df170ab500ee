import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  claimProgressiveAttempt,
  clearProgressiveLimit,
  consumeRateLimit,
  deleteExpiredRateLimits,
  progressiveDelayMs,
  rateLimitSubjectKey,
  refundRateLimit,
  type ProgressiveRule,
  type RateLimitRule,
} from "./rate-limit.server";

const MINUTE_MS = 60 * 1000;
/** A whole minute (and a whole quarter of an hour) since the epoch, so windows start here. */
const WINDOW_START = new Date("2030-01-01T00:00:00.000Z");

function at(offsetMs: number, base: Date = WINDOW_START): Date {
  return new Date(base.getTime() + offsetMs);
}

describe.each(testDialects)("rate limits on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  let ruleCount = 0;
  /** A rule with a name no other test uses, since the tests share one database. */
  function newRule(limit: number, windowMs = MINUTE_MS): RateLimitRule {
    ruleCount += 1;
    return { name: `test-${ruleCount}`, limit, windowMs };
  }

  async function attempts(rule: RateLimitRule, subject: string, count: number, now: Date) {
    const results = [];
    for (let i = 0; i < count; i += 1) results.push(await consumeRateLimit(database.db, rule, subject, now));
    return results;
  }

  it("allows `limit` attempts in a window, then refuses every further one", async () => {
    const rule = newRule(3);
    const results = await attempts(rule, "203.0.113.7", 6, at(10_000));
    expect(results.map((result) => result.allowed)).toEqual([true, true, true, false, false, false]);
  });

  it("refuses the first attempt when the limit is 0", async () => {
    const rule = newRule(0);
    expect((await consumeRateLimit(database.db, rule, "anyone", at(0))).allowed).toBe(false);
  });

  it("counts each subject on its own", async () => {
    const rule = newRule(2);
    const now = at(5_000);
    expect((await attempts(rule, "alice@example.org", 3, now)).map((r) => r.allowed)).toEqual([true, true, false]);
    expect((await attempts(rule, "bob@example.org", 2, now)).map((r) => r.allowed)).toEqual([true, true]);
    expect((await consumeRateLimit(database.db, rule, "alice@example.org", now)).allowed).toBe(false);
  });

  it("counts each rule on its own for the same subject", async () => {
    const strict = newRule(1);
    const lenient = newRule(5);
    const now = at(5_000);
    expect((await attempts(strict, "198.51.100.1", 2, now)).map((r) => r.allowed)).toEqual([true, false]);
    expect((await consumeRateLimit(database.db, lenient, "198.51.100.1", now)).allowed).toBe(true);
  });

  it("keeps subjects that contain the separator apart", async () => {
    const rule = newRule(1);
    const now = at(0);
    // IPv6 addresses contain colons, the separator of the stored key.
    expect((await consumeRateLimit(database.db, rule, "2001:db8::1", now)).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, rule, "2001:db8::2", now)).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, rule, "2001:db8:", now)).allowed).toBe(true);
    expect((await consumeRateLimit(database.db, rule, "2001:db8::1", now)).allowed).toBe(false);
  });

  it("stores no subject in clear", async () => {
    const rule = newRule(3);
    await consumeRateLimit(database.db, rule, "someone@example.org", at(0));
    const keys = (await database.db.selectFrom("rate_limits").select("key").execute()).map((row) => row.key);
    expect(keys.some((key) => key.includes("someone"))).toBe(false);
    const windowIndex = Math.floor(at(0).getTime() / rule.windowMs);
    expect(keys).toContain(`${rule.name}:${rateLimitSubjectKey("someone@example.org")}:${windowIndex}`);
  });

  it("starts again in the next window", async () => {
    const rule = newRule(2);
    const subject = "192.0.2.10";
    expect((await attempts(rule, subject, 3, at(59_000))).map((r) => r.allowed)).toEqual([true, true, false]);
    // One millisecond before the window ends it still refuses, at its end it allows again.
    expect((await consumeRateLimit(database.db, rule, subject, at(MINUTE_MS - 1))).allowed).toBe(false);
    expect((await attempts(rule, subject, 3, at(MINUTE_MS))).map((r) => r.allowed)).toEqual([true, true, false]);
    expect((await attempts(rule, subject, 1, at(5 * MINUTE_MS + 30_000))).map((r) => r.allowed)).toEqual([true]);
  });

  it("reports the seconds until the window ends", async () => {
    const rule = newRule(1);
    expect((await consumeRateLimit(database.db, rule, "a", at(0))).retryAfterSeconds).toBe(60);
    expect((await consumeRateLimit(database.db, rule, "b", at(10_000))).retryAfterSeconds).toBe(50);
    expect((await consumeRateLimit(database.db, rule, "c", at(59_999))).retryAfterSeconds).toBe(1);
    expect((await consumeRateLimit(database.db, rule, "d", at(58_500))).retryAfterSeconds).toBe(2);
    // A refused attempt reports the same wait.
    const refused = await consumeRateLimit(database.db, rule, "b", at(10_000));
    expect(refused).toEqual({ allowed: false, retryAfterSeconds: 50 });
  });

  it("keeps retryAfterSeconds within (0, windowMs / 1000] anywhere in a window", async () => {
    const rule = newRule(1, 15 * MINUTE_MS);
    const base = new Date("2031-06-15T12:34:56.789Z");
    for (let step = 0; step < 40; step += 1) {
      const now = at(step * 23_456 + step * step * 7, base);
      const { retryAfterSeconds } = await consumeRateLimit(database.db, rule, "subject", now);
      expect(retryAfterSeconds, now.toISOString()).toBeGreaterThan(0);
      expect(retryAfterSeconds, now.toISOString()).toBeLessThanOrEqual(rule.windowMs / 1000);
      expect(Number.isInteger(retryAfterSeconds)).toBe(true);
    }
  });

  it("counts every one of many concurrent attempts", async () => {
    const rule = newRule(5);
    const now = at(1_000);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => consumeRateLimit(database.db, rule, "concurrent", now)),
    );
    expect(results.filter((result) => result.allowed)).toHaveLength(5);
    const row = await database.db
      .selectFrom("rate_limits")
      .select("count")
      .where("key", "like", `${rule.name}:${rateLimitSubjectKey("concurrent")}:%`)
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(20);
  });

  it("deleteExpiredRateLimits removes ended windows only", async () => {
    const rule = newRule(1);
    testClock.set(WINDOW_START);
    // Half a window ahead, so the live window still has at least half a window to run.
    const live = at(rule.windowMs / 2);
    await consumeRateLimit(database.db, rule, "old", new Date("2001-01-01T00:00:00Z"));
    await consumeRateLimit(database.db, rule, "live", live);
    await consumeRateLimit(database.db, rule, "future", new Date("2099-01-01T00:00:00Z"));
    const subjects = async () =>
      (await database.db.selectFrom("rate_limits").select("key").where("key", "like", `${rule.name}:%`).execute())
        .map((row) => row.key.split(":")[1])
        .sort();
    const keyOf = (...names: string[]) => names.map(rateLimitSubjectKey).sort();
    expect(await subjects()).toEqual(keyOf("future", "live", "old"));

    expect(await deleteExpiredRateLimits(database.db)).toBeGreaterThanOrEqual(1);
    expect(await subjects()).toEqual(keyOf("future", "live"));
    // The live window kept its count.
    expect((await consumeRateLimit(database.db, rule, "live", live)).allowed).toBe(false);
    expect(await deleteExpiredRateLimits(database.db)).toBe(0);
  });

  it("refundRateLimit takes back one attempt of the same window, never below zero", async () => {
    const rule = newRule(2);
    const now = at(3_000);
    for (let i = 0; i < 5; i += 1) {
      expect((await consumeRateLimit(database.db, rule, "refunded", now)).allowed).toBe(true);
      await refundRateLimit(database.db, rule, "refunded", now);
    }
    await refundRateLimit(database.db, rule, "never-counted", now);
    await refundRateLimit(database.db, rule, "refunded", now);
    expect((await attempts(rule, "refunded", 3, now)).map((r) => r.allowed)).toEqual([true, true, false]);
  });
});

describe("progressive delays", () => {
  const rule: ProgressiveRule = {
    name: "test",
    freeAttempts: 3,
    firstDelayMs: 2_000,
    maxDelayMs: 60_000,
    memoryMs: 24 * 60 * MINUTE_MS,
  };

  it("lets the free attempts through, then doubles the wait up to the cap", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 500].map((failures) => progressiveDelayMs(rule, failures))).toEqual([
      0, 0, 0, 2_000, 4_000, 8_000, 16_000, 32_000, 60_000, 60_000, 60_000,
    ]);
  });
});

describe.each(testDialects)("progressive limits on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let ruleCount = 0;
  function newRule(): ProgressiveRule {
    ruleCount += 1;
    return {
      name: `progressive-${ruleCount}`,
      freeAttempts: 3,
      firstDelayMs: 2_000,
      maxDelayMs: 60_000,
      memoryMs: 60 * MINUTE_MS,
    };
  }
  const claim = (rule: ProgressiveRule, now: Date, subject = "victim@example.org") =>
    claimProgressiveAttempt(database.db, rule, subject, now);

  it("allows the free attempts back to back, then asks for a growing wait after each failure", async () => {
    const rule = newRule();
    for (let i = 0; i < 3; i += 1) expect(await claim(rule, at(i))).toEqual({ allowed: true, retryAfterSeconds: 0 });
    let now = at(2);
    const waits: number[] = [];
    for (let failure = 3; failure < 10; failure += 1) {
      const refused = await claim(rule, now);
      expect(refused.allowed).toBe(false);
      waits.push(refused.retryAfterSeconds);
      // Refused attempts are not counted: asking again right away names the same wait.
      expect(await claim(rule, at(500, now))).toEqual({ allowed: false, retryAfterSeconds: refused.retryAfterSeconds });
      // One millisecond early is still too early; on time, the attempt is checked.
      now = at(refused.retryAfterSeconds * 1000, now);
      expect((await claim(rule, at(-1, now))).allowed).toBe(false);
      expect((await claim(rule, now)).allowed).toBe(true);
    }
    expect(waits).toEqual([2, 4, 8, 16, 32, 60, 60]);
  });

  it("starts again after a success, and forgets failures after its memory", async () => {
    const rule = newRule();
    for (let i = 0; i < 3; i += 1) await claim(rule, at(i));
    expect((await claim(rule, at(10))).allowed).toBe(false);
    await clearProgressiveLimit(database.db, rule, "victim@example.org");
    for (let i = 0; i < 3; i += 1) expect((await claim(rule, at(20 + i))).allowed).toBe(true);
    expect((await claim(rule, at(30))).allowed).toBe(false);
    // An hour after the last attempt the failures are forgotten: three free attempts again.
    const later = at(60 * MINUTE_MS + 22);
    for (let i = 0; i < 3; i += 1) expect((await claim(rule, at(i, later))).allowed).toBe(true);
    expect((await claim(rule, at(5, later))).allowed).toBe(false);
  });

  it("counts each subject on its own, and stores it only as a hash", async () => {
    const rule = newRule();
    for (let i = 0; i < 4; i += 1) await claim(rule, at(i), "first@example.org");
    expect((await claim(rule, at(5), "second@example.org")).allowed).toBe(true);
    const keys = await database.db
      .selectFrom("rate_limits")
      .select("key")
      .where("key", "like", `${rule.name}:%`)
      .execute();
    expect(keys.map((row) => row.key).sort()).toEqual(
      [rateLimitSubjectKey("first@example.org"), rateLimitSubjectKey("second@example.org")]
        .map((hash) => `${rule.name}:${hash}:progressive`)
        .sort(),
    );
  });

  it("lets exactly one of many simultaneous attempts through once the free ones are used", async () => {
    const rule = newRule();
    for (let i = 0; i < 3; i += 1) await claim(rule, at(i));
    const now = at(10_000);
    const results = await Promise.all(Array.from({ length: 12 }, () => claim(rule, now)));
    expect(results.filter((result) => result.allowed)).toHaveLength(1);
    // The free attempts too cannot be taken twice by a burst.
    const fresh = newRule();
    const burst = await Promise.all(Array.from({ length: 12 }, () => claim(fresh, now)));
    expect(burst.filter((result) => result.allowed).length).toBeLessThanOrEqual(3);
    expect(burst.filter((result) => result.allowed).length).toBeGreaterThanOrEqual(1);
  });
});
