import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { checkWidget } from "#app/components/lesson-widgets/catalog";
import { buildGlossary, termLinksFor } from "#app/glossary/glossary";
import { termDefinitionsOf } from "#app/glossary/glossary-terms";
import { parseChapterFile } from "#app/markdown/chapter-file";
import { renderLesson } from "#app/markdown/render-lesson";

/** The course's glossary as the server builds it from the chapter files, all published. */
const DIRECTORY = "content/chapters";
const chapters = readdirSync(DIRECTORY)
  .filter((name) => name.endsWith(".md"))
  .map((name) => parseChapterFile(readFileSync(path.join(DIRECTORY, name), "utf8"), name))
  .sort((a, b) => a.order - b.order);
const sections = chapters.flatMap((chapter) =>
  chapter.sections.map((section, index) => ({
    chapterSlug: chapter.slug,
    chapterTitle: chapter.title,
    chapterPremium: chapter.access === "premium",
    sectionSlug: section.slug,
    sectionTitle: section.title,
    index,
    definitions: termDefinitionsOf(section.slug, section.body),
  })),
);
const glossary = buildGlossary(sections);

it("defines the course's terms, each in one place", () => {
  expect(glossary.entries.length).toBeGreaterThanOrEqual(50);
  const definedAt = sections.flatMap((section) =>
    section.definitions.map((definition) => `${definition.slug} in ${section.chapterSlug}/${section.sectionSlug}`),
  );
  expect(definedAt).toHaveLength(glossary.entries.length);
  for (const chapter of chapters) {
    expect(glossary.entries.filter((entry) => entry.chapterSlug === chapter.slug).length, chapter.slug).toBeGreaterThan(3);
  }
});

it("gives each term a definition that names it and is a whole sentence", () => {
  for (const entry of glossary.entries) {
    const firstWord = entry.term.toLowerCase().split(/[\s-]/)[0]!.replace(/s$/, "");
    expect(entry.text.toLowerCase().replace(/’/g, "'"), entry.term).toContain(firstWord);
    expect(entry.text.length, entry.term).toBeGreaterThanOrEqual(40);
    expect(entry.text, entry.term).toMatch(/^[A-Z]/);
    expect(entry.text, entry.term).toMatch(/[.!?)\d}]$/);
  }
});

it("links each chapter's text to terms taught before, and never to one taught later", () => {
  const place = (chapterSlug: string, sectionSlug: string) => glossary.sections.indexOf(`${chapterSlug}/${sectionSlug}`);
  for (const [order, chapter] of chapters.entries()) {
    let count = 0;
    for (const section of chapter.sections) {
      const rendered = renderLesson(section.body, {
        checkWidget,
        idPrefix: `${section.slug}-`,
        termLinks: termLinksFor(glossary, chapter.slug, section.slug),
      });
      expect(rendered.problems, `${chapter.slug}/${section.slug}`).toEqual([]);
      const html = rendered.blocks.map((block) => (block.kind === "html" ? block.html : "")).join("");
      for (const [, slug] of html.matchAll(/class="term" data-term="([a-z0-9-]+)"/g)) {
        const entry = glossary.entries.find((candidate) => candidate.slug === slug)!;
        expect(place(entry.chapterSlug, entry.sectionSlug)).toBeLessThan(place(chapter.slug, section.slug));
        count++;
      }
    }
    if (order > 0) expect(count, chapter.slug).toBeGreaterThanOrEqual(20);
  }
});
