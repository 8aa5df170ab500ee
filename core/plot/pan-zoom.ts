/**
 * Pan and zoom gestures in plain numbers, for any kind of view: the pointers pressed on a picture
 * (one drags it, two pinch it), the wheel and the keys, each read as a step — a move in pixels, then
 * a magnification about a pixel — that the view's own maths applies (`ViewMoves`). Pixels are CSS
 * pixels from the picture's top-left corner, y down.
 */

export interface Pixel {
  x: number;
  y: number;
}

export interface PictureSize {
  width: number;
  height: number;
}

/** How one kind of view pans and zooms, limits included. */
export interface ViewMoves<V> {
  /** The view moved so the picture follows a drag of (dx, dy) pixels. */
  pan(view: V, dx: number, dy: number, size: PictureSize): V;
  /**
   * The view magnified by `zoomX` across and `zoomY` up and down (above 1 zooms in) about the pixel
   * `at`, which keeps showing the same point. Only views with `separateAxes` get two different factors.
   */
  zoom(view: V, zoomX: number, zoomY: number, at: Pixel, size: PictureSize): V;
  /** Whether the axes zoom apart (Shift or Alt with the wheel, the x and y keys); false keeps pixels square. */
  separateAxes: boolean;
}

/** A move of the picture by (dx, dy) pixels, then a magnification about `at`. */
export interface ViewStep {
  dx: number;
  dy: number;
  zoomX: number;
  zoomY: number;
  at: Pixel;
}

export function applyStep<V>(moves: ViewMoves<V>, view: V, step: ViewStep, size: PictureSize): V {
  const panned = step.dx === 0 && step.dy === 0 ? view : moves.pan(view, step.dx, step.dy, size);
  return step.zoomX === 1 && step.zoomY === 1 ? panned : moves.zoom(panned, step.zoomX, step.zoomY, step.at, size);
}

/** Two fingers closer than this count as this far apart, so a pinch never divides by zero. */
const MIN_PINCH_SPAN_PX = 1;

/**
 * The pointers pressed on a picture. One drags it; two pinch it: the picture scales by the change in
 * their distance about the point between them, and follows that point as it moves, so what was under
 * the fingers stays under them. Further fingers are carried along without moving anything.
 */
export class PointerGesture {
  readonly #pointers = new Map<number, Pixel>();

  press(id: number, at: Pixel): void {
    this.#pointers.set(id, at);
  }

  pressed(id: number): boolean {
    return this.#pointers.has(id);
  }

