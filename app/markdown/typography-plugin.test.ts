import { expect, it } from "vitest";
import { renderLesson } from "./render-lesson";

const html = (markdown: string) =>
  renderLesson(markdown, { checkWidget: () => null }).blocks.map((block) => (block.kind === "html" ? block.html : ""));

it("keeps exercise parts (a), (b), (c) and other bracketed letters as written", () => {
  expect(html("Factor (a) $x^2 - 1$; (b) $x^2 - 4$; (c) \\(4x^2 - 9\\). Also (r), (tm), (C).")[0]).toMatch(
    /^<p>Factor \(a\) .*; \(b\) .*; \(c\) .*\. Also \(r\), \(tm\), \(C\)\.<\/p>\n$/,
  );
});

it("still makes dashes, ellipses, ± and curly quotes, but not inside code", () => {
  expect(html("Pages 3--5 -- and --- also... ±: +- \"quoted\" 'single' `a -- b...`")).toEqual([
    "<p>Pages 3–5 – and — also… ±: ± “quoted” ‘single’ <code>a -- b...</code></p>\n",
  ]);
});
