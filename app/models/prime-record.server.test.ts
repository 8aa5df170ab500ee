import { describe, expect, it } from "vitest";
import recordsFile from "#content/prime-records.json";
import { primeRecordsSchema, type MersennePrimeRecord, type PrimeRecords } from "#core/primes/prime-records";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  createPrimeRecord,
  findPrimeRecord,
  listPrimeRecordRevisions,
  listPrimeRecords,
  savePrimeRecord,
  seedPrimeRecordsIfEmpty,
  setPrimeRecordPublished,
} from "./prime-record.server";
import { createUser } from "./user.server";

const mersenne = (exponent: number, digits: number): MersennePrimeRecord => ({
  exponent,
  digits,
  year: 2030,
  discoverer: "A. Tester",
  project: "GIMPS",
  program: null,
  test: "Lucas–Lehmer",
  source: "https://www.mersenne.org/primes/",
});

describe.each(testDialects)("prime records on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("are seeded from the data file once, published, in the page's order", async () => {
    const file: PrimeRecords = primeRecordsSchema.parse(recordsFile);
    const created = await seedPrimeRecordsIfEmpty(database.db, () => file);
    expect(created).toBe(file.mersenne.length + file.largestKnown.length + file.byForm.length);
    // Once seeded, the file is not even read.
    expect(
      await seedPrimeRecordsIfEmpty(database.db, () => {
        throw new Error("read again");
      }),
    ).toBeNull();
    const records = await listPrimeRecords(database.db, { publishedOnly: true });
    expect(records.filter((r) => r.kind === "mersenne").map((r) => r.content)).toEqual(file.mersenne);
    expect(records.filter((r) => r.kind === "largest").map((r) => r.content)).toEqual(file.largestKnown);
    expect(records.every((r) => r.published && r.currentRevision === 1)).toBe(true);
  });

  it("keep a revision per save, refuse stale saves and duplicate keys, and let one of two racing saves win", async () => {
    const admin = await createUser(database.db, { email: `records-${dialect}@example.org`, passwordHash: null });
    const created = await createPrimeRecord(database.db, {
      kind: "mersenne",
      content: mersenne(200_000_003, 60_206_002),
      authorId: admin.id,
    });
    if (!created.ok) throw new Error("refused");
    expect(created.record).toMatchObject({ published: false, currentRevision: 1 });
    expect(
      await createPrimeRecord(database.db, { kind: "mersenne", content: mersenne(200_000_003, 1), authorId: null }),
    ).toEqual({ ok: false, reason: "key-taken" });

    const edits = await Promise.all(
      ["B. Tester", "C. Tester"].map((discoverer) =>
        savePrimeRecord(database.db, {
          id: created.record.id,
          baseRevision: 1,
          content: { ...mersenne(200_000_003, 60_206_002), discoverer },
          authorId: admin.id,
        }),
      ),
    );
    expect(edits.filter((edit) => edit.ok)).toHaveLength(1);
    expect(edits.find((edit) => !edit.ok)).toMatchObject({ ok: false, reason: "conflict", current: { number: 2 } });
    const history = await listPrimeRecordRevisions(database.db, created.record.id);
    expect(history.map((revision) => [revision.number, revision.authorEmail])).toEqual([
      [2, admin.email],
      [1, admin.email],
    ]);
    // Content that breaks the kind's schema is refused by the model too.
    await expect(
      savePrimeRecord(database.db, {
        id: created.record.id,
        baseRevision: 2,
        content: { ...mersenne(7, 3), exponent: -1 },
        authorId: null,
      }),
    ).rejects.toThrow();
    // Another record's key cannot be taken by an edit.
    const other = await createPrimeRecord(database.db, {
      kind: "mersenne",
      content: mersenne(300_000_007, 90_309_001),
      authorId: null,
    });
    if (!other.ok) throw new Error("refused");
    expect(
      await savePrimeRecord(database.db, {
        id: other.record.id,
        baseRevision: 1,
        content: mersenne(200_000_003, 60_206_002),
        authorId: null,
      }),
    ).toEqual({ ok: false, reason: "key-taken" });
  });

  it("count as first published once only, however often they are published or raced", async () => {
    const created = await createPrimeRecord(database.db, {
      kind: "mersenne",
      content: mersenne(400_000_009, 120_412_002),
      authorId: null,
    });
    if (!created.ok) throw new Error("refused");
    const firsts = await Promise.all(
      [1, 2, 3].map(() => setPrimeRecordPublished(database.db, created.record.id, true)),
    );
    expect(firsts.filter((result) => result?.firstPublication)).toHaveLength(1);
    expect((await setPrimeRecordPublished(database.db, created.record.id, false))?.record.published).toBe(false);
    expect((await setPrimeRecordPublished(database.db, created.record.id, true))?.firstPublication).toBe(false);
    expect((await findPrimeRecord(database.db, created.record.id))?.published).toBe(true);
    expect(await setPrimeRecordPublished(database.db, crypto.randomUUID(), true)).toBeUndefined();
  });
});
