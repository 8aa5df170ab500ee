import { describe, expect, it } from "vitest";
import { bounce, SWEEP_SECONDS } from "./use-playing-sliders";

const slider = { name: "a", value: 0, min: -2, max: 2, step: 0.1 };

describe("bouncing sliders", () => {
  it("crosses the whole range in the sweep time", () => {
    const moved = bounce({ ...slider, value: -2 }, 1, SWEEP_SECONDS);
    expect(moved.value).toBeCloseTo(2, 12);
  });

  it("moves by span × dt / sweep time", () => {
    // span 4, sweep 4 s: one unit per second.
    expect(bounce(slider, 1, 0.5).value).toBeCloseTo(0.5, 12);
    expect(bounce(slider, -1, 0.25).value).toBeCloseTo(-0.25, 12);
  });

  it("turns back at either end by reflecting the overshoot", () => {
    const top = bounce({ ...slider, value: 1.75 }, 1, 0.5);
    expect(top.value).toBeCloseTo(1.75, 12);
    expect(top.direction).toBe(-1);
    // −1.9 − 0.3 = −2.2 overshoots −2 by 0.2, so it comes back to −1.8.
    const bottom = bounce({ ...slider, value: -1.9 }, -1, 0.3);
    expect(bottom.value).toBeCloseTo(-1.8, 12);
    expect(bottom.direction).toBe(1);
  });
});
