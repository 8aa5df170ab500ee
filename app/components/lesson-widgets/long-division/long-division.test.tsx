import { describe, expect, it } from "vitest";
import { renderWidget, textContent as text } from "../render-widget.test-helpers";
import LongDivisionWidget from "./long-division";
import { attributes } from "./params";

const render = (raw: Record<string, string>) => renderWidget(<LongDivisionWidget {...attributes.parse(raw)} />);

describe("LongDivisionWidget (server render)", () => {
  it("starts 1/7 before its first digit, with labelled fields and the controls", () => {
    const page = text(render({}));
    // 1 = 0 × 7 + 1: nothing after the point yet.
    expect(page).toContain("1 ÷ 7 = 0 remainder 1.");
    expect(page).toContain("r0=1");
    for (const label of ["Numerator", "Denominator", "Base", "Play", "Step", "To the end", "Reset"]) {
      expect(page).toContain(label);
    }
  });

  it("shows the integer part and the first remainder of 23/7 in base 2", () => {
    const page = text(render({ numerator: "23", denominator: "7", base: "2" }));
    // 23 = 3 × 7 + 2, and 3 is 11 in base 2.
    expect(page).toContain("23 ÷ 7 = 3 remainder 2.");
    expect(page).toContain("11.…");
    expect(page).toContain("only the digits of the answer are in base 2");
  });

  it("says when the division is exact", () => {
    expect(text(render({ numerator: "21", denominator: "7" }))).toContain("The division is exact");
  });

  it("refuses attributes outside the bounds", () => {
    expect(attributes.safeParse({ denominator: "0" }).success).toBe(false);
    expect(attributes.safeParse({ denominator: "10001" }).success).toBe(false);
    expect(attributes.safeParse({ base: "17" }).success).toBe(false);
  });
});
