import { describe, expect, it } from "vitest";
import { emptyGeometry } from "#core/plot/plot-geometry";
import { nearestVertex, pointOnGraph, stepAlong, vertexNearX } from "./trace";

const line = (...points: number[]) => ({ ...emptyGeometry(), lines: [new Float64Array(points)] });

describe("tracing", () => {
  const curves = [
    { entry: 0, geometry: line(0, 0, 1, 1, 2, 4) },
    { entry: 2, geometry: line(0, 3, 1, 3, 2, 3) },
  ];

  it("finds the nearest vertex of any curve, measured in pixels", () => {
    expect(nearestVertex(curves, 1.1, 1.2, { x: 10, y: 10 }, 20)).toEqual({ entry: 0, x: 1, y: 1 });
    expect(nearestVertex(curves, 1, 2.8, { x: 10, y: 10 }, 20)).toEqual({ entry: 2, x: 1, y: 3 });
  });

  it("finds nothing beyond the reach", () => {
    expect(nearestVertex(curves, 5, 5, { x: 10, y: 10 }, 20)).toBeNull();
  });

  it("steps along one curve by x", () => {
    expect(vertexNearX(curves[0]!.geometry, 0, 1.8)).toEqual({ entry: 0, x: 2, y: 4 });
    expect(vertexNearX(emptyGeometry(), 0, 1)).toBeNull();
  });
});

describe("tracing along a curve", () => {
  it("reads a graph of x at any x by interpolation, and finds nothing in a gap", () => {
    const graph = line(0, 0, 1, 1, 2, 4);
    expect(pointOnGraph(graph, 1, 1.5)).toEqual({ entry: 1, x: 1.5, y: 2.5 });
    expect(pointOnGraph(graph, 1, 3)).toBeNull();
  });

  it("steps from vertex to vertex along other curves, stopping at the ends", () => {
    const circle = line(1, 0, 0, 1, -1, 0, 0, -1);
    expect(stepAlong(circle, 0, { entry: 0, x: 0.9, y: 0.1 }, 1)).toEqual({ entry: 0, x: 0, y: 1 });
    expect(stepAlong(circle, 0, { entry: 0, x: 0, y: -1 }, 5)).toEqual({ entry: 0, x: 0, y: -1 });
    expect(stepAlong(emptyGeometry(), 0, { entry: 0, x: 0, y: 0 }, 1)).toBeNull();
  });
});
