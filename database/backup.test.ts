import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { sql } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { backupSqlite, BackupRefused, restoreSqlite } from "./backup";
import { migrateToLatest, openDatabase, SQLITE_FILE_NAME } from "./connection";
import { migrations } from "./migrations/index";

const FILES = ["session-secret"];
let root: string;
beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), "numberlab-backup-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A migrated database in a new folder, with one account marked by its e-mail address, and a secret. */
async function dataFolder(name: string, email: string): Promise<string> {
  const dataDir = path.join(root, name);
  const handle = openDatabase({ dataDir });
  await migrateToLatest(handle.db);
  await sql`insert into users (id, email, password_hash, role, created_at, updated_at)
            values (${email}, ${email}, null, 'user', 't', 't')`.execute(handle.db);
  await handle.close();
  writeFileSync(path.join(dataDir, "session-secret"), `secret of ${name}`.padEnd(40, "."));
  return dataDir;
}

async function backupOf(dataDir: string): Promise<string> {
  const { folder } = await backupSqlite({
    dataDir,
    destination: path.join(root, "backups"),
    files: FILES,
    now: new Date(),
  });
  return folder;
}

function emails(dataDir: string): string[] {
  const database = new SQLite(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
  try {
    return database
      .prepare("select email from users")
      .pluck()
      .all()
      .map((email) => String(email));
  } finally {
    database.close();
  }
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof BackupRefused) return error.message;
    throw error;
  }
  throw new Error("not refused");
}

describe("SQLite backup and restore", () => {
  it("refuses to back up a folder without a database, and creates nothing", async () => {
    const destination = path.join(root, "backups");
    await expect(
      backupSqlite({ dataDir: path.join(root, "none"), destination, files: FILES, now: new Date() }),
    ).rejects.toThrow(/There is no SQLite database at/);
    expect(readdirSync(root)).toEqual([]);
  });

  it("refuses a folder that is not a backup, a damaged file and a database of newer code, changing nothing", async () => {
    const target = path.join(root, "target");
    const restore = (backup: string) => () => restoreSqlite({ backup, dataDir: target, files: FILES, force: false });
    expect(refusal(restore(path.join(root, "missing")))).toMatch(/holds no numberlab\.sqlite: not a backup/);

    const garbage = path.join(root, "garbage");
    mkdirSync(garbage);
    writeFileSync(path.join(garbage, SQLITE_FILE_NAME), "not a database ".repeat(1000));
    expect(refusal(restore(garbage))).toMatch(/cannot be read as a SQLite database: file is not a database/);

    const foreign = path.join(root, "foreign");
    mkdirSync(foreign);
    new SQLite(path.join(foreign, SQLITE_FILE_NAME)).exec("create table notes (text)").close();
    expect(refusal(restore(foreign))).toMatch(/not a Numberlab database: it has no migrations table/);

    const newer = await backupOf(await dataFolder("newer", "newer@example.org"));
    new SQLite(path.join(newer, SQLITE_FILE_NAME))
      .exec("insert into kysely_migration (name, timestamp) values ('9999_from_the_future', 't')")
      .close();
    expect(refusal(restore(newer))).toMatch(/was migrated by newer code \(9999_from_the_future\)/);

    const damaged = await backupOf(await dataFolder("damaged", "damaged@example.org"));
    // An index that no longer matches its table: every query still reads, only the integrity check sees it.
    new SQLite(path.join(damaged, SQLITE_FILE_NAME))
      .unsafeMode(true)
      .exec(
        `create index users_damaged on users (email);
             pragma writable_schema = on;
             update sqlite_master set sql = replace(sql, '(email)', '(created_at)') where name = 'users_damaged';`,
      )
      .close();
    expect(refusal(restore(damaged))).toMatch(/is damaged \(integrity check: .*users_damaged/);

    // Nothing was written to the target, not even a temporary file.
    expect(readdirSync(target)).toEqual([]);
  });

  it("replaces a database only with --force and never while a process has it open", async () => {
    const backup = await backupOf(await dataFolder("source", "backed-up@example.org"));
    const target = await dataFolder("target", "current@example.org");
    const restore = (force: boolean) => restoreSqlite({ backup, dataDir: target, files: FILES, force });

    expect(refusal(() => restore(false))).toMatch(/already holds numberlab\.sqlite, session-secret; pass --force/);
    const running = openDatabase({ dataDir: target });
    try {
      await sql`insert into users (id, email, password_hash, role, created_at, updated_at)
                values ('later', 'later@example.org', null, 'user', 't', 't')`.execute(running.db);
      expect(refusal(() => restore(true))).toMatch(/is in use \(is the app running\?\): stop it before restoring/);
    } finally {
      await running.close();
    }
    expect(emails(target).sort()).toEqual(["current@example.org", "later@example.org"]);

    expect(restore(true)).toEqual({ folder: target, lastMigration: Object.keys(migrations).at(-1), files: FILES });
    expect(emails(target)).toEqual(["backed-up@example.org"]);
    expect(readFileSync(path.join(target, "session-secret"), "utf8")).toMatch(/^secret of source/);
    expect(readdirSync(target).sort()).toEqual([SQLITE_FILE_NAME, "session-secret"]);
  });
});
