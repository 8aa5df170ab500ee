import { checkWidget } from "../components/lesson-widgets/catalog";
import { renderLesson, type LessonBlockRef, type RenderedLesson } from "../markdown/render-lesson";
import type { TermLinks } from "../markdown/term-plugin";

/**
 * Rendered sections kept in memory, by revision (which never changes) and the version of the glossary links
 * in its text.
 */
const CACHE_LIMIT = 500;
const cache = new Map<string, RenderedLesson>();

const renderKey = (revisionId: string, termLinks: TermLinks | undefined) =>
  termLinks ? `${revisionId}@${termLinks.version}` : revisionId;

/**
 * A section revision as HTML blocks and widgets, rendered once per revision (and glossary version, when its
 * defined terms are linked: `termLinks`) and process. Problems (a formula KaTeX refuses, an unknown widget)
 * are logged the first time; the page shows them as marked source.
 */
export function renderSectionRevision(
  revision: { revisionId: string; slug: string; body: string },
  termLinks?: TermLinks,
): RenderedLesson {
  const key = renderKey(revision.revisionId, termLinks);
  const cached = cache.get(key);
  if (cached) {
    // Refresh its place, so the cache drops the least recently read revision first.
    cache.delete(key);
    cache.set(key, cached);
    return cached;
  }
  const rendered = renderLesson(revision.body, { checkWidget, idPrefix: `${revision.slug}-`, termLinks });
  for (const problem of rendered.problems.filter((entry) => entry.severity === "error")) {
    console.warn(
      `Lesson section ${revision.slug} (revision ${revision.revisionId}), line ${problem.line}: ${problem.message}`,
    );
  }
  cache.set(key, rendered);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return rendered;
}

/**
 * A section revision's blocks with their HTML by key: `${revisionId}@${glossary version}.${index}`, which
 * names one text for good (a revision never changes). The page's data gets `blocks`, the document or the
 * tab `html`.
 */
export function sectionBlocksByKey(
  revision: { revisionId: string; slug: string; body: string },
  termLinks: TermLinks,
): {
  blocks: LessonBlockRef[];
  html: Map<string, string>;
  rendered: RenderedLesson;
} {
  const rendered = renderSectionRevision(revision, termLinks);
  const html = new Map<string, string>();
  const blocks = rendered.blocks.map((block, index): LessonBlockRef => {
    if (block.kind === "widget") return block;
    const key = `${renderKey(revision.revisionId, termLinks)}.${index}`;
    html.set(key, block.html);
    return { kind: "html-ref", key, part: block.part };
  });
  return { blocks, html, rendered };
}
