// @vitest-environment happy-dom
import { act } from "react";
import { createRoot } from "react-dom/client";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useAutoplayAllowed, useReducedMotion } from "./use-reduced-motion";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

function Probe() {
  return <output>{`${useReducedMotion()} ${useAutoplayAllowed()}`}</output>;
}

/** What the two hooks say in the browser, given the system setting. */
function readHooks(systemReduces: boolean): string {
  matchMedia = vi.spyOn(window, "matchMedia").mockImplementation(
    (query) =>
      ({
        matches: systemReduces && query.includes("reduce"),
        addEventListener() {},
        removeEventListener() {},
      }) as unknown as MediaQueryList,
  );
  const container = document.createElement("div");
  const root = createRoot(container);
  act(() => root.render(<Probe />));
  const text = container.textContent ?? "";
  act(() => root.unmount());
  return text;
}

let matchMedia: { mockRestore(): void } | undefined;

afterEach(() => {
  matchMedia?.mockRestore();
  document.documentElement.removeAttribute("data-reduced-motion");
});

describe("the reader's motion preference", () => {
  it("allows motion when neither the system nor the profile reduces it", () => {
    expect(readHooks(false)).toBe("false true");
  });

  it("follows the system setting", () => {
    expect(readHooks(true)).toBe("true false");
  });

  it("follows the profile's preference that the root layout puts on <html>", () => {
    document.documentElement.setAttribute("data-reduced-motion", "");
    expect(readHooks(false)).toBe("true false");
  });
});
