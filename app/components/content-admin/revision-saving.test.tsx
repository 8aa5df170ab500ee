// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, type Root } from "react-dom/client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { useRevisionBase } from "./revision-saving";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

let container: HTMLDivElement;
let root: Root;

/** An editor reduced to its base revision, loaded at `loaded`, after a save that ran into `conflict`. */
function Harness({ loaded, conflict }: { loaded: number | null; conflict?: number }) {
  const { baseRevision, overridden, unsettled, override } = useRevisionBase(loaded, conflict);
  return (
    <>
      <output>{JSON.stringify({ baseRevision, overridden, unsettled })}</output>
      <button type="button" onClick={() => override(conflict!)}>
        Base my text on it
      </button>
    </>
  );
}

const render = (props: { loaded: number | null; conflict?: number }) => act(() => root.render(<Harness {...props} />));
const state = () => JSON.parse(container.querySelector("output")!.textContent!) as Record<string, unknown>;
const override = () => act(() => container.querySelector("button")!.click());

beforeEach(() => {
  container = document.createElement("div");
  root = createRoot(container);
});

afterEach(() => act(() => root.unmount()));

describe("useRevisionBase", () => {
  it("bases the text on the loaded revision, with nothing to settle", () => {
    render({ loaded: 3 });
    expect(state()).toEqual({ baseRevision: 3, overridden: null, unsettled: false });
  });

  it("leaves a conflict unsettled until the author bases their text on the newer revision", () => {
    render({ loaded: 3, conflict: 5 });
    expect(state()).toEqual({ baseRevision: 3, overridden: null, unsettled: true });
    override();
    expect(state()).toEqual({ baseRevision: 5, overridden: 5, unsettled: false });
  });

  it("asks again when the next save runs into a still newer revision", () => {
    render({ loaded: 3, conflict: 5 });
    override();
    render({ loaded: 3, conflict: 6 });
    expect(state()).toEqual({ baseRevision: 5, overridden: 5, unsettled: true });
  });

  it("has no base for an item not saved yet", () => {
    render({ loaded: null });
    expect(state().baseRevision).toBeNull();
  });
});
