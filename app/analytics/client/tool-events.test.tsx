// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { FactorMethod } from "#core/numtheory/factorization-types";
import type { FactorizationRun } from "#app/workers/use-factorization";
import { drawnCurves, factorizationUse, PLOT_USE_DELAY_MS, usePlotUse } from "./tool-events";
import { track } from "./track";

vi.mock("./track", () => ({ track: vi.fn() }));
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const run = (overrides: Partial<FactorizationRun>): FactorizationRun => ({
  status: "done",
  n: 10n ** 30n + 57n,
  progress: null,
  startedAt: 1_000,
  finishedAt: 3_460,
  factorization: null,
  facts: null,
  error: null,
  ...overrides,
});
const entry = (method: FactorMethod) => ({
  method,
  input: 1n,
  found: [],
  milliseconds: 1,
  detail: "",
});

describe("factorizationUse", () => {
  it("describes an ended run: digits of |n|, the strongest method it reached, seconds, outcome", () => {
    const factorization = {
      n: 1n,
      factors: [],
      complete: true,
      log: [entry("trial-division"), entry("rho"), entry("primality")],
    };
    expect(factorizationUse(run({ factorization }))).toEqual({
      tool: "factorization",
      digits: 31,
      method: "rho",
      seconds: 2.5,
      outcome: "finished",
    });
    expect(factorizationUse(run({ n: -12345n, status: "failed", factorization: null }))).toMatchObject({
      digits: 5,
      method: "none",
      outcome: "failed",
    });
  });

  it("counts a stopped run under the method that was running", () => {
    const factorization = { n: 1n, factors: [], complete: false, log: [entry("trial-division")] };
    const progress = { method: "siqs" as const, digits: 60 };
    expect(factorizationUse(run({ status: "stopped", factorization, progress }))).toMatchObject({
      method: "siqs",
      outcome: "stopped",
    });
  });

  it("is null while a run goes on, or before any", () => {
    expect(factorizationUse(run({ status: "running", finishedAt: null }))).toBeNull();
    expect(factorizationUse(run({ status: "idle", n: null, startedAt: null, finishedAt: null }))).toBeNull();
  });
});

describe("drawnCurves", () => {
  it("counts visible entries that draw something", () => {
    const drawn = (kind: string, definition: unknown = null) => ({ ok: true as const, kind, definition, text: kind });
    const entries = [{ visible: true }, { visible: false }, { visible: true }, { visible: true }, { visible: true }];
    const outcomes = [
      drawn("graph"),
      drawn("graph"),
      drawn("empty"),
      drawn("definition", { name: "a", value: 1 }),
      { ok: false as const, text: "x+" },
    ];
    expect(drawnCurves(entries, outcomes)).toBe(1);
  });
});

describe("usePlotUse", () => {
  type Outcome = { ok: true; kind: string; definition: null; text: string };
  let container: HTMLDivElement;
  let root: ReturnType<typeof createRoot>;
  function Probe({ edited, texts }: { edited: boolean; texts: string[] }) {
    const outcomes: Outcome[] = texts.map((text) => ({ ok: true, kind: "graph", definition: null, text }));
    usePlotUse(
      edited,
      texts.map(() => ({ visible: true })),
      outcomes,
    );
    return null;
  }
  const render = (edited: boolean, texts: string[]) => act(() => root.render(<Probe edited={edited} texts={texts} />));

  beforeEach(() => {
    vi.useFakeTimers();
    vi.mocked(track).mockClear();
    container = document.createElement("div");
    root = createRoot(container);
  });
  afterEach(() => {
    act(() => root.unmount());
    vi.useRealTimers();
  });

  it("counts the reader's plot once it has stood still, not each key typed", () => {
    render(false, ["sin(x)"]);
    act(() => vi.advanceTimersByTime(PLOT_USE_DELAY_MS * 2));
    // The example the page opened with is no use of the tool.
    expect(track).not.toHaveBeenCalled();
    for (const text of ["x", "x^", "x^2", "x^2+", "x^2+1"]) {
      render(true, ["sin(x)", text]);
      act(() => vi.advanceTimersByTime(300));
    }
    expect(track).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(PLOT_USE_DELAY_MS));
    expect(track).toHaveBeenCalledTimes(1);
    expect(track).toHaveBeenCalledWith("tool_use", { tool: "plot", curves: 2 });
    // The same plot drawn again (panned, a slider played) is not counted again.
    render(true, ["sin(x)", "x^2+1"]);
    act(() => vi.advanceTimersByTime(PLOT_USE_DELAY_MS * 2));
    expect(track).toHaveBeenCalledTimes(1);
    render(true, ["sin(x)"]);
    act(() => vi.advanceTimersByTime(PLOT_USE_DELAY_MS));
    expect(track).toHaveBeenLastCalledWith("tool_use", { tool: "plot", curves: 1 });
  });
});
