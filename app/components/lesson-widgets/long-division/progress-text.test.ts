import { describe, expect, it } from "vitest";
import { longDivision } from "#core/numtheory/long-division";
import { describeProgress } from "./progress-text";

describe("describeProgress", () => {
  it("walks through 1/7 and names the repetend once remainder 1 comes back", () => {
    const division = longDivision(1, 7, 10);
    // By hand: 10 = 1·7 + 3, 30 = 4·7 + 2, …, 50 = 7·7 + 1.
    expect(describeProgress(division, 1)).toBe(
      "Step 1: 1 × 10 = 10 = 1 × 7 + 3, so the digit is 1 and the remainder 3.",
    );
    const last = describeProgress(division, 6);
    expect(last).toContain("Step 6: 5 × 10 = 50 = 7 × 7 + 1");
    expect(last).toContain("Remainder 1 has been seen before (r0)");
    expect(last).toContain("the 6-digit block 142857 repeats for ever, starting right after the point.");
  });

  it("counts the digits before the repetition of 5/12 = 0.41666…", () => {
    const last = describeProgress(longDivision(5, 12, 10), 3);
    expect(last).toContain("Step 3: 8 × 10 = 80 = 6 × 12 + 8");
    expect(last).toContain("the 1-digit block 6 repeats for ever, after 2 digits that do not repeat.");
  });

  it("says when a division ends, and writes digits above 9 as letters", () => {
    expect(describeProgress(longDivision(1, 8, 10), 3)).toContain("Remainder 0: the division ends, after 3 digits.");
    // 11/12 in base 16: 11 × 16 = 176 = 14 × 12 + 8, and fourteen is written E.
    expect(describeProgress(longDivision(11, 12, 16), 1)).toBe(
      "Step 1: 11 × 16 = 176 = 14 × 12 + 8, so the digit is E and the remainder 8.",
    );
  });

  it("describes the start, before any step", () => {
    expect(describeProgress(longDivision(23, 7, 10), 0)).toBe(
      "23 ÷ 7 = 3 remainder 2. Press Step: multiply the remainder by 10 to get the first digit after the point.",
    );
  });
});
