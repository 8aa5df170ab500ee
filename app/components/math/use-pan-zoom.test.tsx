// @vitest-environment happy-dom
import { act, useRef } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, expect, test } from "vitest";
import { VIEW_RANGE_MOVES, type ViewRange } from "#core/plot/viewport";
import { usePanZoom } from "./use-pan-zoom";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const START: ViewRange = { xMin: -5, xMax: 5, yMin: -2, yMax: 2 };

afterEach(() => {
  document.body.innerHTML = "";
});

/** A picture whose page never re-renders during the drag: `view()` stays the starting view throughout. */
function Picture({ views }: { views: ViewRange[] }) {
  const frame = useRef<HTMLDivElement>(null);
  usePanZoom(frame, {
    moves: VIEW_RANGE_MOVES,
    view: () => START,
    onView: (view) => views.push(view),
    onReset: () => undefined,
  });
  return <div ref={frame} tabIndex={0} />;
}

function pointer(type: string, clientX: number) {
  return new PointerEvent(type, { pointerId: 1, button: 0, clientX, clientY: 50, bubbles: true });
}

test("a drag's steps add up even when the page has not rendered between two moves", async () => {
  const views: ViewRange[] = [];
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => createRoot(container).render(<Picture views={views} />));
  const element = container.firstElementChild as HTMLElement;
  Object.defineProperty(element, "clientWidth", { value: 100 });
  Object.defineProperty(element, "clientHeight", { value: 100 });
  element.setPointerCapture = () => undefined;

  element.dispatchEvent(pointer("pointerdown", 50));
  // Three moves of 10 px: three tenths of the 100 px width, so three units of the 10-unit range.
  for (const x of [60, 70, 80]) element.dispatchEvent(pointer("pointermove", x));
  const last = views.at(-1)!;
  expect(last.xMin).toBeCloseTo(-8, 9);
  expect(last.xMax).toBeCloseTo(2, 9);

  // A new drag starts from the page's view again.
  element.dispatchEvent(pointer("pointerup", 80));
  element.dispatchEvent(pointer("pointerdown", 50));
  element.dispatchEvent(pointer("pointermove", 60));
  expect(views.at(-1)!.xMin).toBeCloseTo(-6, 9);
});
