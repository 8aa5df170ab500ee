import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { listCourseSections, revisionBodies, type CourseSection } from "#app/models/section.server";
import { buildGlossary, type Glossary } from "./glossary";
import { termDefinitionsOf, type TermDefinition } from "./glossary-terms";

export { termLinksFor, type Glossary, type GlossaryEntry } from "./glossary";

/** Definitions by revision and section: a revision never changes, and its anchors carry the section's id. */
const DEFINITIONS_LIMIT = 500;
const definitionsCache = new Map<string, TermDefinition[]>();
let last: { key: string; glossary: Glossary } | null = null;

/**
 * The course's glossary: every term a published section of a published chapter defines (`:dfn[…]`), the first
 * definition in course order when two sections define the same term. One query per call; the sections' text is
 * read and parsed only for revisions this process has not seen, so the glossary follows every edit, restore,
 * import and publication, made here or by another instance.
 */
export async function loadGlossary(db: Kysely<Database>): Promise<Glossary> {
  const sections = await listCourseSections(db);
  const key = sections.map(sectionKey).join("\n");
  if (last?.key === key) return last.glossary;
  const cacheKey = (section: CourseSection) => `${section.revisionId}:${section.sectionSlug}`;
  const missing = sections.filter((section) => !definitionsCache.has(cacheKey(section)));
  const bodies = await revisionBodies(
    db,
    missing.map((section) => section.revisionId),
  );
  for (const section of missing) {
    definitionsCache.set(
      cacheKey(section),
      termDefinitionsOf(section.sectionSlug, bodies.get(section.revisionId) ?? ""),
    );
    if (definitionsCache.size > DEFINITIONS_LIMIT) definitionsCache.delete(definitionsCache.keys().next().value!);
  }
  const glossary = buildGlossary(
    sections.map((section) => ({ ...section, definitions: definitionsCache.get(cacheKey(section)) ?? [] })),
  );
  last = { key, glossary };
  return glossary;
}

const sectionKey = (section: CourseSection) =>
  [
    section.revisionId,
    section.sectionSlug,
    section.sectionTitle,
    section.chapterSlug,
    section.chapterTitle,
    section.chapterPremium,
    section.index,
  ].join("\t");
