// @vitest-environment happy-dom
import { act, type ReactNode } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, expect, test } from "vitest";
import { hasUnsavedInput, useUnsavedForm, useUnsavedInput } from "./unsaved-input";

function Holder({ unsaved }: { unsaved: boolean }): ReactNode {
  useUnsavedInput(unsaved);
  return null;
}

function Editor({ revision, text }: { revision: number; text: string }): ReactNode {
  const ref = useUnsavedForm(revision);
  return (
    <form ref={ref}>
      <textarea name="body" defaultValue={text} />
      <select name="kind" defaultValue="a">
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
    </form>
  );
}

const container = document.createElement("div");
document.body.append(container);
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

test("an editor's form is unsaved while its fields differ from the saved revision's", () => {
  act(() => root.render(<Editor revision={1} text="Saved text" />));
  expect(hasUnsavedInput()).toBe(false);
  const body = container.querySelector("textarea")!;
  const kind = container.querySelector("select")!;
  body.value = "Edited text";
  expect(hasUnsavedInput()).toBe(true);
  body.value = "Saved text";
  expect(hasUnsavedInput()).toBe(false);
  kind.value = "b";
  expect(hasUnsavedInput()).toBe(true);
  // Saving makes what the form holds the saved revision.
  act(() => root.render(<Editor revision={2} text="Saved text" />));
  expect(hasUnsavedInput()).toBe(false);
  kind.value = "a";
  expect(hasUnsavedInput()).toBe(true);
  act(() => root.render(null));
  expect(hasUnsavedInput()).toBe(false);
});
