import { describe, expect, it } from "vitest";
import { describeGrid, readTwoVariableInput, type TwoVariableInput } from "./two-variable-input";

const saddle: TwoVariableInput = { formula: "x^2 - y^2", xMin: "-2", xMax: "2", yMin: "-1", yMax: "1", resolution: 5 };

describe("readTwoVariableInput", () => {
  it("samples the formula over the typed ranges when every field is right", () => {
    const reading = readTwoVariableInput(saddle);
    if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
    expect(reading.formula).toBe("x^2 - y^2");
    expect(reading.grid.x).toEqual([-2, -1, 0, 1, 2]);
    expect(reading.grid.y).toEqual([-1, -0.5, 0, 0.5, 1]);
    // Row y = 0.5: x² − 0.25.
    expect(reading.grid.z[3]).toEqual([3.75, 0.75, -0.25, 0.75, 3.75]);
  });

  it("reads multiples of π in the ranges", () => {
    const reading = readTwoVariableInput({ ...saddle, xMin: "-π", xMax: "2pi" });
    if (!reading.ok) throw new Error(JSON.stringify(reading.problems));
    expect(reading.grid.x[0]).toBe(-Math.PI);
    expect(reading.grid.x.at(-1)).toBe(2 * Math.PI);
  });

  it("names every field that is wrong, and samples nothing", () => {
    const reading = readTwoVariableInput({ ...saddle, formula: "x^2 -", xMin: "3", yMax: "one", resolution: 1 });
    expect(reading.ok).toBe(false);
    if (reading.ok) return;
    expect(reading.problems.formula).toMatch(/at 6/);
    expect(reading.problems.x).toBe("x: the end must be greater than the start");
    expect(reading.problems.y).toBe("y: both ends must be numbers");
    expect(reading.problems.resolution).toMatch(/from 2 to 201/);
  });
});

describe("describeGrid", () => {
  it("says what is drawn, over which ranges, and the values it takes", () => {
    const reading = readTwoVariableInput(saddle);
    if (!reading.ok) throw new Error("unreadable");
    expect(describeGrid(reading.grid, reading.formula, "z")).toBe(
      "z = x^2 - y^2 for x from −2 to 2 and y from −1 to 1, on 5 × 5 points: values from −1 to 4.",
    );
  });

  it("counts the points left as gaps, and says so when there is no value at all", () => {
    const root = readTwoVariableInput({ ...saddle, formula: "sqrt(x)" });
    if (!root.ok) throw new Error("unreadable");
    // x = −2 and −1 on each of the 5 rows.
    expect(describeGrid(root.grid, root.formula, "z")).toMatch(
      /values from 0 to 1\.414; undefined at 10 points, left as gaps\.$/,
    );
    const nowhere = readTwoVariableInput({ ...saddle, formula: "ln(-1 - x^2)" });
    if (!nowhere.ok) throw new Error("unreadable");
    expect(describeGrid(nowhere.grid, nowhere.formula, "z")).toMatch(/: undefined at every point\.$/);
  });
});
