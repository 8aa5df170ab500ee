import { describe, expect, it } from "vitest";
import { HIGH_HZ, LOW_HZ, OFF_VIEW_GAIN, ON_VIEW_GAIN, samplesAlong, sonify } from "./sonify";

describe("sonify", () => {
  it("maps the bottom, middle and top of the view to the low note, the octave between, and the high note", () => {
    const { frequencies, gains } = sonify([-1, 0, 1], -1, 1);
    expect(frequencies[0]).toBeCloseTo(LOW_HZ, 3);
    // 220 Hz to 880 Hz is two octaves; halfway up is one octave: 440 Hz.
    expect(frequencies[1]).toBeCloseTo(440, 3);
    expect(frequencies[2]).toBeCloseTo(HIGH_HZ, 3);
    expect([...gains]).toEqual([ON_VIEW_GAIN, ON_VIEW_GAIN, ON_VIEW_GAIN].map(Math.fround));
  });

  it("is silent where the curve is undefined and holds the pitch it had", () => {
    const { frequencies, gains } = sonify([0, Number.NaN, Number.NaN, 0.5], -1, 1);
    expect(gains[1]).toBe(0);
    expect(gains[2]).toBe(0);
    expect(frequencies[1]).toBe(frequencies[0]);
    expect(gains[3]).toBeCloseTo(ON_VIEW_GAIN, 6);
  });

  it("holds the edge note, quieter, where the curve leaves the view", () => {
    const { frequencies, gains } = sonify([5, -5, Number.POSITIVE_INFINITY], -1, 1);
    expect(frequencies[0]).toBeCloseTo(HIGH_HZ, 3);
    expect(frequencies[1]).toBeCloseTo(LOW_HZ, 3);
    expect(frequencies[2]).toBeCloseTo(HIGH_HZ, 3);
    expect([...gains]).toEqual([OFF_VIEW_GAIN, OFF_VIEW_GAIN, OFF_VIEW_GAIN].map(Math.fround));
  });

  it("rises with y: a rising line is a rising glide", () => {
    const ys = Array.from({ length: 50 }, (_, i) => i / 49);
    const { frequencies } = sonify(ys, 0, 1);
    for (let i = 1; i < ys.length; i++) expect(frequencies[i]!).toBeGreaterThan(frequencies[i - 1]!);
  });
});

describe("samplesAlong", () => {
  it("reads a sampled line at evenly spaced x by linear interpolation", () => {
    // y = 2x + 1 sampled at x = 0, 1, 2, 3, 4.
    const line = new Float64Array([0, 1, 1, 3, 2, 5, 3, 7, 4, 9]);
    const ys = samplesAlong([line], 0, 4, 9);
    for (let k = 0; k < 9; k++) expect(ys[k]).toBeCloseTo(2 * (k / 2) + 1, 12);
  });

  it("leaves NaN where no piece of the curve covers x (a gap at a pole)", () => {
    const left = new Float64Array([-2, -0.5, -1, -1]);
    const right = new Float64Array([1, 1, 2, 0.5]);
    const ys = samplesAlong([left, right], -2, 2, 5);
    expect([...ys].map((y) => (Number.isNaN(y) ? "gap" : y))).toEqual([-0.5, -1, "gap", 1, 0.5]);
  });
});
