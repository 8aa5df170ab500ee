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
 * The course's chapter files, held to what the lessons issue asks of each (exercises with hints and
 * answers, at least three widgets, not a single problem from the renderer or the linter) and to the
 * lengths of ADR 0024: a reading path of at most 8,000 words a chapter and 1,200 a section, optional
 * parts apart.
 */
const DIRECTORY = "content/chapters";
const files = readdirSync(DIRECTORY).filter((name) => name.endsWith(".md"));
const chapters = files.map((name) => parseChapterFile(readFileSync(path.join(DIRECTORY, name), "utf8"), name));

const FORMULAS = [/\$\$[\s\S]*?\$\$/g, /\\\[[\s\S]*?\\\]/g, /\\\([\s\S]*?\\\)/g, /\$(?![\s\d])[^$\n]*?\$/g];

/** Words of prose and formulas a reader reads: a check's keys, directives and Markdown punctuation left out. */
function readingLength(markdown: string): { prose: number; formulas: number } {
  // A check's lines are answer keys, not prose.
  let text = markdown.replace(/^:{3,}check\b[\s\S]*?^:{3,}[ \t]*$/gm, " ");
  let formulas = 0;
  for (const pattern of FORMULAS) {
    formulas += text.match(pattern)?.length ?? 0;
    text = text.replace(pattern, " ");
  }
  const prose = text.replace(/^:{2,}.*$/gm, " ").match(/[A-Za-z]+(?:['’-][A-Za-z]+)*/g)?.length ?? 0;
  return { prose, formulas };
}

/** The optional parts of a text (`::::optional{…}` … `::::`), and the text without them: the reading path. */
const OPTIONAL_PART = /^(:{3,})optional\b.*?^\1[ \t]*$/gms;
const optionalParts = (markdown: string) => [...markdown.matchAll(OPTIONAL_PART)].map((match) => match[0]);
const readingPath = (markdown: string) => markdown.replace(OPTIONAL_PART, " ");
const pathLength = (markdown: string) => {
  const { prose, formulas } = readingLength(readingPath(markdown));
  return prose + formulas;
};

describe("the chapter files", () => {
  it("are the five chapters of the course, in its order, the first two free", () => {
    const byOrder = [...chapters].sort((a, b) => a.order - b.order);
    expect(byOrder.map((chapter) => chapter.slug)).toEqual(courseChapters.map((chapter) => chapter.slug));
    expect(byOrder.map((chapter) => chapter.order)).toEqual([1, 2, 3, 4, 5]);
    expect(byOrder.map((chapter) => chapter.access)).toEqual(["free", "free", "premium", "premium", "premium"]);
    for (const chapter of byOrder) expect(chapter.fileName).toBe(`${chapter.slug}.md`);
  });

  it("mark the heavy proofs optional: the general Chinese remainder theorem and which moduli have primitive roots", () => {
    const optionalText = (slug: string) =>
      optionalParts(chapters.find((chapter) => chapter.slug === slug)!.sections.map((section) => section.body).join("\n")).join("\n");
    expect(optionalText("remainder-calculation-sequences")).toContain("*Two congruences.* Let $g = \\gcd(m_1, m_2)$.");
    expect(optionalText("exponential-remainders")).toContain("**No other moduli.**");
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

    it("has a reading path of 2,500 words of prose to 8,000 words, in 6–12 sections of at most 1,200, opening with an introduction", () => {
      expect(readingLength(readingPath(markdown)).prose).toBeGreaterThanOrEqual(2500);
      expect(pathLength(markdown)).toBeLessThanOrEqual(8000);
      for (const section of chapter.sections) expect(pathLength(section.body), `#${section.slug}`).toBeLessThanOrEqual(1200);
      expect(chapter.sections.length).toBeGreaterThanOrEqual(6);
      expect(chapter.sections.length).toBeLessThanOrEqual(12);
      expect(chapter.sections[0]!.slug).toBe("introduction");
    });

    it("keeps optional parts off the thread: no exercise, widget or defined term, at most 1,500 words of prose", () => {
      const parts = optionalParts(markdown);
      for (const part of parts) {
        expect(part, part.slice(0, 60)).not.toMatch(/^:{3,}exercise\b|^::widget\{|:dfn\[/m);
      }
      expect(parts.reduce((words, part) => words + readingLength(part).prose, 0)).toBeLessThanOrEqual(1500);
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
