import { describe, expect, it } from "vitest";
import { shiftDay, streakOf, weekOf } from "./daily-streak";

const goal = { kind: "questions", target: 3 } as const;
/** Days from `today` back: "x" met the goal, "." nothing, digits how many were done. */
function history(today: string, pattern: string): Map<string, number> {
  const days = new Map<string, number>();
  [...pattern].reverse().forEach((mark, back) => {
    const done = mark === "x" ? 3 : mark === "." ? 0 : Number(mark);
    if (done > 0) days.set(shiftDay(today, -back), done);
  });
  return days;
}

describe("streakOf", () => {
  // 2026-11-26 is a Thursday; its week starts on Monday 2026-11-23.
  const thursday = "2026-11-26";

  it("weeks start on Monday", () => {
    expect(weekOf("2026-11-23")).toBe("2026-11-23");
    expect(weekOf(thursday)).toBe("2026-11-23");
    expect(weekOf("2026-11-29")).toBe("2026-11-23");
    expect(weekOf("2026-11-30")).toBe("2026-11-30");
    // Across a year's end.
    expect(weekOf("2027-01-01")).toBe("2026-12-28");
  });

  it("counts days in a row with the goal met, today once it is met, and an unfinished today breaks nothing", () => {
    expect(streakOf(history(thursday, "xxxx"), goal, thursday)).toMatchObject({
      days: 4,
      today: { done: 3, met: true },
    });
    expect(streakOf(history(thursday, "xxx1"), goal, thursday)).toMatchObject({
      days: 3,
      today: { done: 1, target: 3, met: false },
      restarted: false,
    });
  });

  it("a single missed day is kept by the week's freeze, once a week", () => {
    // Monday to Thursday: met, missed (Tuesday), met, met.
    const once = streakOf(history(thursday, "x.xx"), goal, thursday);
    expect(once).toMatchObject({ days: 3, frozen: ["2026-11-24"], freezeLeft: false, restarted: false });
    // A second miss in the same week ends the run there (Sunday met, Monday and Wednesday missed).
    const twice = streakOf(history(thursday, "x.x.x"), goal, thursday);
    expect(twice).toMatchObject({ days: 2, frozen: ["2026-11-25"], freezeLeft: false });
    // A miss last week and one this week: each week has its freeze.
    const sunday = "2026-11-29";
    const acrossWeeks = streakOf(history(sunday, "xx.xxxx.xx"), goal, sunday);
    expect(acrossWeeks).toMatchObject({ days: 8, frozen: ["2026-11-22", "2026-11-27"], freezeLeft: false });
  });

  it("two missed days in a row are not bridged, even across two weeks, and the page says it starts again", () => {
    const monday = "2026-11-30";
    // Saturday met, Sunday and Monday... Monday is today: Sunday missed and Saturday met → frozen (last week).
    expect(streakOf(history(monday, "x.x"), goal, monday)).toMatchObject({ days: 2, frozen: ["2026-11-29"] });
    // Friday met; Saturday and Sunday missed: yesterday was a miss the freeze cannot cover.
    const restart = streakOf(history(monday, "x..x"), goal, monday);
    expect(restart).toMatchObject({ days: 1, frozen: [], restarted: true, freezeLeft: true });
    expect(streakOf(history(monday, "x..1"), goal, monday)).toMatchObject({ days: 0, restarted: true });
  });

  it("a new learner has nothing to keep, and no freeze is spent before the first day", () => {
    expect(streakOf(new Map(), goal, thursday)).toEqual({
      days: 0,
      today: { done: 0, target: 3, met: false },
      frozen: [],
      freezeLeft: true,
      restarted: false,
    });
    expect(streakOf(history(thursday, "2x"), goal, thursday)).toMatchObject({ days: 1, frozen: [], restarted: false });
  });

  it("agrees with a day-by-day brute force on random histories", () => {
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let run = 0; run < 300; run++) {
      const pattern = Array.from({ length: 1 + Math.floor(next() * 40) }, () => (next() < 0.7 ? "x" : ".")).join("");
      const today = shiftDay("2026-01-01", Math.floor(next() * 300));
      const days = history(today, pattern);
      expect(streakOf(days, goal, today).days, `${pattern} up to ${today}`).toBe(bruteStreak(days, today));
    }
  });
});

/**
 * The same rules checked for every possible start: the run from day `start` to yesterday is kept when
 * `start` was met and every missed day in it is alone (the day before met, inside the run), at most one
 * a week. The streak is the met days of the longest kept run, plus today once met.
 */
function bruteStreak(days: Map<string, number>, today: string): number {
  const met = (day: string) => (days.get(day) ?? 0) >= 3;
  const kept = (start: string) => {
    if (!met(start)) return false;
    const weeks = new Set<string>();
    for (let day = start; day < today; day = shiftDay(day, 1)) {
      if (met(day)) continue;
      if (weeks.has(weekOf(day)) || !met(shiftDay(day, -1)) || shiftDay(day, -1) < start) return false;
      weeks.add(weekOf(day));
    }
    return true;
  };
  let best = 0;
  for (let start = shiftDay(today, -1), back = 1; back <= 400; start = shiftDay(start, -1), back++) {
    if (!kept(start)) continue;
    let count = 0;
    for (let day = start; day < today; day = shiftDay(day, 1)) if (met(day)) count += 1;
    best = Math.max(best, count);
  }
  return best + (met(today) ? 1 : 0);
}
