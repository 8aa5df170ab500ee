import type { ChapterSource } from "#app/models/chapter-source";

/** A chapter as its file describes it, for import and file-reading tests: sections as [slug, title, body]. */
export function chapterSource(slug: string, order: number, sections: [string, string, string][]): ChapterSource {
  return {
    fileName: `${slug}.md`,
    slug,
    title: `Title of ${slug}`,
    order,
    access: "free",
    summary: `Summary of ${slug}.`,
    sections: sections.map(([sectionSlug, title, body]) => ({ slug: sectionSlug, title, body })),
  };
}
