import { describe, expect, it } from "vitest";
import { COMPLEX_VIEW_MOVES, pointAt, type ComplexView } from "./complex-plane-view";
import {
  applyStep,
  keyCommand,
  PointerGesture,
  wheelStep,
  WHEEL_ZOOM_PER_NOTCH,
  type KeyOptions,
  type ViewStep,
} from "./pan-zoom";
import { VIEW_RANGE_MOVES, type ViewRange } from "./viewport";

const SIZE = { width: 800, height: 400 };
const RANGE: ViewRange = { xMin: -10, xMax: 10, yMin: -5, yMax: 5 };
const PLANE: ComplexView = { centreRe: 0, centreIm: 0, halfWidth: 4 };
const DIGITS = 9;

/** The range's point under the pixel (x, y). */
const rangePoint = (range: ViewRange, x: number, y: number) => ({
  x: range.xMin + (x / SIZE.width) * (range.xMax - range.xMin),
  y: range.yMax - (y / SIZE.height) * (range.yMax - range.yMin),
});

function expectCloseRange(actual: ViewRange, expected: ViewRange) {
  for (const key of ["xMin", "xMax", "yMin", "yMax"] as const) expect(actual[key]).toBeCloseTo(expected[key], DIGITS);
}

describe("PointerGesture", () => {
  it("drags with one pointer, and only with a pressed one", () => {
    const gesture = new PointerGesture();
    expect(gesture.move(1, { x: 10, y: 10 })).toBeNull();
    gesture.press(1, { x: 100, y: 100 });
    expect(gesture.pressed(1)).toBe(true);
    const step = gesture.move(1, { x: 180, y: 60 })!;
    expect(step).toMatchObject({ dx: 80, dy: -40, zoomX: 1, zoomY: 1 });
    // A tenth of the width to the right shows a tenth of the span further left.
    expectCloseRange(applyStep(VIEW_RANGE_MOVES, RANGE, gesture.move(1, { x: 260, y: 60 })!, SIZE), {
      xMin: -12,
      xMax: 8,
      yMin: -5,
      yMax: 5,
    });
    expect(gesture.release(1)).toBe(true);
    expect(gesture.release(1)).toBe(false);
    expect(gesture.pressed(1)).toBe(false);
  });

  it("pinches about the point between two fingers: twice as far apart shows half the span", () => {
    const gesture = new PointerGesture();
    gesture.press(1, { x: 350, y: 200 });
    gesture.press(2, { x: 450, y: 200 });
    let range = RANGE;
    for (const spread of [60, 70, 80, 90, 100]) {
      range = applyStep(VIEW_RANGE_MOVES, range, gesture.move(1, { x: 400 - spread, y: 200 })!, SIZE);
      range = applyStep(VIEW_RANGE_MOVES, range, gesture.move(2, { x: 400 + spread, y: 200 })!, SIZE);
    }
    expectCloseRange(range, { xMin: -5, xMax: 5, yMin: -2.5, yMax: 2.5 });
    expect(gesture.release(1)).toBe(false);
    expect(gesture.release(2)).toBe(true);
  });

  it("keeps what was under each finger under it, on a plot and on the complex plane", () => {
    const still = { x: 200, y: 300 };
    const from = { x: 300, y: 250 };
    const to = { x: 500, y: 150 };
    const gesture = new PointerGesture();
    gesture.press(1, still);
    gesture.press(2, from);
    const step = gesture.move(2, to)!;

    const range = applyStep(VIEW_RANGE_MOVES, RANGE, step, SIZE);
    for (const [before, after] of [
      [still, still],
      [from, to],
    ] as const) {
      const was = rangePoint(RANGE, before.x, before.y);
      const is = rangePoint(range, after.x, after.y);
      expect(is.x).toBeCloseTo(was.x, DIGITS);
      expect(is.y).toBeCloseTo(was.y, DIGITS);
    }

    const plane = applyStep(COMPLEX_VIEW_MOVES, PLANE, step, SIZE);
    for (const [before, after] of [
      [still, still],
      [from, to],
    ] as const) {
      const was = pointAt(PLANE, SIZE.width, SIZE.height, before.x, before.y);
      const is = pointAt(plane, SIZE.width, SIZE.height, after.x, after.y);
      expect(is.re).toBeCloseTo(was.re, DIGITS);
      expect(is.im).toBeCloseTo(was.im, DIGITS);
    }
  });

  it("moves the view with two fingers that keep their distance", () => {
    const gesture = new PointerGesture();
    gesture.press(1, { x: 100, y: 100 });
    gesture.press(2, { x: 200, y: 100 });
    const first = gesture.move(1, { x: 140, y: 100 })!;
    const second = gesture.move(2, { x: 240, y: 100 })!;
    const range = applyStep(VIEW_RANGE_MOVES, applyStep(VIEW_RANGE_MOVES, RANGE, first, SIZE), second, SIZE);
    expectCloseRange(range, { xMin: -11, xMax: 9, yMin: -5, yMax: 5 });
  });

  it("carries a third finger without moving anything, and never divides by a zero distance", () => {
    const gesture = new PointerGesture();
    gesture.press(1, { x: 100, y: 100 });
    gesture.press(2, { x: 100, y: 100 });
    gesture.press(3, { x: 300, y: 300 });
    expect(gesture.move(3, { x: 350, y: 300 })).toBeNull();
    const step = gesture.move(2, { x: 110, y: 100 })!;
    expect(step.zoomX).toBe(10);
    expect(Number.isFinite(applyStep(VIEW_RANGE_MOVES, RANGE, step, SIZE).xMin)).toBe(true);
  });
});

