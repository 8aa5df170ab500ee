/**
 * The records of /prime-discoveries. Each save appends a revision; a save from
 * a stale revision is a conflict (the unique (record_id, number) index and a
 * compare-and-set on current_revision let one of two racing saves win), as
 * for sections. Imported records are published; records admins add start as
 * drafts, and publishing one for the first time is what may be announced.
 */
import type { Kysely } from "kysely";
import {
  recordSchemas,
  type FormRecord,
  type LargestKnownRecord,
  type MersennePrimeRecord,
  type PrimeRecordKind,
  type PrimeRecords,
  type RecordContent,
} from "#core/primes/prime-records";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { isUniqueViolation } from "./database-errors.server";

export type { PrimeRecordKind, RecordContent };

export type PrimeRecord = {
  [K in PrimeRecordKind]: {
    id: string;
    kind: K;
    published: boolean;
    currentRevision: number;
    content: RecordContent[K];
    updatedAt: string;
  };
}[PrimeRecordKind];

export interface PrimeRecordRevision {
  number: number;
  content: unknown;
  authorEmail: string | null;
  createdAt: string;
}

/** What names a record within its kind: two records of a kind may not share it. */
export function naturalKey<K extends PrimeRecordKind>(kind: K, content: RecordContent[K]): string {
  if (kind === "mersenne") return String((content as MersennePrimeRecord).exponent);
  if (kind === "form") return `${(content as FormRecord).form}:${(content as FormRecord).number}`;
  return (content as LargestKnownRecord).number;
}

function recordQuery(db: Kysely<Database>) {
  return db
    .selectFrom("prime_records")
    .innerJoin("prime_record_revisions as revision", (join) =>
      join
        .onRef("revision.record_id", "=", "prime_records.id")
        .onRef("revision.number", "=", "prime_records.current_revision"),
    )
    .select([
      "prime_records.id",
      "prime_records.kind",
      "prime_records.published_at",
      "prime_records.current_revision",
      "prime_records.updated_at",
      "revision.content",
    ]);
}

type RecordRow = Awaited<ReturnType<ReturnType<typeof recordQuery>["executeTakeFirstOrThrow"]>>;

function toRecord(row: RecordRow): PrimeRecord {
  const content: unknown = recordSchemas[row.kind].parse(JSON.parse(row.content));
  return {
    id: row.id,
    kind: row.kind,
    published: row.published_at !== null,
    currentRevision: Number(row.current_revision),
    content,
    updatedAt: row.updated_at,
  } as PrimeRecord;
}