  /** The step a move of pointer `id` to `at` makes; null when it moves nothing (a pointer not pressed, a third finger). */
  move(id: number, at: Pixel): ViewStep | null {
    const before = this.#pointers.get(id);
    if (!before) return null;
    this.#pointers.set(id, at);
    const [first, second] = [...this.#pointers.entries()];
    if (!second) return { dx: at.x - before.x, dy: at.y - before.y, zoomX: 1, zoomY: 1, at };
    const other = first![0] === id ? second[1] : second[0] === id ? first![1] : null;
    if (!other) return null;
    const span = (a: Pixel) => Math.max(MIN_PINCH_SPAN_PX, Math.hypot(a.x - other.x, a.y - other.y));
    const zoom = span(at) / span(before);
    return {
      dx: (at.x - before.x) / 2,
      dy: (at.y - before.y) / 2,
      zoomX: zoom,
      zoomY: zoom,
      at: { x: (at.x + other.x) / 2, y: (at.y + other.y) / 2 },
    };
  }

  /** Lets go of pointer `id`; true when it was the last one pressed, which ends the gesture. */
  release(id: number): boolean {
    return this.#pointers.delete(id) && this.#pointers.size === 0;
  }
}

/** One notch of a mouse wheel: about 100 px of deltaY in Chromium and Firefox; trackpads send many small deltas. */
const WHEEL_NOTCH_PX = 100;
/** A wheel that counts in lines (WheelEvent.DOM_DELTA_LINE) moves this many pixels a line. */
const WHEEL_LINE_PX = 16;
const DOM_DELTA_LINE = 1;
/** A notch zooms by this factor… */
export const WHEEL_ZOOM_PER_NOTCH = 1.25;
/** …and one event by at most this many notches' worth, so a flung wheel does not jump by orders of magnitude. */
const MAX_NOTCHES_PER_EVENT = 3;

export interface WheelInput {
  deltaY: number;
  deltaMode: number;
  shiftKey: boolean;
  altKey: boolean;
}

/**
 * The wheel zooms about the pointer `at`: towards the reader (negative deltaY) in, away out. Where
 * the axes zoom apart, Shift zooms the x-axis alone and Alt the y-axis alone.
 */
export function wheelStep(wheel: WheelInput, at: Pixel, separateAxes: boolean): ViewStep {
  const pixels = wheel.deltaMode === DOM_DELTA_LINE ? wheel.deltaY * WHEEL_LINE_PX : wheel.deltaY;
  const notches = Math.max(-MAX_NOTCHES_PER_EVENT, Math.min(MAX_NOTCHES_PER_EVENT, pixels / WHEEL_NOTCH_PX));
  const zoom = Math.pow(WHEEL_ZOOM_PER_NOTCH, -notches);
  return {
    dx: 0,
    dy: 0,
    zoomX: separateAxes && wheel.altKey ? 1 : zoom,
    zoomY: separateAxes && wheel.shiftKey ? 1 : zoom,
    at,
  };
}

/** Arrow keys move the view by this share of its width or height. */
export const KEY_PAN_SHARE = 0.1;
/** The + and − keys zoom by this factor unless a picture asks for another. */
export const KEY_ZOOM_STEP = 1.25;

export interface KeyInput {
  key: string;
  shiftKey: boolean;
  ctrlKey: boolean;
  metaKey: boolean;
}

export interface KeyOptions {
  /** Whether the plain arrows pan; when they belong to something else (a probe), Shift + arrows still do. */
  arrowsPan: boolean;
  /** The factor + and − zoom by. */
  zoomStep: number;
  /** Where + and − zoom about. */
  zoomAt: Pixel;
  separateAxes: boolean;
}

/**
 * What a key does to the view: arrows pan, + (or =) and − (or _) zoom, and where the axes zoom apart
 * x / X and y / Y zoom one axis in / out; 0 resets. Keys with Ctrl or ⌘ are the browser's (its own zoom).
 */
export function keyCommand(
  input: KeyInput,
  size: PictureSize,
  options: KeyOptions,
): { step: ViewStep } | { reset: true } | null {
  if (input.ctrlKey || input.metaKey) return null;
  const { zoomStep: by, zoomAt: at, separateAxes } = options;
  // An arrow shows more of the plane on its side: the picture moves the other way, as if dragged.
  const drag = (right: number, down: number) => ({
    step: { dx: right * KEY_PAN_SHARE * size.width, dy: down * KEY_PAN_SHARE * size.height, zoomX: 1, zoomY: 1, at },
  });
  const zoom = (zoomX: number, zoomY: number) => ({ step: { dx: 0, dy: 0, zoomX, zoomY, at } });
  const arrowsPan = options.arrowsPan || input.shiftKey;
  switch (input.key) {
    case "0":
      return { reset: true };
    case "ArrowLeft":
      return arrowsPan ? drag(1, 0) : null;
    case "ArrowRight":
      return arrowsPan ? drag(-1, 0) : null;
    case "ArrowUp":
      return arrowsPan ? drag(0, 1) : null;
    case "ArrowDown":
      return arrowsPan ? drag(0, -1) : null;
    case "+":
    case "=":
      return zoom(by, by);
    case "-":
    case "_":
      return zoom(1 / by, 1 / by);
    case "x":
      return separateAxes ? zoom(by, 1) : null;
    case "X":
      return separateAxes ? zoom(1 / by, 1) : null;
    case "y":
      return separateAxes ? zoom(1, by) : null;
    case "Y":
      return separateAxes ? zoom(1, 1 / by) : null;
    default:
      return null;
  }
}
