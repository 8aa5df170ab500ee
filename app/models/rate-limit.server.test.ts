import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "../../tests/setup/test-database";
import {
  consumeRateLimit,
  deleteExpiredRateLimits,
  rateLimitSubjectKey,
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
    // Half a window ahead, so the live window still has at least half a window to run.
    const live = new Date(Date.now() + rule.windowMs / 2);
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
});
