import { describe, expect, it } from "vitest";
import type { PrimeRecordKind, PrimeRecords } from "#core/primes/prime-records";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  listPrimeRecordRevisions,
  listPrimeRecords,
  naturalKey,
  savePrimeRecord,
  seedPrimeRecordsIfEmpty,
} from "#app/models/prime-record.server";
import { primeRecords } from "#app/content/prime-records.server";
import { createUser } from "#app/models/user.server";
import { SEEDED_SOURCE_CHANGES } from "./0009_primary_record_sources";
import { migrations } from "./index";

const up = migrations["0009_primary_record_sources"]!.up;

const key = (kind: PrimeRecordKind, naturalKeyOf: string) => `${kind}:${naturalKeyOf}`;
const changed = new Map(SEEDED_SOURCE_CHANGES.map((change) => [key(change.kind, change.naturalKey), change]));

/** The data file as it was when databases were seeded with the old sources. */
function fileAsSeededBefore(): PrimeRecords {
  const file = primeRecords();
  const before = <T extends object>(kind: PrimeRecordKind, content: T): T =>
    (changed.get(key(kind, naturalKey(kind, content as never)))?.seeded as T | undefined) ?? content;
  return {
    ...file,
    mersenne: file.mersenne.map((record) => before("mersenne", record)),
    largestKnown: file.largestKnown.map((record) => before("largest", record)),
    byForm: file.byForm.map((record) => before("form", record)),
  };
}

describe("migration 0009: primary sources for the seeded records", () => {
  it("changes only the source of records that are in today's data file", () => {
    const file = primeRecords();
    const today = new Map(
      [
        ...file.mersenne.map((content) => ({ kind: "mersenne" as const, content })),
        ...file.largestKnown.map((content) => ({ kind: "largest" as const, content })),
        ...file.byForm.map((content) => ({ kind: "form" as const, content })),
      ].map(({ kind, content }) => [key(kind, naturalKey(kind, content)), content]),
    );
    expect(SEEDED_SOURCE_CHANGES.length).toBeGreaterThan(0);
    for (const change of SEEDED_SOURCE_CHANGES) {
      const current = today.get(key(change.kind, change.naturalKey));
      expect(current, change.naturalKey).toEqual({ ...change.seeded, source: change.source });
      expect(change.seeded).not.toEqual(current);
    }
  });
});

describe.each(testDialects)("migration 0009 on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("gives an old database's unedited records the file's new sources, as a new revision, and leaves edited ones alone", async () => {
    const { db } = database;
    // A database seeded before the new sources (migration 0009 ran on empty tables, as on a fresh install).
    await seedPrimeRecordsIfEmpty(db, fileAsSeededBefore);
    const admin = await createUser(db, { email: `editor-${dialect}@example.org`, passwordHash: null, role: "admin" });
    const [edited, ...untouched] = SEEDED_SOURCE_CHANGES;
    const byKey = async () =>
      new Map(
        (await listPrimeRecords(db, { publishedOnly: false })).map((r) => [
          key(r.kind, naturalKey(r.kind, r.content as never)),
          r,
        ]),
      );
    const editedRecord = (await byKey()).get(key(edited!.kind, edited!.naturalKey))!;
    const adminContent = { ...edited!.seeded, source: "An admin's own source, https://example.org/record" };
    expect(
      await savePrimeRecord(db, { id: editedRecord.id, baseRevision: 1, content: adminContent, authorId: admin.id }),
    ).toMatchObject({ ok: true });

    await up(db);

    const after = await byKey();
    for (const change of untouched) {
      const record = after.get(key(change.kind, change.naturalKey))!;
      expect(record.content).toEqual({ ...change.seeded, source: change.source });
      expect(record.currentRevision).toBe(2);
      const [newest, seeded] = await listPrimeRecordRevisions(db, record.id);
      expect(newest).toMatchObject({ number: 2, authorEmail: null });
      expect(seeded!.content).toEqual(change.seeded);
      const stored = await db
        .selectFrom("prime_record_revisions")
        .select(["source", "based_on", "author_id"])
        .where("record_id", "=", record.id)
        .where("number", "=", 2)
        .executeTakeFirstOrThrow();
      expect(stored).toEqual({ source: "import", based_on: 1, author_id: null });
    }
    expect(after.get(key(edited!.kind, edited!.naturalKey))).toMatchObject({
      content: adminContent,
      currentRevision: 2,
    });
    // Every other record is as seeded.
    const others = [...after.entries()].filter(([name]) => !changed.has(name));
    expect(others.length).toBeGreaterThan(50);
    for (const [, record] of others) expect(record.currentRevision).toBe(1);

    // Running it again finds nothing still as seeded.
    await up(db);
    for (const change of untouched)
      expect((await byKey()).get(key(change.kind, change.naturalKey))!.currentRevision).toBe(2);
  });
});
