import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { createUser } from "#app/models/user.server";
import { createContactMessage } from "#app/models/contact-message.server";
import { migrateToLatest, openDatabase } from "#database/connection";
import { snapshotDatabase } from "#tests/setup/database-snapshot";
import { createTestDatabase } from "#tests/setup/test-database";

const guide = readFileSync(new URL("../../docs/backups.md", import.meta.url), "utf8");
const postgresSection = guide.slice(guide.indexOf("## PostgreSQL"));
/** The guide's pg_dump and pg_restore lines, run as written. */
const commands = postgresSection.split("\n").filter((line) => /^pg_(dump|restore) /.test(line));
const dumpLine = commands.find((line) => line.startsWith("pg_dump "));
const newDatabaseLine = commands.find((line) => line.includes("$NEW_DATABASE_URL"));
const inPlaceLine = commands.find((line) => line.includes("--clean"));

const adminUrl = process.env.TEST_DATABASE_URL;
const toolsPresent =
  spawnSync("pg_dump", ["--version"]).status === 0 && spawnSync("pg_restore", ["--version"]).status === 0;

describe("docs/backups.md", () => {
  it("gives one pg_dump line and two pg_restore lines: into a new database and in place", () => {
    expect(commands).toHaveLength(3);
    expect(dumpLine).toContain("--format=custom");
    expect(newDatabaseLine).toContain("--single-transaction");
    expect(inPlaceLine).toContain("--if-exists");
    expect(guide).toContain("npm run db:backup");
    expect(guide).toContain("npm run db:restore -- backups/numberlab-");
  });
});

// PostgreSQL only (CI sets TEST_DATABASE_URL); where it is set, missing tools fail the test rather than skip it.
describe.skipIf(!adminUrl)("the guide's pg_dump and pg_restore lines", () => {
  const folder = mkdtempSync(path.join(os.tmpdir(), "numberlab-pg-backup-"));
  const extraDatabase = `numberlab_test_${crypto.randomUUID().replaceAll("-", "")}`;
  afterAll(async () => {
    rmSync(folder, { recursive: true, force: true });
    await withAdmin((client) => client.query(`DROP DATABASE IF EXISTS ${extraDatabase} WITH (FORCE)`));
  });

  function run(line: string, env: Record<string, string>): void {
    execFileSync("bash", ["-c", line], { cwd: folder, env: { ...process.env, ...env }, stdio: "pipe" });
  }

  it("dump a database and restore it, into a new database and in place, with every row", async () => {
    expect(toolsPresent, "pg_dump and pg_restore must be installed where TEST_DATABASE_URL is set").toBe(true);
    const serverMajor = await withAdmin(async (client) => (await client.query("show server_version_num")).rows[0]);
    const toolMajor = /\b(\d+)\.\d+/.exec(execFileSync("pg_dump", ["--version"], { encoding: "utf8" }))?.[1];
    // pg_dump refuses servers newer than itself.
    expect(Number(toolMajor)).toBeGreaterThanOrEqual(Math.floor(Number(serverMajor.server_version_num) / 10000));

    const source = await createTestDatabase("postgres");
    const restoredUrl = urlOf(extraDatabase);
    try {
      const user = await createUser(source.db, { email: "kept@example.org", passwordHash: null });
      await createContactMessage(source.db, {
        name: "Kept",
        email: user.email,
        subject: "Kept",
        message: "A message",
        userId: user.id,
      });
      const dumped = await snapshotDatabase(source.db, "postgres");
      const env = {
        DATABASE_URL: source.location.databaseUrl!,
        NEW_DATABASE_URL: restoredUrl,
        BACKUP: "numberlab.dump",
      };
      run(dumpLine!, env);

      await withAdmin((client) => client.query(`CREATE DATABASE ${extraDatabase}`));
      run(newDatabaseLine!, env);
      const restored = openDatabase({ databaseUrl: restoredUrl, dataDir: folder });
      try {
        expect(await migrateToLatest(restored.db)).toEqual([]);
        expect(await snapshotDatabase(restored.db, "postgres")).toEqual(dumped);
      } finally {
        await restored.close();
      }

      // Changed after the dump, then restored in place.
      await sql`delete from contact_messages`.execute(source.db);
      await createUser(source.db, { email: "later@example.org", passwordHash: null });
      run(inPlaceLine!, env);
      expect(await snapshotDatabase(source.db, "postgres")).toEqual(dumped);
    } finally {
      await source.destroy();
    }
  });
});

function urlOf(database: string): string {
  const url = new URL(adminUrl!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
