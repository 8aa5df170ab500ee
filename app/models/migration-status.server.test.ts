import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Migrator } from "kysely";
import { describe, expect, it } from "vitest";
import { migrations } from "#database/migrations/index";
import { openDatabase } from "#database/connection";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { readMigrationStatus } from "./migration-status.server";

const names = Object.keys(migrations);

describe.each(testDialects)("the migration status on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("counts every migration of the build as applied on a migrated database", async () => {
    expect(await readMigrationStatus(database.db)).toEqual({
      applied: names.length,
      known: names.length,
      latest: names.at(-1),
    });
  });
});

describe("the migration status of a database behind the build", () => {
  it("counts only what was run, and applies nothing", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-test-"));
    const database = openDatabase({ dataDir });
    try {
      expect(await readMigrationStatus(database.db)).toEqual({ applied: 0, known: names.length, latest: null });
      const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(names[0]!)).error).toBeUndefined();
      expect(await readMigrationStatus(database.db)).toEqual({ applied: 1, known: names.length, latest: names[0] });
    } finally {
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
