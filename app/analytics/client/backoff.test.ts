import { describe, expect, it } from "vitest";
import { MAX_RETRY_DELAY_MS, RETRY_BASE_DELAY_MS, readRetryAfter, retryDelay } from "./backoff";

describe("retryDelay", () => {
  it("draws the wait uniformly below a ceiling that doubles with each failure (full jitter)", () => {
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const ceiling = Math.min(MAX_RETRY_DELAY_MS, RETRY_BASE_DELAY_MS * 2 ** (attempt - 1));
      expect(retryDelay(attempt, 0, null)).toBe(0);
      expect(retryDelay(attempt, 0.5, null)).toBe(Math.floor(ceiling / 2));
      const highest = retryDelay(attempt, 0.999999, null);
      expect(highest).toBeLessThan(ceiling);
      expect(highest).toBeGreaterThanOrEqual(ceiling - 1);
    }
  });

  it("never waits less than Retry-After, nor more than the cap", () => {
    expect(retryDelay(1, 0.9, 30_000)).toBe(30_000);
    expect(retryDelay(12, 0.9, 30_000)).toBe(Math.floor(0.9 * MAX_RETRY_DELAY_MS));
    expect(retryDelay(1, 0, 24 * 3_600_000)).toBe(MAX_RETRY_DELAY_MS);
  });
});

describe("readRetryAfter", () => {
  const now = Date.parse("2026-12-01T10:00:00Z");

  it("reads delay-seconds", () => {
    expect(readRetryAfter("120", now)).toBe(120_000);
    expect(readRetryAfter(" 0 ", now)).toBe(0);
  });

  it("reads an HTTP date as the time left until it, never below zero", () => {
    expect(readRetryAfter("Tue, 01 Dec 2026 10:01:30 GMT", now)).toBe(90_000);
    expect(readRetryAfter("Tue, 01 Dec 2026 09:00:00 GMT", now)).toBe(0);
  });

  it("ignores a missing or unreadable header", () => {
    expect(readRetryAfter(null, now)).toBeNull();
    expect(readRetryAfter("", now)).toBeNull();
    expect(readRetryAfter("soon", now)).toBeNull();
    expect(readRetryAfter("-5", now)).toBeNull();
  });
});
