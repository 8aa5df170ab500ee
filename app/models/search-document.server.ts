import { sql, type Kysely } from "kysely";
import type { Database, SearchDocumentsTable } from "#database/schema";
import { MATCH_END, MATCH_START } from "#app/utils/search-marks";
import { isPostgres } from "./chapter.server";

/** A search result as stored; `title` and `snippet` carry MATCH_START … MATCH_END around what matched. */
export interface SearchDocumentHit {
  kind: SearchDocumentsTable["kind"];
  target: string;
  title: string;
  snippet: string;
  chapterSlug: string | null;
  chapterTitle: string | null;
  premium: boolean;
}

/** A section whose documents are missing or were made from another revision or id than its current ones. */
export interface StaleSection {
  id: string;
  slug: string;
  revision: number;
  title: string;
  body: string;
}

export async function staleSearchSections(db: Kysely<Database>): Promise<StaleSection[]> {
  return db
    .selectFrom("sections as s")
    .innerJoin("section_revisions as r", (join) =>
      join.onRef("r.section_id", "=", "s.id").onRef("r.number", "=", "s.current_revision"),
    )
    .leftJoin("search_documents as d", (join) => join.onRef("d.section_id", "=", "s.id").on("d.kind", "=", "section"))
    .select(["s.id", "s.slug", "s.current_revision as revision", "r.title", "r.body"])
    .where((eb) =>
      eb.or([
        eb("d.id", "is", null),
        eb("d.revision", "!=", eb.ref("s.current_revision")),
        eb("d.target", "!=", eb.ref("s.slug")),
      ]),
    )
    .execute();
}

/** Replaces the documents of one section, or (section null) of the tools, in one transaction. */
export async function replaceSearchDocuments(
  db: Kysely<Database>,
  sectionId: string | null,
  documents: SearchDocumentsTable[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await (
      sectionId === null
        ? trx.deleteFrom("search_documents").where("kind", "=", "tool")
        : trx.deleteFrom("search_documents").where("section_id", "=", sectionId)
    ).execute();
    if (documents.length === 0) return;
    await trx
      .insertInto("search_documents")
      .values(documents)
      // Two instances bringing the same section up to date at once write the same rows.
      .onConflict((conflict) =>
        conflict.column("id").doUpdateSet((eb) => ({
          kind: eb.ref("excluded.kind"),
          section_id: eb.ref("excluded.section_id"),
          revision: eb.ref("excluded.revision"),
          target: eb.ref("excluded.target"),
          position: eb.ref("excluded.position"),
          title: eb.ref("excluded.title"),
          body: eb.ref("excluded.body"),
        })),
      )
      .execute();
  });
}

/** How many tool documents carry `revision`. */
export async function countToolDocuments(db: Kysely<Database>, revision: number): Promise<number> {
  const row = await db
    .selectFrom("search_documents")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("kind", "=", "tool")
    .where("revision", "=", revision)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

interface HitRow {
  kind: SearchDocumentsTable["kind"];
  target: string;
  title: string;
  snippet: string;
  chapter_slug: string | null;
  chapter_title: string | null;
  access: string | null;
}

/**
 * The published documents that match, best first: FTS5's bm25 on SQLite (`fts5` in its query syntax),
 * ts_rank on PostgreSQL (`tsQuery` for to_tsquery), titles weighing more than bodies on both, and a
 * short text all about the words before a long one that mentions them.
 */
export async function matchSearchDocuments(
  db: Kysely<Database>,
  query: { fts5: string; tsQuery: string },
  limit: number,
): Promise<SearchDocumentHit[]> {
  const visible = sql`(d.section_id is null or (s.published_at is not null and c.published_at is not null))`;
  const ties = sql`c.position, s.position, d.position, d.target`;
  const rows = isPostgres(db)
    ? await sql<HitRow>`
        select d.kind, d.target, c.slug as chapter_slug, c.title as chapter_title, c.access,
          ts_headline('english', d.title, q, ${headlineOptions("HighlightAll=true")}) as title,
          ts_headline('english', d.body, q,
            ${headlineOptions('MaxWords=32, MinWords=14, MaxFragments=2, FragmentDelimiter=" … "')}) as snippet
        from search_documents d
        cross join to_tsquery('english', ${query.tsQuery}) q
        left join sections s on s.id = d.section_id
        left join chapters c on c.id = s.chapter_id
        where d.search_vector @@ q and ${visible}
        order by ts_rank(d.search_vector, q, 1) desc, ${ties}
        limit ${limit}`.execute(db)
    : await sql<HitRow>`
        select d.kind, d.target, c.slug as chapter_slug, c.title as chapter_title, c.access,
          highlight(search_index, 1, char(2), char(3)) as title,
          snippet(search_index, 2, char(2), char(3), ' … ', 32) as snippet
        from search_index
        join search_documents d on d.id = search_index.document_id
        left join sections s on s.id = d.section_id
        left join chapters c on c.id = s.chapter_id
        where search_index match ${query.fts5} and ${visible}
        order by bm25(search_index, 0.0, 10.0, 1.0), ${ties}
        limit ${limit}`.execute(db);
  return rows.rows.map((row) => ({
    kind: row.kind,
    target: row.target,
    title: row.title,
    snippet: row.snippet,
    chapterSlug: row.chapter_slug,
    chapterTitle: row.chapter_title,
    premium: row.access === "premium",
  }));
}

/** ts_headline's options with the match marks (control characters, so passed as a parameter). */
function headlineOptions(options: string): string {
  return `${options}, StartSel=${MATCH_START}, StopSel=${MATCH_END}`;
}