describe("wheelStep", () => {
  const at = { x: 400, y: 200 };
  const wheel = (deltaY: number, more: Partial<Parameters<typeof wheelStep>[0]> = {}) => ({
    deltaY,
    deltaMode: 0,
    shiftKey: false,
    altKey: false,
    ...more,
  });

  it("zooms in by a notch's factor towards the reader, out away from them, about the pointer", () => {
    const step = wheelStep(wheel(-100), at, true);
    expect(step).toEqual({ dx: 0, dy: 0, zoomX: WHEEL_ZOOM_PER_NOTCH, zoomY: WHEEL_ZOOM_PER_NOTCH, at });
    expectCloseRange(applyStep(VIEW_RANGE_MOVES, RANGE, step, SIZE), { xMin: -8, xMax: 8, yMin: -4, yMax: 4 });
    expect(wheelStep(wheel(100), at, true).zoomX).toBeCloseTo(1 / WHEEL_ZOOM_PER_NOTCH, 12);
  });

  it("counts lines as 16 pixels and at most three notches an event", () => {
    expect(wheelStep(wheel(-3, { deltaMode: 1 }), at, false).zoomX).toBeCloseTo(WHEEL_ZOOM_PER_NOTCH ** 0.48, 12);
    expect(wheelStep(wheel(-2000), at, false).zoomX).toBeCloseTo(WHEEL_ZOOM_PER_NOTCH ** 3, 12);
    expect(wheelStep(wheel(2000), at, false).zoomX).toBeCloseTo(WHEEL_ZOOM_PER_NOTCH ** -3, 12);
  });

  it("zooms the x-axis alone with Shift and the y-axis alone with Alt, where the axes zoom apart", () => {
    expect(wheelStep(wheel(100, { shiftKey: true }), at, true)).toMatchObject({ zoomY: 1 });
    expect(wheelStep(wheel(100, { altKey: true }), at, true)).toMatchObject({ zoomX: 1 });
    const square = wheelStep(wheel(100, { shiftKey: true, altKey: true }), at, false);
    expect(square.zoomX).toBe(square.zoomY);
    expect(square.zoomX).toBeLessThan(1);
  });
});

describe("keyCommand", () => {
  const options: KeyOptions = { arrowsPan: true, zoomStep: 1.25, zoomAt: { x: 400, y: 200 }, separateAxes: true };
  const key = (name: string, more: { shiftKey?: boolean; ctrlKey?: boolean; metaKey?: boolean } = {}) => ({
    key: name,
    shiftKey: false,
    ctrlKey: false,
    metaKey: false,
    ...more,
  });
  const stepOf = (command: ReturnType<typeof keyCommand>): ViewStep => {
    if (!command || !("step" in command)) throw new Error("not a step");
    return command.step;
  };

  it("pans a tenth of the width or height towards the arrow's side", () => {
    const moved = (name: string) =>
      applyStep(VIEW_RANGE_MOVES, RANGE, stepOf(keyCommand(key(name), SIZE, options)), SIZE);
    expectCloseRange(moved("ArrowLeft"), { xMin: -12, xMax: 8, yMin: -5, yMax: 5 });
    expectCloseRange(moved("ArrowRight"), { xMin: -8, xMax: 12, yMin: -5, yMax: 5 });
    expectCloseRange(moved("ArrowUp"), { xMin: -10, xMax: 10, yMin: -4, yMax: 6 });
    expectCloseRange(moved("ArrowDown"), { xMin: -10, xMax: 10, yMin: -6, yMax: 4 });
  });

  it("leaves the plain arrows to the page when asked, panning with Shift + arrows", () => {
    const probe = { ...options, arrowsPan: false };
    expect(keyCommand(key("ArrowLeft"), SIZE, probe)).toBeNull();
    expect(stepOf(keyCommand(key("ArrowLeft", { shiftKey: true }), SIZE, probe))).toMatchObject({ dx: 80, dy: 0 });
    expect(stepOf(keyCommand(key("ArrowUp", { shiftKey: true }), SIZE, probe))).toMatchObject({ dx: 0, dy: 40 });
  });

  it("zooms by the step about the given point, one axis at a time where they zoom apart", () => {
    for (const name of ["+", "="])
      expect(stepOf(keyCommand(key(name), SIZE, options))).toMatchObject({ zoomX: 1.25, zoomY: 1.25 });
    for (const name of ["-", "_"])
      expect(stepOf(keyCommand(key(name), SIZE, options))).toMatchObject({ zoomX: 0.8, zoomY: 0.8 });
    expect(stepOf(keyCommand(key("+"), SIZE, { ...options, zoomStep: 1.5 })).at).toEqual(options.zoomAt);
    expect(stepOf(keyCommand(key("x"), SIZE, options))).toMatchObject({ zoomX: 1.25, zoomY: 1 });
    expect(stepOf(keyCommand(key("X"), SIZE, options))).toMatchObject({ zoomX: 0.8, zoomY: 1 });
    expect(stepOf(keyCommand(key("y"), SIZE, options))).toMatchObject({ zoomX: 1, zoomY: 1.25 });
    expect(stepOf(keyCommand(key("Y"), SIZE, options))).toMatchObject({ zoomX: 1, zoomY: 0.8 });
    expect(keyCommand(key("x"), SIZE, { ...options, separateAxes: false })).toBeNull();
  });

  it("resets with 0, and leaves Ctrl and ⌘ keys and other keys to the browser", () => {
    expect(keyCommand(key("0"), SIZE, options)).toEqual({ reset: true });
    expect(keyCommand(key("0", { ctrlKey: true }), SIZE, options)).toBeNull();
    expect(keyCommand(key("+", { metaKey: true }), SIZE, options)).toBeNull();
    expect(keyCommand(key("t"), SIZE, options)).toBeNull();
    expect(keyCommand(key("constructor"), SIZE, options)).toBeNull();
  });
});
