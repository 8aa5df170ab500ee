// @vitest-environment happy-dom
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, expect, test } from "vitest";
import { hasUnsavedInput, useUnsavedInput } from "./unsaved-input";

function Holder({ unsaved }: { unsaved: boolean }): ReactNode {
  useUnsavedInput(unsaved);
  return null;
}

const container = document.createElement("div");
const root = createRoot(container);
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

afterEach(() => act(() => root.render(null)));

test("the page holds unsaved input while any part says so, and not after it is saved or unmounted", () => {
  act(() => root.render(<Holder unsaved={false} />));
  expect(hasUnsavedInput()).toBe(false);
  act(() =>
    root.render(
      <>
        <Holder unsaved />
        <Holder unsaved />
      </>,
    ),
  );
  expect(hasUnsavedInput()).toBe(true);
  act(() =>
    root.render(
      <>
        <Holder unsaved={false} />
        <Holder unsaved />
      </>,
    ),
  );
  expect(hasUnsavedInput()).toBe(true);
  act(() => root.render(<Holder unsaved={false} />));
  expect(hasUnsavedInput()).toBe(false);
  act(() => root.render(<Holder unsaved />));
  act(() => root.render(null));
  expect(hasUnsavedInput()).toBe(false);
});
