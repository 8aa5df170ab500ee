import { describe, expect, it } from "vitest";
import { PERIOD_EXPLORER_MAX_N } from "#core/numtheory/period-explorer";
import { renderWidget, textContent as text } from "../render-widget.test-helpers";
import { attributes, MAX_N } from "./params";
import PeriodExplorer from "./period-explorer";

const render = (raw: Record<string, string>) => renderWidget(<PeriodExplorer {...attributes.parse(raw)} />);

describe("PeriodExplorer (server render)", () => {
  it("explains 1/28 = 0.03571428…: pre-period 2 from 2², period 6 from 7", () => {
    const page = text(render({ n: "28" }));
    // By hand: 1/28 = 0.03 571428 571428…
    expect(page).toContain("0.03571428");
    expect(page).toContain("Pre-period 2, period 6.");
    expect(page).toContain("Denominator n");
    expect(page).toContain("Base b");
    expect(page).toContain("Periods for the primes nearest 28");
  });

  it("calls 7 a full-reptend prime in base 10 and 3 one in base 2", () => {
    expect(text(render({}))).toContain("7 is a full-reptend prime in base 10");
    expect(text(render({ n: "3", base: "2" }))).toContain("3 is a full-reptend prime in base 2");
    expect(text(render({ n: "13" }))).toContain("not a full-reptend prime in base 10");
  });

  it("shows the lcm for 323 = 17 · 19 and the exception at 487²", () => {
    expect(text(render({ n: "323" }))).toContain("Pre-period 0, period 144");
    const page = text(render({ n: "237169" }));
    expect(page).toContain("Pre-period 0, period 486");
    expect(page).toContain("a rare exception");
  });

  it("says when 1/n terminates", () => {
    expect(text(render({ n: "40" }))).toContain("Pre-period 3, period 0 (it terminates).");
  });

  it("keeps the attribute bound equal to the core's limit", () => {
    expect(MAX_N).toBe(PERIOD_EXPLORER_MAX_N);
    expect(attributes.safeParse({ n: String(MAX_N + 1) }).success).toBe(false);
    expect(attributes.safeParse({ base: "37" }).success).toBe(false);
  });
});
