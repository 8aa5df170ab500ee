// @vitest-environment happy-dom
import { act } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, expect, test, vi } from "vitest";
import { hasLessonHtml, LessonHtmlRecovery, LessonHtmlStore, rememberLessonHtml, StaticHtml } from "./lesson-html";

declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

const KEY = "revision-1.0";
const HTML = "<p>Every integer above 1 is a product of <strong>primes</strong>.</p>";

afterEach(() => {
  document.body.innerHTML = "";
});

function Page({ recover = null }: { recover?: (() => Promise<void>) | null }) {
  return (
    <LessonHtmlRecovery value={recover}>
      <StaticHtml htmlKey={KEY} />
    </LessonHtmlRecovery>
  );
}

test("the server renders a block's HTML from the request's store", () => {
  const html = renderToString(
    <LessonHtmlStore value={new Map([[KEY, HTML]])}>
      <Page />
    </LessonHtmlStore>,
  );
  expect(html).toBe(`<div>${HTML}</div>`);
});

test("hydrating keeps the server's DOM without its HTML, and the tab keeps a copy", async () => {
  const container = document.createElement("div");
  container.innerHTML = `<div>${HTML}</div>`;
  document.body.append(container);
  const strong = container.querySelector("strong");
  const key = `${KEY}-hydrated`;
  expect(hasLessonHtml(key)).toBe(false);
  await act(async () => {
    hydrateRoot(container, <StaticHtml htmlKey={key} />);
  });
  expect(container.innerHTML).toBe(`<div>${HTML}</div>`);
  // The very nodes the server sent: nothing was rewritten.
  expect(container.querySelector("strong")).toBe(strong);
  expect(hasLessonHtml(key)).toBe(true);
  // No hydration warning either: the console guard (tests/setup/console-guard.ts) fails on any.
});

test("a block the tab has kept renders from the tab's copy", async () => {
  const key = `${KEY}-kept`;
  rememberLessonHtml(key, HTML);
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => {
    createRoot(container).render(<StaticHtml htmlKey={key} />);
  });
  expect(container.innerHTML).toBe(`<div>${HTML}</div>`);
});

test("a block rendered in the browser without its HTML fetches it once for the page", async () => {
  const key = `${KEY}-missing`;
  const recover = vi.fn(async () => rememberLessonHtml(key, HTML));
  const container = document.createElement("div");
  document.body.append(container);
  await act(async () => {
    createRoot(container).render(
      <LessonHtmlRecovery value={recover}>
        <StaticHtml htmlKey={key} />
      </LessonHtmlRecovery>,
    );
  });
  expect(recover).toHaveBeenCalledTimes(1);
  expect(container.innerHTML).toBe(`<div>${HTML}</div>`);
});
