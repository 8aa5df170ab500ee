import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LessonWidget } from "./lesson-widget";
import { renderWidget } from "./render-widget.test-helpers";
import Sieve from "./sieve/sieve";
import { preloadedWidgets, preloadWidgetsIn, WIDGET_MARKER } from "./widget-chunks";

/** The part of a DOM root preloadWidgetsIn reads: the marked elements, found here in server HTML. */
function rootOf(html: string): ParentNode {
  const names = Array.from(html.matchAll(new RegExp(`${WIDGET_MARKER}="([^"]*)"`, "g")), (match) => match[1]);
  const elements = names.map((name) => ({
    getAttribute: (attribute: string) => (attribute === WIDGET_MARKER ? name : null),
  }));
  return { querySelectorAll: () => elements } as unknown as ParentNode;
}

describe("widget preloading", () => {
  it("loads the code of every widget the server's HTML names, once per name, and nothing else", async () => {
    const html = renderWidget(
      <>
        <LessonWidget name="sieve" attributes={{ limit: "30" }} source='::widget{name="sieve" limit="30"}' />
        <LessonWidget name="sieve" attributes={{ limit: "50" }} source='::widget{name="sieve" limit="50"}' />
      </>,
    );
    expect(html).toContain(`${WIDGET_MARKER}="sieve"`);

    await preloadWidgetsIn(rootOf(html));
    expect([...preloadedWidgets.keys()]).toEqual(["sieve"]);
    expect(preloadedWidgets.get("sieve")).toBe(Sieve);
  });

  it("ignores names that are not widgets", async () => {
    const before = preloadedWidgets.size;
    await preloadWidgetsIn(rootOf(`<div ${WIDGET_MARKER}="toString"></div><div ${WIDGET_MARKER}="nope"></div>`));
    expect(preloadedWidgets.size).toBe(before);
  });

  it("does not mark a directive it cannot build, so nothing is loaded for it", () => {
    const html = renderToString(
      <LessonWidget name="sieve" attributes={{ limit: "-4" }} source='::widget{name="sieve" limit="-4"}' />,
    );
    expect(html).toContain("lesson-error");
    expect(html).not.toContain(WIDGET_MARKER);
  });
});
