import { describe, expect, it } from "vitest";
import { MAX_EXPONENT } from "#core/numtheory/lucas-lehmer";
import { secondsLeft, splitRange, surveyBlocks, type PrimeRun } from "#app/workers/use-prime-runs";
import { readExponent } from "./mersenne-check";
import { readBound } from "./prime-count-tool";

describe("what the prime tools read", () => {
  it("reads bounds written as digits, with separators, or as powers of ten, up to 10^12", () => {
    expect(readBound("1000000")).toBe(1e6);
    expect(readBound(" 1,000,000 ")).toBe(1e6);
    expect(readBound("10^9")).toBe(1e9);
    expect(readBound("1e12")).toBe(1e12);
    expect(readBound("0")).toBe(0);
    for (const bad of ["10^13", "1e13", "-5", "1.5", "abc", "", "10^", "2^10"]) expect(readBound(bad), bad).toBeNull();
  });

  it("reads an exponent as a whole number in range, and says why not", () => {
    expect(readExponent("521")).toEqual({ p: 521 });
    expect(readExponent("44,497")).toEqual({ p: 44_497 });
    expect(readExponent("1e9")).toEqual({ error: "Type a whole number, such as 521." });
    expect(readExponent("-7")).toEqual({ error: "Type a whole number, such as 521." });
    expect(readExponent("1")).toEqual({ error: `Choose p from 2 to ${MAX_EXPONENT.toLocaleString("en")}.` });
    expect(readExponent(String(MAX_EXPONENT + 1))).toMatchObject({ error: expect.stringContaining("Choose p") });
  });
});

describe("sharing a count between workers", () => {
  it("cuts a range into adjacent blocks that cover it exactly", () => {
    for (const [lo, hi, parts] of [
      [0, 1e9, 4],
      [7, 7, 8],
      [10, 12, 8],
      [999_999_000_000, 1e12, 3],
    ] as const) {
      const blocks = splitRange(lo, hi, parts);
      expect(blocks[0]![0]).toBe(lo);
      expect(blocks.at(-1)![1]).toBe(hi);
      for (let i = 1; i < blocks.length; i += 1) expect(blocks[i]![0]).toBe(blocks[i - 1]![1] + 1);
      expect(blocks.length).toBe(Math.min(parts, hi - lo + 1));
    }
  });

  it("cuts a count from 0 at x/2, x/4, … so the running counts are π there, and shares long blocks out", () => {
    const x = 1e9;
    const blocks = surveyBlocks(0, x, 4);
    expect(blocks[0]![0]).toBe(0);
    expect(blocks.at(-1)![1]).toBe(x);
    for (let i = 1; i < blocks.length; i += 1) expect(blocks[i]![0]).toBe(blocks[i - 1]![1] + 1);
    const ends = new Set(blocks.map(([, to]) => to));
    for (let k = 1; x / 2 ** k >= 1_000; k += 1) expect(ends.has(Math.floor(x / 2 ** k)), `x/2^${k}`).toBe(true);
    // No block longer than a sixteenth of the range on four cores.
    expect(Math.max(...blocks.map(([from, to]) => to - from + 1))).toBeLessThanOrEqual(Math.ceil((x + 1) / 16));
    // A range not from 0 has no halvings, only shares.
    expect(surveyBlocks(1e9, 1e9 + 999_999, 2)).toEqual([[1e9, 1e9 + 999_999]]);
  });

  it("tells the time left from the pace so far, once there is one", () => {
    const run: PrimeRun<null> = {
      status: "running",
      fraction: 0.25,
      done: 25,
      total: 100,
      startedAt: 1_000,
      finishedAt: null,
      result: null,
      error: null,
    };
    expect(secondsLeft(run, 11_000)).toBeCloseTo(30);
    expect(secondsLeft({ ...run, fraction: 0 }, 11_000)).toBeNull();
    expect(secondsLeft({ ...run, status: "done" }, 11_000)).toBeNull();
  });
});
