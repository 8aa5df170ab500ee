import { useEffect, useRef, type RefObject } from "react";
import {
  applyStep,
  KEY_ZOOM_STEP,
  keyCommand,
  PointerGesture,
  wheelStep,
  type PictureSize,
  type Pixel,
  type ViewMoves,
  type ViewStep,
} from "#core/plot/pan-zoom";

/** A run of wheel events ends when none has come for this long. */
const WHEEL_GESTURE_END_MS = 150;

/**
 * What a pan-and-zoom picture's element needs besides the hook: the browser leaves touches to it
 * (no page scroll or pinch, so no pointercancel mid-gesture), and the cursor says it can be dragged.
 */
export const PAN_ZOOM_SX = { touchAction: "none", cursor: "grab", "&:active": { cursor: "grabbing" } } as const;

export interface PanZoomOptions<V> {
  /** The maths of the picture's kind of view (core/plot: VIEW_RANGE_MOVES, COMPLEX_VIEW_MOVES). */
  moves: ViewMoves<V>;
  /** The view shown now; a gesture starts from it, and its later steps build on the gesture's own view. */
  view(): V;
  /** A new view; `moving` while a drag, pinch or run of wheel events goes on (a key moves it at once). */
  onView(view: V, moving: boolean): void;
  /** The drag, pinch or run of wheel events has ended. */
  onSettle?(): void;
  /** The 0 key: back to the starting view. */
  onReset(): void;
  /** A pointer over the picture, not pressed on it (a hovering mouse), at `at`. */
  onHover?(at: Pixel, event: PointerEvent): void;
  /** False while the keys belong to something else (the plot's keyboard trace). */
  keys?: boolean;
  /** False leaves the plain arrows to the page (a probe); Shift + arrows pan either way. */
  arrowsPan?: boolean;
  /** The factor + and − zoom by. */
  keyZoomStep?: number;
  /** Where + and − zoom about; the centre unless said otherwise. */
  keyZoomAt?(size: PictureSize): Pixel;
}

/**
 * Pan and zoom a picture by mouse, touch, wheel and keyboard, on its element (which has tabIndex 0,
 * PAN_ZOOM_SX and its own accessible name). The primary button or one finger drags; two fingers
 * pinch; the wheel zooms about the pointer; the keys are those of `keyCommand` (core/plot/pan-zoom).
 * The listeners are attached once, outside React, and read the newest options.
 */
export function usePanZoom<V>(target: RefObject<HTMLElement | null>, options: PanZoomOptions<V>): void {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });

  useEffect(() => {
    const element = target.current;
    if (!element) return;
    const gesture = new PointerGesture();
    const size = () => ({ width: element.clientWidth, height: element.clientHeight });
    const local = (event: { clientX: number; clientY: number }) => {
      const box = element.getBoundingClientRect();
      return { x: event.clientX - box.left, y: event.clientY - box.top };
    };
    // The view as a pointer or wheel gesture last set it. Steps build on it rather than on the rendered
    // view, which lags behind when React has not rendered between two events (a busy device): each step
    // would otherwise replace the one before it, and a drag would end short of the pointer.
    let gestureView: V | null = null;
    const take = (step: ViewStep, moving: boolean, inGesture: boolean) => {
      const { moves, view, onView } = latest.current;
      const next = applyStep(moves, (inGesture ? gestureView : null) ?? view(), step, size());
      gestureView = inGesture ? next : null;
      onView(next, moving);
    };
    let wheelTimer: ReturnType<typeof setTimeout> | undefined;

    const onPointerDown = (event: PointerEvent) => {
      if (event.button !== 0) return;
      element.setPointerCapture(event.pointerId);
      gestureView = null;
      gesture.press(event.pointerId, local(event));
    };
    const onPointerMove = (event: PointerEvent) => {
      const at = local(event);
      if (!gesture.pressed(event.pointerId)) {
        latest.current.onHover?.(at, event);
        return;
      }
      const step = gesture.move(event.pointerId, at);
      if (step) take(step, true, true);
    };
    const onPointerUp = (event: PointerEvent) => {
      if (!gesture.release(event.pointerId)) return;
      gestureView = null;
      latest.current.onSettle?.();
    };
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      take(wheelStep(event, local(event), latest.current.moves.separateAxes), true, true);
      clearTimeout(wheelTimer);
      wheelTimer = setTimeout(() => {
        gestureView = null;
        latest.current.onSettle?.();
      }, WHEEL_GESTURE_END_MS);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      const { keys = true, arrowsPan = true, keyZoomStep = KEY_ZOOM_STEP, keyZoomAt, moves, onReset } = latest.current;
      if (!keys) return;
      const box = size();
      const command = keyCommand(event, box, {
        arrowsPan,
        zoomStep: keyZoomStep,
        zoomAt: keyZoomAt?.(box) ?? { x: box.width / 2, y: box.height / 2 },
        separateAxes: moves.separateAxes,
      });
      if (!command) return;
      event.preventDefault();
      if ("reset" in command) onReset();
      else take(command.step, false, false);
    };

    element.addEventListener("pointerdown", onPointerDown);
    element.addEventListener("pointermove", onPointerMove);
    element.addEventListener("pointerup", onPointerUp);
    element.addEventListener("pointercancel", onPointerUp);
    // Not passive (React's onWheel is): the wheel zooms the picture instead of scrolling the page.
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
