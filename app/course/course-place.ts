/**
 * Where a learner is in the course: the one answer the home page, the course map and the profile
 * give to "where do I go on?". It follows the last section the learner read, not the first chapter
 * with something left, so a learner who moved on to chapter 2 is not sent back to chapter 1.
 */
import type { SectionRead } from "../models/reading-progress.server";

export interface ChapterReading {
  slug: string;
  title: string;
  /** Published sections read. */
  read: number;
  /** Published sections. */
  total: number;
}

interface ChapterRef {
  slug: string;
  title: string;
}

export type CoursePlace =
  /** Nothing read yet: the first chapter. */
  | { kind: "start"; chapter: ChapterRef; href: string }
  /** Back to the last section read, in a chapter not finished yet. */
  | { kind: "resume"; chapter: ChapterRef; section: { slug: string; title: string }; href: string }
  /** The last section read finished its chapter: the next chapter with something left. */
  | { kind: "next"; chapter: ChapterRef; finished: ChapterRef; href: string }
  /** Every published section is read. */
  | { kind: "finished" };

const chapterHref = (slug: string) => `/chapter/${slug}`;
const ref = ({ slug, title }: ChapterRef): ChapterRef => ({ slug, title });
const unfinished = (chapter: ChapterReading) => chapter.read < chapter.total;

/**
 * `chapters` in course order; `lastRead` the section read most recently (undefined when none is).
 * Null only for a course without chapters.
 */
export function placeInCourse(
  chapters: readonly ChapterReading[],
  lastRead: SectionRead | undefined,
): CoursePlace | null {
  const at = lastRead ? chapters.findIndex((chapter) => chapter.slug === lastRead.chapterSlug) : -1;
  if (!lastRead || at < 0) {
    const first = chapters.find(unfinished) ?? chapters[0];
    return first ? { kind: "start", chapter: ref(first), href: chapterHref(first.slug) } : null;
  }
  const current = chapters[at]!;
  if (unfinished(current)) {
    return {
      kind: "resume",
      chapter: ref(current),
      section: { slug: lastRead.sectionSlug, title: lastRead.sectionTitle },
      href: `${chapterHref(current.slug)}#${lastRead.sectionSlug}`,
    };
  }
  // On in course order first; a chapter skipped earlier comes after the later ones.
  const next = chapters.slice(at + 1).find(unfinished) ?? chapters.slice(0, at).find(unfinished);
  return next
    ? { kind: "next", chapter: ref(next), finished: ref(current), href: chapterHref(next.slug) }
    : { kind: "finished" };
}
