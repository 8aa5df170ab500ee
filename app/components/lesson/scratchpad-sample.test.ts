import { describe, expect, it } from "vitest";
import { lintLesson } from "#app/markdown/lint-delimiters";
import { renderLesson } from "#app/markdown/render-lesson";
import { checkWidget } from "../lesson-widgets/catalog";
import { SCRATCHPAD_SAMPLE } from "./scratchpad-sample";

describe("the scratchpad's sample text", () => {
  it("shows every kind of formula, a box, an exercise and a widget without a single problem", () => {
    const rendered = renderLesson(SCRATCHPAD_SAMPLE, { checkWidget });
    expect([...rendered.problems, ...lintLesson(SCRATCHPAD_SAMPLE)]).toEqual([]);
    const html = rendered.blocks.map((block) => (block.kind === "html" ? block.html : "")).join("");
    // Inline and display formulas in both syntaxes, each with MathML.
    expect(html.match(/<math/g)?.length).toBeGreaterThanOrEqual(8);
    expect(html).toContain("costs $5 is money");
    expect(html).toContain("lesson-theorem");
    expect(html).toContain("lesson-hint");
    expect(rendered.blocks.filter((block) => block.kind === "widget")).toHaveLength(1);
  });
});
