import { checkWidget } from "../components/lesson-widgets/catalog";
import { renderLesson, type LessonBlockRef, type RenderedLesson } from "../markdown/render-lesson";

/** Rendered sections kept in memory; a revision never changes, so its id is the whole cache key. */
const CACHE_LIMIT = 500;
const cache = new Map<string, RenderedLesson>();

/**
 * A section revision as HTML blocks and widgets, rendered once per revision
 * and process. Problems (a formula KaTeX refuses, an unknown widget) are
 * logged the first time; the page shows them as marked source.
 */
export function renderSectionRevision(revision: { revisionId: string; slug: string; body: string }): RenderedLesson {
  const cached = cache.get(revision.revisionId);
  if (cached) {
    // Refresh its place, so the cache drops the least recently read revision first.
    cache.delete(revision.revisionId);
    cache.set(revision.revisionId, cached);
    return cached;
  }
  const rendered = renderLesson(revision.body, { checkWidget, idPrefix: `${revision.slug}-` });
  for (const problem of rendered.problems.filter((entry) => entry.severity === "error")) {
    console.warn(
      `Lesson section ${revision.slug} (revision ${revision.revisionId}), line ${problem.line}: ${problem.message}`,
    );
  }
  cache.set(revision.revisionId, rendered);
  if (cache.size > CACHE_LIMIT) cache.delete(cache.keys().next().value as string);
  return rendered;
}

/**
 * A section revision's blocks with their HTML by key: `${revisionId}.${index}`, which names one text
 * for good (a revision never changes). The page's data gets `blocks`, the document or the tab `html`.
 */
export function sectionBlocksByKey(revision: { revisionId: string; slug: string; body: string }): {
  blocks: LessonBlockRef[];
  html: Map<string, string>;
  rendered: RenderedLesson;
} {
  const rendered = renderSectionRevision(revision);
  const html = new Map<string, string>();
  const blocks = rendered.blocks.map((block, index): LessonBlockRef => {
    if (block.kind === "widget") return block;
    const key = `${revision.revisionId}.${index}`;
    html.set(key, block.html);
    return { kind: "html-ref", key };
  });
  return { blocks, html, rendered };
}