export async function findPrimeRecord(db: Kysely<Database>, id: string): Promise<PrimeRecord | undefined> {
  const row = await recordQuery(db).where("prime_records.id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

/** Every record, or only the published ones: Mersenne primes by exponent, the history by year, forms by name. */
export async function listPrimeRecords(
  db: Kysely<Database>,
  options: { publishedOnly?: boolean } = {},
): Promise<PrimeRecord[]> {
  const rows = await recordQuery(db)
    .$if(options.publishedOnly === true, (query) => query.where("prime_records.published_at", "is not", null))
    .execute();
  return rows.map(toRecord).sort(byPageOrder);
}

const KIND_ORDER: readonly PrimeRecordKind[] = ["mersenne", "largest", "form"];

function byPageOrder(a: PrimeRecord, b: PrimeRecord): number {
  if (a.kind !== b.kind) return KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind);
  if (a.kind === "mersenne" && b.kind === "mersenne") return a.content.exponent - b.content.exponent;
  if (a.kind === "largest" && b.kind === "largest") {
    return a.content.year - b.content.year || a.content.digits - b.content.digits;
  }
  if (a.kind === "form" && b.kind === "form") {
    return a.content.form.localeCompare(b.content.form) || b.content.digits - a.content.digits;
  }
  return 0;
}

export async function listPrimeRecordRevisions(db: Kysely<Database>, id: string): Promise<PrimeRecordRevision[]> {
  const rows = await db
    .selectFrom("prime_record_revisions")
    .leftJoin("users", "users.id", "prime_record_revisions.author_id")
    .select([
      "prime_record_revisions.number",
      "prime_record_revisions.content",
      "prime_record_revisions.created_at",
      "users.email as author_email",
    ])
    .where("prime_record_revisions.record_id", "=", id)
    .orderBy("prime_record_revisions.number", "desc")
    .execute();
  return rows.map((row) => ({
    number: Number(row.number),
    content: JSON.parse(row.content) as unknown,
    authorEmail: row.author_email,
    createdAt: row.created_at,
  }));
}

async function insertRecord<K extends PrimeRecordKind>(
  trx: Kysely<Database>,
  input: { kind: K; content: RecordContent[K]; authorId: string | null; source: "import" | "editor" },
): Promise<string | null> {
  const now = isoNow();
  const inserted = await trx
    .insertInto("prime_records")
    .values({
      id: crypto.randomUUID(),
      kind: input.kind,
      natural_key: naturalKey(input.kind, input.content),
      published_at: input.source === "import" ? now : null,
      first_published_at: input.source === "import" ? now : null,
      current_revision: 1,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.columns(["kind", "natural_key"]).doNothing())
    .returning("id")
    .executeTakeFirst();
  if (!inserted) return null;
  await trx
    .insertInto("prime_record_revisions")
    .values({
      id: crypto.randomUUID(),
      record_id: inserted.id,
      number: 1,
      content: JSON.stringify(input.content),
      source: input.source,
      based_on: null,
      author_id: input.authorId,
      created_at: now,
    })
    .execute();
  return inserted.id;
}

/** A record an admin adds: a draft until published. Content must have passed its kind's schema. */
export async function createPrimeRecord<K extends PrimeRecordKind>(
  db: Kysely<Database>,
  input: { kind: K; content: RecordContent[K]; authorId: string | null },
): Promise<{ ok: true; record: PrimeRecord } | { ok: false; reason: "key-taken" }> {
  const content = recordSchemas[input.kind].parse(input.content) as RecordContent[K];
  const id = await db.transaction().execute((trx) => insertRecord(trx, { ...input, content, source: "editor" }));
  if (id === null) return { ok: false, reason: "key-taken" };
  return { ok: true, record: (await findPrimeRecord(db, id))! };
}

/**
 * The first start's seeding from the data file, read only then: while no record exists. The number of
 * records made, or null when there was nothing to do.
 */
export async function seedPrimeRecordsIfEmpty(
  db: Kysely<Database>,
  readFile: () => PrimeRecords,
): Promise<number | null> {
  const any = await db.selectFrom("prime_records").select("id").limit(1).executeTakeFirst();
  if (any) return null;
  const file = readFile();
  return db.transaction().execute(async (trx) => {
    const entries: { kind: PrimeRecordKind; content: RecordContent[PrimeRecordKind] }[] = [
      ...file.mersenne.map((content) => ({ kind: "mersenne" as const, content })),
      ...file.largestKnown.map((content) => ({ kind: "largest" as const, content })),
      ...file.byForm.map((content) => ({ kind: "form" as const, content })),
    ];
    let created = 0;
    for (const entry of entries) {
      if ((await insertRecord(trx, { ...entry, authorId: null, source: "import" })) !== null) created += 1;
    }
    return created;
  });
}

export type RecordSaveResult =
  | { ok: true; record: PrimeRecord; unchanged: boolean }
  | { ok: false; reason: "conflict"; current: PrimeRecordRevision }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "key-taken" };

class LostRaceError extends Error {}

/** Saves an edit made from `baseRevision` as the next revision; the content must fit the record's kind. */
export async function savePrimeRecord(
  db: Kysely<Database>,
  input: { id: string; baseRevision: number; content: unknown; authorId: string | null },
): Promise<RecordSaveResult> {
  const conflict = async (): Promise<RecordSaveResult> => {
    const [current] = await listPrimeRecordRevisions(db, input.id);
    return current ? { ok: false, reason: "conflict", current } : { ok: false, reason: "not-found" };
  };
  try {
    return await db.transaction().execute(async (trx): Promise<RecordSaveResult> => {
      const current = await findPrimeRecord(trx, input.id);
      if (!current) return { ok: false, reason: "not-found" };
      if (current.currentRevision !== input.baseRevision) throw new LostRaceError();
      const content = recordSchemas[current.kind].parse(input.content);
      if (JSON.stringify(content) === JSON.stringify(current.content)) {
        return { ok: true, record: current, unchanged: true };
      }
      const key = naturalKey(current.kind, content as RecordContent[typeof current.kind]);
      const now = isoNow();
      const taken = await trx
        .selectFrom("prime_records")
        .select("id")
        .where("kind", "=", current.kind)
        .where("natural_key", "=", key)
        .where("id", "!=", current.id)
        .executeTakeFirst();
      if (taken) return { ok: false, reason: "key-taken" };
      await trx
        .insertInto("prime_record_revisions")
        .values({
          id: crypto.randomUUID(),
          record_id: current.id,
          number: input.baseRevision + 1,
          content: JSON.stringify(content),
          source: "editor",
          based_on: input.baseRevision,
          author_id: input.authorId,
          created_at: now,
        })
        .execute();
      const moved = await trx
        .updateTable("prime_records")
        .set({ current_revision: input.baseRevision + 1, natural_key: key, updated_at: now })
        .where("id", "=", current.id)
        .where("current_revision", "=", input.baseRevision)
        .executeTakeFirst();
      if (moved.numUpdatedRows === 0n) throw new LostRaceError();
      return { ok: true, record: (await findPrimeRecord(trx, current.id))!, unchanged: false };
    });
  } catch (error) {
    if (error instanceof LostRaceError || isUniqueViolation(error)) return conflict();
    throw error;
  }
}

/**
 * Publishes or withdraws a record. `firstPublication` is true only for the call that publishes a record
 * for the first time in its life (an import counts as published), which is when subscribers may be told;
 * the conditional update makes that true for one call only, however many race.
 */
export async function setPrimeRecordPublished(
  db: Kysely<Database>,
  id: string,
  published: boolean,
): Promise<{ record: PrimeRecord; firstPublication: boolean } | undefined> {
  const now = isoNow();
  const first = published
    ? await db
        .updateTable("prime_records")
        .set({ first_published_at: now })
        .where("id", "=", id)
        .where("first_published_at", "is", null)
        .executeTakeFirst()
    : null;
  await db
    .updateTable("prime_records")
    .set((eb) => ({ published_at: published ? eb.fn.coalesce("published_at", eb.val(now)) : null, updated_at: now }))
    .where("id", "=", id)
    .execute();
  const record = await findPrimeRecord(db, id);
  if (!record) return undefined;
  return { record, firstPublication: (first?.numUpdatedRows ?? 0n) > 0n };
}
