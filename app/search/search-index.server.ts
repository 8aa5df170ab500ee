import type { Kysely } from "kysely";
import type { Database, SearchDocumentsTable } from "#database/schema";
import {
  countToolDocuments,
  matchSearchDocuments,
  replaceSearchDocuments,
  staleSearchSections,
} from "#app/models/search-document.server";
import { withoutControlCharacters } from "#app/utils/search-marks";
import { fts5Match, searchTerms, tsQuery } from "./search-query";
import { searchTools } from "./search-tools";
import { searchUnitsOf } from "./search-units";

/** A search result; `title` and `snippet` carry MATCH_START … MATCH_END around the words that matched. */
export interface SearchHit {
  kind: SearchDocumentsTable["kind"];
  title: string;
  snippet: string;
  /** Where it opens: a chapter at the element's anchor, or a tool's page. */
  href: string;
  /** The chapter it is in (null for tools), and whether that chapter is premium. */
  chapterTitle: string | null;
  premium: boolean;
}

const MAX_RESULTS = 20;

/** A small stable hash of the tools list: their rows are written again when the list changes. */
const TOOLS_REVISION = [...JSON.stringify(searchTools)].reduce(
  (hash, char) => (Math.imul(hash, 31) + char.charCodeAt(0)) | 0,
  7,
);

/**
 * Brings the index up to date with the content: every section whose current revision or id (slug) is
 * not the one indexed is indexed again, and the tools when their list changed. Cheap when nothing
 * changed (one query over the sections), so each search runs it first instead of every way content
 * changes (editor, restore, import, another instance) having to remember it. Returns the sections indexed.
 */
export async function syncSearchIndex(db: Kysely<Database>): Promise<number> {
  const stale = await staleSearchSections(db);
  for (const section of stale) {
    const units = searchUnitsOf(section.slug, section.title, section.body);
    await replaceSearchDocuments(
      db,
      section.id,
      units.map((unit, position) => ({
        id: `${section.id}:${unit.target}`,
        kind: unit.kind,
        section_id: section.id,
        revision: section.revision,
        target: unit.target,
        position,
        title: withoutControlCharacters(unit.title),
        body: withoutControlCharacters(unit.body),
      })),
    );
  }
  if ((await countToolDocuments(db, TOOLS_REVISION)) !== searchTools.length) {
    await replaceSearchDocuments(
      db,
      null,
      searchTools.map((tool, position) => ({
        id: `tool:${tool.path}`,
        kind: "tool",
        section_id: null,
        revision: TOOLS_REVISION,
        target: tool.path,
        position,
        title: tool.title,
        body: tool.body,
      })),
    );
  }
  return stale.length;
}

/**
 * The published sections, definitions, theorems, exercises and tools that contain every word of `query`
 * (each also as the start of a longer word: "carmich" finds "Carmichael"), best first, at most 20. The
 * same words and the same (Porter) stemming on both dialects; see matchSearchDocuments for the ranking.
 */
export async function searchContent(db: Kysely<Database>, query: string): Promise<SearchHit[]> {
  const terms = searchTerms(query);
  if (terms.length === 0) return [];
  const hits = await matchSearchDocuments(db, { fts5: fts5Match(terms), tsQuery: tsQuery(terms) }, MAX_RESULTS);
  return hits.map((hit) => ({
    kind: hit.kind,
    title: hit.title,
    snippet: hit.snippet,
    href: hit.chapterSlug === null ? hit.target : `/chapter/${hit.chapterSlug}#${hit.target}`,
    chapterTitle: hit.chapterTitle,
    premium: hit.premium,
  }));
}
