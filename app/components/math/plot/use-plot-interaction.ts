import { useEffect, useRef, type RefObject } from "react";
import { panView, zoomView } from "#core/plot/viewport";
import type { View } from "./plot-state";

/** Wheel notches and key presses zoom by this factor; a pinch zooms by its own ratio. */
export const ZOOM_STEP = 1.25;
/** Arrow keys move the view by this share of its width or height. */
export const PAN_STEP = 0.1;
/** A run of wheel events ends when none has come for this long. */
const WHEEL_GESTURE_END_MS = 150;

interface InteractionOptions {
  /** The view shown now (during a gesture, ahead of the page's state). */
  view(): View;
  /** A new view; `moving` while a drag, pinch or run of wheel events goes on. */
  onView(view: View, moving: boolean): void;
  /** The drag, pinch or run of wheel events has ended. */
  onSettle(): void;
  onReset(): void;
  /** False while the keys belong to something else (the keyboard trace). */
  keys: boolean;
}

/**
 * Pan and zoom by mouse, wheel, touch and keyboard on the plot's element.
 * Wheel: both axes; with Shift the x-axis only, with Alt the y-axis only.
 * Keys: arrows pan; + and − zoom; x / X and y / Y zoom one axis in / out; 0 resets.
 */
export function usePlotInteraction(target: RefObject<HTMLElement | null>, options: InteractionOptions): void {
  // Handlers are attached once; they read the newest view and callbacks from here.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const pointers = new Map<number, { x: number; y: number }>();
    const size = () => ({ width: element.clientWidth, height: element.clientHeight });
    const local = (event: { clientX: number; clientY: number }) => {
      const box = element.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    let wheelTimer: ReturnType<typeof setTimeout> | undefined;
    const move = (next: View) => latest.current.onView(next, true);

    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      element.setPointerCapture(event.pointerId);
      pointers.set(event.pointerId, local(event));
    };
    const onPointerMove = (event: PointerEvent) => {
      const previous = pointers.get(event.pointerId);
      if (!previous) return;
      const now = local(event);
      const { width, height } = size();
      const view = latest.current.view();
      if (pointers.size === 1) {
        move(panView(view, now.x - previous.x, now.y - previous.y, width, height));
      } else if (pointers.size === 2) {
        const other = [...pointers.entries()].find(([id]) => id !== event.pointerId)?.[1];
        if (other) {
          const before = Math.hypot(previous.x - other.x, previous.y - other.y);
          const after = Math.hypot(now.x - other.x, now.y - other.y);
          if (before > 0 && after > 0) {
            const factor = before / after;
            const mid = { x: (now.x + other.x) / 2, y: (now.y + other.y) / 2 };
            move(zoomView(view, factor, factor, mid.x, mid.y, width, height));
          }
        }
      }
      pointers.set(event.pointerId, now);
    };
    const onPointerUp = (event: PointerEvent) => {
      if (pointers.delete(event.pointerId) && pointers.size === 0) latest.current.onSettle();
    };
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      const { width, height } = size();
      const at = local(event);
      // One notch is about 100 px of deltaY in Chromium and Firefox; trackpads send many small deltas.
      const factor = Math.pow(ZOOM_STEP, Math.max(-3, Math.min(3, event.deltaY / 100)));
      const fx = event.altKey ? 1 : factor;
      const fy = event.shiftKey ? 1 : factor;
      move(zoomView(latest.current.view(), fx, fy, at.x, at.y, width, height));
      clearTimeout(wheelTimer);
      wheelTimer = setTimeout(() => latest.current.onSettle(), WHEEL_GESTURE_END_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || !latest.current.keys) return;
      const { width, height } = size();
      const view = latest.current.view();
      const zoom = (fx: number, fy: number) => zoomView(view, fx, fy, width / 2, height / 2, width, height);
      const pan = (dx: number, dy: number) =>
        panView(view, dx * width * PAN_STEP, dy * height * PAN_STEP, width, height);
      const next: Record<string, () => View> = {
        ArrowLeft: () => pan(1, 0),
        ArrowRight: () => pan(-1, 0),
        ArrowUp: () => pan(0, 1),
        ArrowDown: () => pan(0, -1),
        "+": () => zoom(1 / ZOOM_STEP, 1 / ZOOM_STEP),
        "=": () => zoom(1 / ZOOM_STEP, 1 / ZOOM_STEP),
        "-": () => zoom(ZOOM_STEP, ZOOM_STEP),
        x: () => zoom(1 / ZOOM_STEP, 1),
        X: () => zoom(ZOOM_STEP, 1),
        y: () => zoom(1, 1 / ZOOM_STEP),
        Y: () => zoom(1, ZOOM_STEP),
      };
      if (event.key === "0") {
        event.preventDefault();
        latest.current.onReset();
        return;
      }
      const action = next[event.key];
      if (!action) return;
      event.preventDefault();
      latest.current.onView(action(), false);
    };

    element.addEventListener("pointerdown", onPointerDown);
    element.addEventListener("pointermove", onPointerMove);
    element.addEventListener("pointerup", onPointerUp);
    element.addEventListener("pointercancel", onPointerUp);
    // Not passive: the wheel zooms the plot instead of scrolling the page.
    element.addEventListener("wheel", onWheel, { passive: false });
    element.addEventListener("keydown", onKeyDown);
    return () => {
      clearTimeout(wheelTimer);
      element.removeEventListener("pointerdown", onPointerDown);
      element.removeEventListener("pointermove", onPointerMove);
      element.removeEventListener("pointerup", onPointerUp);
      element.removeEventListener("pointercancel", onPointerUp);
      element.removeEventListener("wheel", onWheel);
      element.removeEventListener("keydown", onKeyDown);
    };
  }, [target]);
}
