import { describe, expect, it } from "vitest";
import type { EntryOutcome } from "#core/plot/plot-entries";
import { emptyGeometry } from "#core/plot/plot-geometry";
import { DEFAULT_SLIDER } from "./plot-state";
import { reconcileSliders } from "./plotter";

function drawn(
  text: string,
  parameters: string[],
  definition: { name: string; value: number } | null = null,
): EntryOutcome {
  return {
    ok: true,
    text,
    kind: definition ? "definition" : "explicit",
    axis: definition ? null : "y",
    geometry: emptyGeometry(),
    parameters,
    definition,
    description: "",
    findings: null,
    truncated: false,
  };
}

const a = { name: "a", value: 0.5, min: -2, max: 2, step: 0.1 };

describe("sliders follow the entries' parameters", () => {
  it("keeps a used slider with its settings and adds one for a new parameter", () => {
    const sliders = reconcileSliders([a], [drawn("a x + b", ["a", "b"])], ["a x + b"]);
    expect(sliders).toEqual([a, { name: "b", value: 1, ...DEFAULT_SLIDER }]);
  });

  it("drops a slider no entry uses any more, and one an entry defines", () => {
    expect(reconcileSliders([a], [drawn("x^2", [])], ["x^2"])).toEqual([]);
    const defined = reconcileSliders(
      [a],
      [drawn("a = 3", [], { name: "a", value: 3 }), drawn("a x", ["a"])],
      ["a = 3", "a x"],
    );
    expect(defined).toEqual([]);
  });

  it("keeps every slider while an entry has an error (its parameters are unknown then)", () => {
    const broken: EntryOutcome = { ok: false, text: "a x +", message: "the expression ends too early" };
    expect(reconcileSliders([a], [broken], ["a x +"])).toEqual([a]);
  });

  it("changes nothing on outcomes of other texts (the worker has not answered the latest edit yet)", () => {
    expect(reconcileSliders([a], [], ["a x"])).toEqual([a]);
    expect(reconcileSliders([a], [drawn("x", [])], ["a x"])).toEqual([a]);
  });
});
