import { z } from "zod";

/**
 * The HTML of a chapter's lesson blocks, by key, for a tab that shows the chapter without having loaded
 * its document (a link inside the app): GET /chapter/:chapterName/lesson-html, the sections the reader
 * may read and nothing else.
 */
export function chapterLessonHtmlPath(slug: string): string {
  return `/chapter/${encodeURIComponent(slug)}/lesson-html`;
}

export const lessonHtmlAnswerSchema = z.object({ blocks: z.record(z.string(), z.string()) });
export type LessonHtmlAnswer = z.infer<typeof lessonHtmlAnswerSchema>;

/** Fetches the chapter's blocks; a network failure or an answer that is not one throws. */
export async function fetchChapterLessonHtml(slug: string, signal?: AbortSignal): Promise<LessonHtmlAnswer> {
  const response = await fetch(chapterLessonHtmlPath(slug), { signal, headers: { Accept: "application/json" } });
  if (!response.ok) throw new Error(`The lesson's text could not be loaded (${response.status}).`);
  return lessonHtmlAnswerSchema.parse(await response.json());
}
