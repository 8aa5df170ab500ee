import { describe, expect, it } from "vitest";
import type { Question } from "#core/quiz/question";
import { generateQuestion, TEMPLATES } from "#core/quiz/templates/index";
import { renderLesson } from "../markdown/render-lesson";
import { givenAnswerHtml, markdownBlockHtml, markdownInlineHtml } from "./markdown-html.server";

describe("quiz text", () => {
  it("typesets formulas on the server, with MathML for screen readers", () => {
    const html = markdownBlockHtml("Find the last digit of \\(7^{2024}\\).");
    expect(html).toContain("<p>");
    expect(html).toContain('class="katex"');
    expect(html).toContain("<math");
    expect(html).not.toContain("$");
  });

  it("renders an option inline, without a paragraph", () => {
    const html = markdownInlineHtml("$x \\equiv 3 \\pmod{7}$");
    expect(html).not.toContain("<p>");
    expect(html).toContain('class="katex"');
  });

  it("shows raw HTML as text", () => {
    expect(markdownInlineHtml("<script>alert(1)</script>")).toContain("&lt;script&gt;");
  });
});

describe("every generated question's text", () => {
  const noWidgets = () => "questions cannot hold widgets";
  const texts = (question: Question) => [
    question.prompt,
    ...question.hints,
    question.solution,
    ...question.parts.flatMap((part) => [part.prompt, ...(part.key.kind === "choice" ? part.key.options : [])]),
  ];

  it("typesets without a problem: no formula KaTeX refuses, no $ left as text", () => {
    const failures: string[] = [];
    for (const template of TEMPLATES) {
      for (const difficulty of [1, 2, 3] as const) {
        for (let seed = 0; seed < 25; seed++) {
          for (const text of texts(generateQuestion(template.id, seed, difficulty))) {
            const rendered = renderLesson(text, { checkWidget: noWidgets });
            const html = rendered.blocks.map((block) => (block.kind === "html" ? block.html : "")).join("");
            const problems = rendered.problems.filter((problem) => problem.severity === "error");
            const visibleText = html.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/g, "").replace(/<[^>]+>/g, "");
            if (problems.length > 0 || /\$|\\\(|\\\[/.test(visibleText)) {
              failures.push(
                `${template.id} d${difficulty} seed ${seed}: ${problems[0]?.message ?? "unrendered delimiter"} in ${JSON.stringify(text.slice(0, 80))}`,
              );
            }
          }
        }
      }
    }
    expect(failures.slice(0, 10)).toEqual([]);
  });
});

describe("a learner's typed answer", () => {
  it("is typeset when it came from the maths field, and shown as typed otherwise, never as HTML", () => {
    expect(givenAnswerHtml("\\frac{3}{4}", true)).toContain('class="katex"');
    expect(givenAnswerHtml("3/4 <b>", false)).toBe("<code>3/4 &lt;b&gt;</code>");
    // KaTeX does not trust \\href: no link is made, the source shows as text.
    expect(givenAnswerHtml("\\href{javascript:alert(1)}{x}", true)).not.toMatch(/<a\b|href=/);
  });
});
