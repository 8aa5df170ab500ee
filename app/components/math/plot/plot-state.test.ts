import { describe, expect, it } from "vitest";
import {
  DEFAULT_VIEW,
  MAX_ENTRIES,
  MAX_ENTRY_LENGTH,
  searchParamsFromState,
  stateFromSearchParams,
  stateFromStorage,
  type PlotState,
} from "./plot-state";

const fallback: PlotState = {
  entries: [{ text: "x^2", visible: true }],
  view: DEFAULT_VIEW,
  sliders: [],
  piTicks: false,
};

describe("plot state in the URL", () => {
  it("round-trips entries, hidden entries, the view, sliders and π ticks", () => {
    const state: PlotState = {
      entries: [
        { text: "sin(a x)", visible: true },
        { text: "y < x^2 & co", visible: false },
      ],
      view: { xMin: -Math.PI, xMax: 2 * Math.PI, yMin: -1.5, yMax: 1.5 },
      sliders: [{ name: "a", value: 2.5, min: 0, max: 5, step: 0.5 }],
      piTicks: true,
    };
    const params = searchParamsFromState(state);
    const { state: read, problems } = stateFromSearchParams(new URLSearchParams(params.toString()), fallback);
    expect(problems).toEqual([]);
    expect(read.entries).toEqual(state.entries);
    expect(read.sliders).toEqual(state.sliders);
    expect(read.piTicks).toBe(true);
    // Twelve significant digits survive the trip.
    expect(read.view.xMin).toBeCloseTo(-Math.PI, 10);
    expect(read.view.xMax).toBeCloseTo(2 * Math.PI, 10);
  });

  it("writes a readable address", () => {
    const params = searchParamsFromState({ ...fallback, entries: [{ text: "sin(x)", visible: true }] });
    expect(params.toString()).toBe("f=sin%28x%29&view=-10%2C10%2C-6%2C6");
  });

  it("keeps the fallback when the address says nothing about the plot", () => {
    expect(stateFromSearchParams(new URLSearchParams("utm=1"), fallback)).toEqual({ state: fallback, problems: [] });
  });

  it("drops each bad part with a reason and keeps the rest", () => {
    const long = "x".repeat(MAX_ENTRY_LENGTH + 1);
    const params = new URLSearchParams();
    params.append("f", "cos(x)");
    params.append("f", long);
    params.set("view", "5,5,0,1");
    params.append("p", "a:20:0:10:1");
    params.append("p", "b:1:0:2:0.5");
    params.append("p", "2x:1:0:2:1");
    const { state, problems } = stateFromSearchParams(params, fallback);
    expect(state.entries).toEqual([{ text: "cos(x)", visible: true }]);
    expect(state.view).toEqual(DEFAULT_VIEW);
    expect(state.sliders).toEqual([{ name: "b", value: 1, min: 0, max: 2, step: 0.5 }]);
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^Entry 2 was left out: an entry is at most 500 characters/);
    expect(problems[1]).toMatch(/^The view "5,5,0,1" was ignored: each axis must span/);
    expect(problems[2]).toMatch(/slider "a:20:0:10:1".*value between them/);
    expect(problems[3]).toMatch(/slider "2x:1:0:2:1".*named by a variable/);
  });

  it("refuses views that are not numbers or too wide", () => {
    for (const view of ["a,b,c,d", "0,1e13,0,1", "-Infinity,0,0,1", "0,1,0"]) {
      const { state, problems } = stateFromSearchParams(new URLSearchParams({ view }), fallback);
      expect(state.view).toEqual(DEFAULT_VIEW);
      expect(problems).toHaveLength(1);
    }
  });

  it("keeps at most the maximum number of entries", () => {
    const params = new URLSearchParams();
    for (let i = 0; i < MAX_ENTRIES + 3; i++) params.append("f", `x+${i}`);
    const { state, problems } = stateFromSearchParams(params, fallback);
    expect(state.entries).toHaveLength(MAX_ENTRIES);
    expect(problems).toEqual([
      `Only the first ${MAX_ENTRIES} entries are kept.`,
      `Only the first ${MAX_ENTRIES} entries are kept.`,
      `Only the first ${MAX_ENTRIES} entries are kept.`,
    ]);
  });
});

describe("plot state in local storage", () => {
  it("reads back what was stored", () => {
    const state: PlotState = {
      ...fallback,
      piTicks: true,
      sliders: [{ name: "k", value: 1, min: 0, max: 2, step: 1 }],
    };
    expect(stateFromStorage(JSON.stringify(state), fallback)).toEqual(state);
  });

  it("falls back on missing, broken or tampered data", () => {
    expect(stateFromStorage(null, fallback)).toBe(fallback);
    expect(stateFromStorage("{not json", fallback)).toBe(fallback);
    expect(
      stateFromStorage(JSON.stringify({ ...fallback, view: { xMin: 0, xMax: 0, yMin: 0, yMax: 1 } }), fallback),
    ).toBe(fallback);
    expect(stateFromStorage(JSON.stringify({ entries: "x" }), fallback)).toBe(fallback);
  });
});
