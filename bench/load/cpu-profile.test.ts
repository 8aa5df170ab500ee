import { describe, expect, it } from "vitest";
import { functionCosts, topFunctions, type CpuProfile } from "./cpu-profile";

const frame = (functionName: string, lineNumber = 0) => ({
  functionName,
  url: functionName.startsWith("(") ? "" : "file:///srv/app.js",
  lineNumber,
  columnNumber: 0,
});

/**
 * (root) → handle → render → render (recursion) → escape, and (root) → (idle). Samples every 1 ms:
 * 2 in handle, 3 in the outer render, 1 in the inner render, 4 in escape, 5 idle.
 */
const profile: CpuProfile = {
  nodes: [
    { id: 1, callFrame: frame("(root)"), children: [2, 6] },
    { id: 2, callFrame: frame("handle", 9), children: [3] },
    { id: 3, callFrame: frame("render", 19), children: [4] },
    { id: 4, callFrame: frame("render", 19), children: [5] },
    { id: 5, callFrame: frame("escape", 29) },
    { id: 6, callFrame: frame("(idle)") },
  ],
  startTime: 1_000_000,
  samples: [2, 2, 3, 3, 3, 4, 5, 5, 5, 5, 6, 6, 6, 6, 6, 2],
  timeDeltas: Array.from({ length: 16 }, () => 1_000),
};

describe("functionCosts", () => {
  const byName = (costs: ReturnType<typeof functionCosts>) => new Map(costs.map((cost) => [cost.name, cost]));

  it("adds self time per function and counts a recursive function once in its inclusive time", () => {
    const costs = byName(functionCosts(profile, { root: "/srv" }));
    expect([...costs.keys()].sort()).toEqual(["escape (app.js:30)", "handle (app.js:10)", "render (app.js:20)"]);
    // The last sample has no following delta, so it counts nothing: handle's self time is 2 ms.
    expect(costs.get("handle (app.js:10)")).toMatchObject({ selfMs: 2, inclusiveMs: 10, inclusiveShare: 1 });
    expect(costs.get("render (app.js:20)")).toMatchObject({ selfMs: 4, inclusiveMs: 8, selfShare: 0.4 });
    expect(costs.get("escape (app.js:30)")).toMatchObject({ selfMs: 4, inclusiveMs: 4 });
  });

  it("counts only the samples in the window", () => {
    // Sample i is taken at startTime + (i + 1) ms: the window holds samples 4 to 7 (render, render, escape, escape).
    const costs = byName(functionCosts(profile, { root: "/srv", window: { from: 1_005_000, to: 1_008_000 } }));
    expect(costs.get("render (app.js:20)")).toMatchObject({ selfMs: 2, inclusiveMs: 4 });
    expect(costs.get("handle (app.js:10)")).toMatchObject({ selfMs: 0, inclusiveMs: 4 });
  });

  it("ranks the costliest functions first", () => {
    const table = topFunctions(functionCosts(profile, { root: "/srv" }), "inclusive", 2).split("\n");
    expect(table.slice(2)).toEqual(["| 100.0 % | 10 | handle (app.js:10) |", "| 80.0 % | 8 | render (app.js:20) |"]);
  });
});
