import type { LessonHtmlAnswer } from "#app/content/chapter-lesson-html";
import { sectionBlocksByKey } from "#app/content/lesson-render.server";
import { readableChapter } from "#app/content/readable-chapter.server";
import { loadGlossary, termLinksFor } from "#app/glossary/glossary.server";
import type { Route } from "./+types/chapter-lesson-html";

/**
 * GET /chapter/:chapterName/lesson-html: the HTML of the chapter's lesson blocks by key, for a tab that
 * opens the chapter by a link inside the app (the page's data names the blocks, this gives their text).
 * The same sections as the page: a reader without premium gets the introduction of a premium chapter only.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const slug = params.chapterName;
  const { db, chapter, readable } = await readableChapter(context, slug, `/chapter/${slug}`);
  const glossary = await loadGlossary(db);
  const answer: LessonHtmlAnswer = { blocks: {} };
  for (const section of readable) {
    const links = termLinksFor(glossary, chapter.slug, section.slug);
    for (const [key, html] of sectionBlocksByKey(section, links).html) answer.blocks[key] = html;
  }
  return Response.json(answer);
}
