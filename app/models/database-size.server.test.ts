import { statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME } from "#database/connection";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { readDatabaseSize } from "./database-size.server";

describe.each(testDialects)("the database's size on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("is measured where the data lives, and grows with what is written", async () => {
    const before = await readDatabaseSize(database.db, dialect, database.location.dataDir);
    expect(before.totalBytes).toBeGreaterThan(0);
    expect(before.totalBytes).toBe(before.parts.reduce((total, part) => total + part.bytes, 0));
    if (dialect === "sqlite") {
      const file = path.join(database.location.dataDir, SQLITE_FILE_NAME);
      expect(before.parts).toEqual([
        { name: "Database file", bytes: statSync(file).size },
        { name: "Write-ahead log", bytes: statSync(`${file}-wal`).size },
      ]);
    } else {
      expect(before.parts).toEqual([{ name: "Database", bytes: before.totalBytes }]);
    }

    // A megabyte of text in a table takes at least that much room (compressed or not, it is random).
    const rows = Array.from({ length: 256 }, (_, index) => ({
      key: `size-test-${index}`,
      count: 1,
      expires_at: Array.from({ length: 64 }, () => crypto.randomUUID()).join(""),
    }));
    await database.db.insertInto("rate_limits").values(rows).execute();
    const after = await readDatabaseSize(database.db, dialect, database.location.dataDir);
    expect(after.totalBytes - before.totalBytes).toBeGreaterThan(256 * 64 * 36 * 0.5);
  });

  it.runIf(dialect === "sqlite")(
    "counts a missing file (no write-ahead log after a clean close) as empty",
    async () => {
      const elsewhere = await readDatabaseSize(database.db, dialect, path.join(database.location.dataDir, "nowhere"));
      expect(elsewhere).toEqual({
        totalBytes: 0,
        parts: [
          { name: "Database file", bytes: 0 },
          { name: "Write-ahead log", bytes: 0 },
        ],
      });
    },
  );
});
