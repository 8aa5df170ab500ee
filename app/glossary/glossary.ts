import type { TermLinks } from "#app/markdown/term-plugin";
import type { TermDefinition } from "./glossary-terms";

/** A term of the glossary: where the course defines it, and the definition. */
export interface GlossaryEntry extends Omit<TermDefinition, "line"> {
  /** The definition on its chapter page. */
  href: string;
  chapterSlug: string;
  chapterTitle: string;
  sectionSlug: string;
  sectionTitle: string;
  /** Readers without premium may read it: a free chapter, or a premium chapter's introduction. */
  open: boolean;
  /** Its section's place in the course (an index of Glossary.sections). */
  place: number;
}

export interface Glossary {
  /** Alphabetical by term. */
  entries: GlossaryEntry[];
  /** The course's sections in order, as `chapter/section`. */
  sections: string[];
  /** Changes whenever what the text links to changes: part of a rendered section's cache key. */
  version: string;
}

const placeKey = (chapterSlug: string, sectionSlug: string) => `${chapterSlug}/${sectionSlug}`;

/** Where a section stands in the course (published sections of published chapters, in course order). */
export interface CourseSectionPlace {
  chapterSlug: string;
  chapterTitle: string;
  chapterPremium: boolean;
  sectionSlug: string;
  sectionTitle: string;
  /** Its place among its chapter's published sections: 0 is the introduction every reader may see. */
  index: number;
}

/**
 * The glossary of a course given each section's definitions, sections in course order: the first definition of
 * a term wins when two sections define it.
 */
export function buildGlossary(sections: (CourseSectionPlace & { definitions: TermDefinition[] })[]): Glossary {
  const bySlug = new Map<string, GlossaryEntry>();
  for (const [place, section] of sections.entries()) {
    for (const { line: _line, ...definition } of section.definitions) {
      if (bySlug.has(definition.slug)) continue;
      bySlug.set(definition.slug, {
        ...definition,
        href: `/chapter/${section.chapterSlug}#${definition.anchor}`,
        chapterSlug: section.chapterSlug,
        chapterTitle: section.chapterTitle,
        sectionSlug: section.sectionSlug,
        sectionTitle: section.sectionTitle,
        open: !section.chapterPremium || section.index === 0,
        place,
      });
    }
  }
  const entries = [...bySlug.values()].sort(
    (a, b) => a.term.localeCompare(b.term, "en", { sensitivity: "base" }) || a.slug.localeCompare(b.slug),
  );
  const order = sections.map((section) => placeKey(section.chapterSlug, section.sectionSlug));
  return { entries, sections: order, version: versionOf(entries, order) };
}

/** A short hash of what links depend on: each term's forms and where it is defined, and the course's order. */
function versionOf(entries: GlossaryEntry[], sections: string[]): string {
  const text = [...entries.map((entry) => `${entry.slug}\t${entry.forms.join("|")}\t${entry.href}`), ...sections].join(
    "\n",
  );
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  return (hash >>> 0).toString(36);
}

const linksCache = new WeakMap<Glossary, Map<string, TermLinks>>();

/**
 * What the text of one section links: the terms defined before it in the course (in an earlier chapter, or an
 * earlier section of its own; its own are its `<dfn>`s), each to its definition, by anchor alone on the same
 * chapter page. Never ahead: a word used before it is taught is not yet a term ("the order of two terms" in
 * chapter 1 is not the order of chapter 4). A section outside the course (unpublished) links every term.
 */
export function termLinksFor(glossary: Glossary, chapterSlug: string, sectionSlug: string): TermLinks {
  let bySection = linksCache.get(glossary);
  if (!bySection) linksCache.set(glossary, (bySection = new Map()));
  const key = placeKey(chapterSlug, sectionSlug);
  const cached = bySection.get(key);
  if (cached) return cached;
  const found = glossary.sections.indexOf(key);
  const place = found === -1 ? Infinity : found;
  const links: TermLinks = {
    version: glossary.version,
    targets: glossary.entries
      .filter((entry) => entry.place < place && placeKey(entry.chapterSlug, entry.sectionSlug) !== key)
      .map((entry) => ({
        slug: entry.slug,
        forms: entry.forms,
        href: entry.chapterSlug === chapterSlug ? `#${entry.anchor}` : entry.href,
      })),
  };
  bySection.set(key, links);
  return links;
}
