import { describe, expect, it } from "vitest";
import { padView, panView, type PlotView } from "#core/plot/viewport";
import { layerPlacement } from "./curve-layer";

const VIEW: PlotView = { xMin: -10, xMax: 10, yMin: -6, yMax: 6, width: 800, height: 480, pixelRatio: 1 };

describe("where the worker's painted curves go on the canvas", () => {
  it("cover the canvas exactly when painted for the view shown", () => {
    expect(layerPlacement(VIEW, VIEW, 800, 480)).toEqual({ x: 0, y: 0, width: 800, height: 480 });
  });

  it("overhang by the margin on every side when painted for the padded view", () => {
    expect(layerPlacement(padView(VIEW, 0.5), VIEW, 800, 480)).toEqual({ x: -400, y: -240, width: 1600, height: 960 });
  });

  it("move with the pointer: a drag of 80 px right and 48 px down moves them by as much", () => {
    const shown = { ...VIEW, ...panView(VIEW, 80, 48, 800, 480) };
    const at = layerPlacement(VIEW, shown, 800, 480);
    expect(at.x).toBeCloseTo(80, 9);
    expect(at.y).toBeCloseTo(48, 9);
    expect(at.width).toBeCloseTo(800, 9);
    expect(at.height).toBeCloseTo(480, 9);
  });

  it("shrink about the centre when the view zooms out by 2", () => {
    const shown = { xMin: -20, xMax: 20, yMin: -12, yMax: 12 };
    expect(layerPlacement(VIEW, shown, 800, 480)).toEqual({ x: 200, y: 120, width: 400, height: 240 });
  });
});
