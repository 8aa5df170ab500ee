import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { courseChapters } from "#app/chapters";
import { labPath, labsFor } from "#app/labs";
import { checkWidget } from "#app/components/lesson-widgets/catalog";
import { parseChapterFile } from "#app/markdown/chapter-file";
import { lintLesson } from "#app/markdown/lint-delimiters";
import { renderLesson } from "#app/markdown/render-lesson";
import { answerOfKey } from "#core/quiz/fixed-question";
import { evaluateIntegerExpression } from "#core/numtheory/integer-expression";
import { gradeAnswer } from "#core/quiz/grade-answer";

/**
 * The course's chapter files, held to what the lessons issue asks of each:
 * 2,500–5,000 words of prose, exercises with hints and answers, at least three
 * widgets, and not a single problem from the renderer or the linter.
 */
const DIRECTORY = "content/chapters";
const files = readdirSync(DIRECTORY).filter((name) => name.endsWith(".md"));
const chapters = files.map((name) => parseChapterFile(readFileSync(path.join(DIRECTORY, name), "utf8"), name));

/** Words a reader reads: formulas, directives and Markdown punctuation removed. */
function proseWords(markdown: string): number {
  const prose = markdown
    // A check's lines are answer keys, not prose.
    .replace(/^:{3,}check\b[\s\S]*?^:{3,}[ \t]*$/gm, " ")
    .replace(/\$\$[\s\S]*?\$\$/g, " ")
    .replace(/\\\[[\s\S]*?\\\]/g, " ")
    .replace(/\\\([\s\S]*?\\\)/g, " ")
    .replace(/\$(?![\s\d])[^$\n]*?\$/g, " ")
    .replace(/^:{2,}.*$/gm, " ");
  return prose.match(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g)?.length ?? 0;
}

describe("the chapter files", () => {
  it("are the five chapters of the course, in its order, the first two free", () => {
    const byOrder = [...chapters].sort((a, b) => a.order - b.order);
    expect(byOrder.map((chapter) => chapter.slug)).toEqual(courseChapters.map((chapter) => chapter.slug));
    expect(byOrder.map((chapter) => chapter.order)).toEqual([1, 2, 3, 4, 5]);
    expect(byOrder.map((chapter) => chapter.access)).toEqual(["free", "free", "premium", "premium", "premium"]);
    for (const chapter of byOrder) expect(chapter.fileName).toBe(`${chapter.slug}.md`);
  });

  it("link only to chapters and sections that exist", () => {
    const targets = new Set(chapters.flatMap((chapter) => [
      `/chapter/${chapter.slug}`,
      ...chapter.sections.map((section) => `/chapter/${chapter.slug}#${section.slug}`),
    ]));
    for (const chapter of chapters) {
      const markdown = chapter.sections.map((section) => section.body).join("\n");
      for (const [link] of markdown.matchAll(/\/chapter\/[a-z0-9-]+(?:#[a-z0-9-]+)?/g)) {
        expect(targets.has(link), `${chapter.slug} links to ${link}`).toBe(true);
      }
    }
  });

  it("link the public labs that illustrate them, and no other lab", () => {
    const publicLabs = new Set(labsFor("public").map(labPath));
    const linked = new Set<string>();
    for (const chapter of chapters) {
      const markdown = chapter.sections.map((section) => section.body).join("\n");
      for (const [link] of markdown.matchAll(/\/tests\/[A-Za-z0-9_-]+/g)) {
        // A learner following the link must be able to open it: admin labs answer 403.
        expect(publicLabs.has(link), `${chapter.slug} links to ${link}`).toBe(true);
        linked.add(link);
      }
    }
    expect([...linked].sort()).toEqual(["/tests/anime", "/tests/plotfunction", "/tests/sin", "/tests/sin3"]);
  });

  describe.each(chapters.map((chapter) => [chapter.slug, chapter] as const))("%s", (_slug, chapter) => {
    const markdown = chapter.sections.map((section) => section.body).join("\n\n");

    it("renders every section without a single problem", () => {
      for (const section of chapter.sections) {
        const rendered = renderLesson(section.body, { checkWidget, idPrefix: `${section.slug}-` });
        const problems = [...rendered.problems, ...lintLesson(section.body)].map(
          (problem) => `#${section.slug} line ${problem.line}: ${problem.message} ${problem.source ?? ""}`,
        );
        expect(problems).toEqual([]);
      }
    });

    it("makes every exercise answerable on the page with keys that accept their own answers, or marks it a proof", () => {
      for (const section of chapter.sections) {
        const { exercises } = renderLesson(section.body, { checkWidget });
        for (const exercise of exercises) {
          const name = `#${section.slug} exercise ${exercise.number} (${exercise.title})`;
          expect(exercise.proof !== (exercise.check !== null), name).toBe(true);
          for (const part of exercise.check?.parts ?? []) {
            expect(gradeAnswer(part.key, answerOfKey(part.key)).correct, `${name}: ${part.prompt}`).toBe(true);
          }
        }
      }
    });

    it("ends every section with a check question answered on the page", () => {
      for (const section of chapter.sections) {
        const { exercises } = renderLesson(section.body, { checkWidget });
        // The section's last box closes its last exercise, and that exercise takes an answer.
        expect(section.body.trimEnd(), `#${section.slug}`).toMatch(/\n::::\s*$/);
        expect(exercises.at(-1)?.check, `#${section.slug}`).toBeTruthy();
      }
    });

    it("lets the learner try the idea: in five sections or more, a link to the engine with a number it reads", () => {
      const tried = chapter.sections.filter((section) =>
        [...section.body.matchAll(/\]\(\/prime-factorization-engine\?n=([^)\s]+)\)/g)].some(([, query]) => {
          const input = decodeURIComponent(query!);
          const read = evaluateIntegerExpression(input, { maxDigits: 400 });
          expect(read.ok, `#${section.slug}: ${input}`).toBe(true);
          return read.ok;
        }),
      );
      expect(tried.length).toBeGreaterThanOrEqual(5);
    });

    it("has 2,500–5,000 words of prose in 6–9 sections, opening with an introduction", () => {
      const words = proseWords(markdown);
      expect(words).toBeGreaterThanOrEqual(2500);
      expect(words).toBeLessThanOrEqual(5000);
      expect(chapter.sections.length).toBeGreaterThanOrEqual(6);
      expect(chapter.sections.length).toBeLessThanOrEqual(9);
      expect(chapter.sections[0]!.slug).toBe("introduction");
    });

    it("has definitions, theorems with proofs, examples, and at least six exercises with a hint and an answer", () => {
      const count = (pattern: RegExp) => markdown.match(pattern)?.length ?? 0;
      expect(count(/^:{3,}definition\b/gm)).toBeGreaterThan(0);
      expect(count(/^:{3,}(theorem|lemma)\b/gm)).toBeGreaterThan(0);
      expect(count(/^:{3,}proof\b/gm)).toBeGreaterThan(0);
      expect(count(/^:{3,}example\b/gm)).toBeGreaterThan(0);
      const exercises = markdown.split(/^(?=:{4,}exercise\b)/m).slice(1);
      expect(exercises.length).toBeGreaterThanOrEqual(6);
      for (const exercise of exercises) {
        expect(exercise).toMatch(/^:{3}hint\b/m);
        expect(exercise).toMatch(/^:{3}answer\b/m);
      }
    });

    it("embeds at least three different interactive widgets", () => {
      const names = new Set([...markdown.matchAll(/^::widget\{name="([a-z-]+)"/gm)].map((match) => match[1]));
      expect(names.size).toBeGreaterThanOrEqual(3);
    });
  });
});
