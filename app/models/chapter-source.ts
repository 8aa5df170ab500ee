import type { ChapterAccess } from "#database/schema";

/** One `## ` section of a chapter file: its id, its title and its Markdown body (without the heading). */
export interface SectionSource {
  slug: string;
  title: string;
  body: string;
}

/** A chapter as a `content/chapters/*.md` file describes it (see docs/content-format.md). */
export interface ChapterSource {
  /** The file it came from, for messages. */
  fileName: string;
  slug: string;
  title: string;
  /** Course position, 1-based. */
  order: number;
  access: ChapterAccess;
  summary: string;
  sections: SectionSource[];
}
