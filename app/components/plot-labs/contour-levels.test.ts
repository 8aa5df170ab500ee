import { describe, expect, it } from "vitest";
import { MAX_LEVEL_COUNT, readLevels, type LevelInput } from "./contour-levels";

const manual = (start: string, end: string, step: string): LevelInput => ({
  mode: "manual",
  count: 10,
  start,
  end,
  step,
});

describe("readLevels", () => {
  it("lets plotly choose about `count` levels in automatic mode", () => {
    expect(readLevels({ ...manual("", "", ""), mode: "auto", count: 12 })).toEqual({
      ok: true,
      spec: { autocontour: true, ncontours: 12 },
    });
  });

  it("places chosen levels from first to last by step, a single level when first = last", () => {
    expect(readLevels(manual("-8", "8", "1"))).toEqual({
      ok: true,
      spec: { autocontour: false, start: -8, end: 8, size: 1 },
    });
    expect(readLevels(manual("0", "0", "1"))).toEqual({
      ok: true,
      spec: { autocontour: false, start: 0, end: 0, size: 1 },
    });
  });

  it(`allows exactly ${MAX_LEVEL_COUNT} levels, counting right when the division comes out a hair short`, () => {
    expect(readLevels(manual("1", "60", "1")).ok).toBe(true);
    expect(readLevels(manual("1", "61", "1")).ok).toBe(false);
    // (−0.64 + 0.7) / 0.001 is 59.99999999999994 in doubles: still 61 levels, one too many.
    expect(readLevels(manual("-0.7", "-0.64", "0.001")).ok).toBe(false);
    expect(readLevels(manual("-0.7", "-0.641", "0.001")).ok).toBe(true);
  });

  it.each([
    [manual("a", "1", "1"), /numbers/],
    [manual("2", "1", "1"), /below the first/],
    [manual("0", "1", "0"), /greater than 0/],
    [manual("0", "1", "-1"), /greater than 0/],
    [manual("0", "100", "1"), /at most 60 levels/],
    [{ ...manual("0", "1", "1"), mode: "auto" as const, count: 1 }, /from 2 to 60/],
  ])("explains why %j cannot be drawn", (input, problem) => {
    const reading = readLevels(input);
    expect(reading.ok).toBe(false);
    if (!reading.ok) expect(reading.problem).toMatch(problem);
  });
});
