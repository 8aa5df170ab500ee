import { describe, expect, it } from "vitest";
import { formatValue, parseCoordinate } from "./coordinate-text";

describe("parseCoordinate", () => {
  it.each([
    ["2", 2],
    ["-1.5", -1.5],
    ["\u22123", -3],
    ["+4", 4],
    [" 0.25 ", 0.25],
    [".5", 0.5],
    ["1e-3", 0.001],
    ["π", Math.PI],
    ["-2π", -2 * Math.PI],
    ["0.5pi", Math.PI / 2],
    ["-PI", -Math.PI],
    ["3 π", 3 * Math.PI],
  ])("reads %j as %d", (text, value) => {
    expect(parseCoordinate(text)).toBe(value);
  });

  it.each(["", "-", "x", "2x", "1/2", "π2", "1..2", "--1", "pi pi"])("refuses %j", (text) => {
    expect(parseCoordinate(text)).toBeNaN();
  });
});

describe("formatValue", () => {
  it.each([
    [0, "0"],
    [4, "4"],
    [-4, "\u22124"],
    [1 / 3, "0.3333"],
    [4 * Math.PI, "12.57"],
    [-0.001, "\u22120.001"],
    [1e6, "1.000e+6"],
    [-0.00025, "\u22122.500e\u22124"],
  ])("writes %d as %j", (value, text) => {
    expect(formatValue(value)).toBe(text);
  });
});
