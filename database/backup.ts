import { closeSync, constants, copyFileSync, existsSync, fsyncSync, mkdirSync, mkdtempSync } from "node:fs";
import { openSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { SQLITE_FILE_NAME } from "./connection";
import { migrations } from "./migrations/index";

/** A backup or restore that must not go ahead: the message says why and what to do. */
export class BackupRefused extends Error {}

/** What a backup folder holds: the database, and the files of DATA_DIR it needs beside it. */
export interface BackupContents {
  folder: string;
  /** The last migration applied to the backed-up database. */
  lastMigration: string;
  /** The other files of DATA_DIR copied with it (e.g. the session secret), by name. */
  files: string[];
}

/** Each backup folder's name: when it was taken, to the millisecond, so backups sort by age. */
const BACKUP_PREFIX = "numberlab-";

/** Copies every page in one step: one read transaction, so one consistent snapshot (see backupSqlite). */
const ALL_PAGES = 0x7fffffff;

/**
 * Copies the SQLite database of `dataDir` into a new folder under `destination`, with SQLite's online
 * backup while the app keeps writing, plus `files` (names in `dataDir`, e.g. the session secret) where
 * they exist. The copy is made in one step: a backup made in small steps restarts whenever another
 * process writes, and may never finish under steady writes; one step reads one snapshot, and in WAL
 * mode writers go on meanwhile. The folder appears under its final name only once complete and checked.
 */
export async function backupSqlite(options: {
  dataDir: string;
  destination: string;
  files: readonly string[];
  now: Date;
}): Promise<BackupContents> {
  const source = path.join(options.dataDir, SQLITE_FILE_NAME);
  if (!existsSync(source)) throw new BackupRefused(`There is no SQLite database at ${source}.`);
  mkdirSync(options.destination, { recursive: true });
  const folder = path.join(options.destination, BACKUP_PREFIX + options.now.toISOString().replaceAll(":", "-"));
  if (existsSync(folder)) throw new BackupRefused(`${folder} already exists.`);

  const partial = mkdtempSync(path.join(options.destination, ".partial-"));
  try {
    const database = new SQLite(source, { fileMustExist: true });
    try {
      await database.backup(path.join(partial, SQLITE_FILE_NAME), { progress: () => ALL_PAGES });
    } finally {
      database.close();
    }
    const lastMigration = checkDatabase(path.join(partial, SQLITE_FILE_NAME), { standalone: true });
    const files = options.files.filter((name) => existsSync(path.join(options.dataDir, name)));
    for (const name of files) {
      copyFileSync(path.join(options.dataDir, name), path.join(partial, name), constants.COPYFILE_EXCL);
    }
    for (const name of [SQLITE_FILE_NAME, ...files]) syncFile(path.join(partial, name));
    renameSync(partial, folder);
    return { folder, lastMigration, files };
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
}

/**
 * Restores a backup folder made by backupSqlite into `dataDir`. Refused, with nothing changed, when the
 * backup is damaged or from newer code, or when `dataDir` already holds a file the restore would write
 * (unless `force`), or when a process has that database open. Each file is written beside its target
 * and renamed over it, so a failure never leaves a half-written database.
 */
export function restoreSqlite(options: {
  backup: string;
  dataDir: string;
  files: readonly string[];
  force: boolean;
}): BackupContents {
  const backupFile = path.join(options.backup, SQLITE_FILE_NAME);
  if (!existsSync(backupFile)) throw new BackupRefused(`${options.backup} holds no ${SQLITE_FILE_NAME}: not a backup.`);
  const files = options.files.filter((name) => existsSync(path.join(options.backup, name)));
  const target = path.join(options.dataDir, SQLITE_FILE_NAME);

  const present = [SQLITE_FILE_NAME, ...files].filter((name) => existsSync(path.join(options.dataDir, name)));
  if (present.length > 0 && !options.force) {
    throw new BackupRefused(
      `${options.dataDir} already holds ${present.join(", ")}; pass --force to replace ${present.length > 1 ? "them" : "it"}.`,
    );
  }
  if (existsSync(target)) ensureUnused(target);

  mkdirSync(options.dataDir, { recursive: true });
  const staged = [SQLITE_FILE_NAME, ...files].map((name) => {
    const temporary = path.join(options.dataDir, `.${name}.restoring-${process.pid}`);
    return { from: path.join(options.backup, name), temporary, final: path.join(options.dataDir, name) };
  });
  try {
    for (const file of staged) copyFileSync(file.from, file.temporary);
    // The copy is checked, not the backup, which stays untouched: what is checked is what is put in place.
    const lastMigration = checkDatabase(staged[0]!.temporary, { standalone: false });
    for (const file of staged) syncFile(file.temporary);
    // The old database's write-ahead log and index belong to it: beside the restored file they would
    // be replayed into it.
    for (const suffix of ["-wal", "-shm"]) rmSync(target + suffix, { force: true });
    for (const file of staged) renameSync(file.temporary, file.final);
    return { folder: options.dataDir, lastMigration, files };
  } finally {
    for (const file of staged) rmSync(file.temporary, { force: true });
  }
}

/**
 * Checks a copied database and returns its last migration. Refused when SQLite finds it damaged, when it
 * has no migrations table, or when it was migrated by code newer than this. `standalone` turns the copy
 * into one self-contained file (rollback journal; openDatabase switches it back to WAL).
 */
function checkDatabase(file: string, { standalone }: { standalone: boolean }): string {
  const database = new SQLite(file, { fileMustExist: true });
  try {
    if (standalone) database.pragma("journal_mode = DELETE");
    const problems = readColumn(database, "pragma integrity_check");
    if (problems.join() !== "ok") {
      throw new BackupRefused(`${file} is damaged (integrity check: ${problems.slice(0, 3).join("; ")}).`);
    }
    const hasMigrations = database
      .prepare("select 1 from sqlite_master where type = 'table' and name = 'kysely_migration'")
      .get();
    if (!hasMigrations) throw new BackupRefused(`${file} is not a Numberlab database: it has no migrations table.`);
    const applied = readColumn(database, "select name from kysely_migration order by name");
    const unknown = applied.filter((name) => !(name in migrations));
    if (unknown.length > 0) {
      throw new BackupRefused(
        `${file} was migrated by newer code (${unknown.join(", ")}): restore it with the version that made it.`,
      );
    }
    const last = applied.at(-1);
    if (!last) throw new BackupRefused(`${file} has no migrations applied: it is not a Numberlab database.`);
    return last;
  } catch (error) {
    // A file that is not a database at all fails at its first read, not when opened.
    if (error instanceof BackupRefused) throw error;
    throw new BackupRefused(`${file} cannot be read as a SQLite database: ${(error as Error).message}`);
  } finally {
    database.close();
  }
}

function readColumn(database: SQLite.Database, query: string): string[] {
  return database
    .prepare(query)
    .raw()
    .all()
    .map((row) => String((row as unknown[])[0]));
}

/** Errors that say the file being replaced is no database any more: nothing in it to keep. */
const UNREADABLE = new Set(["SQLITE_NOTADB", "SQLITE_CORRUPT"]);

/**
 * Refuses when any connection has the database open (the app, a CLI): in exclusive locking mode even
 * an idle reader of a WAL database keeps SQLite from taking the lock, so this fails fast instead of
 * replacing the file under a running app, which would go on writing to the file it had open.
 */
function ensureUnused(file: string): void {
  const database = new SQLite(file, { fileMustExist: true, timeout: 0 });
  try {
    database.pragma("locking_mode = EXCLUSIVE");
    database.exec("begin exclusive; commit");
  } catch (error) {
    const code = (error as { code?: string }).code ?? "";
    if (code === "SQLITE_BUSY") {
      throw new BackupRefused(`${file} is in use (is the app running?): stop it before restoring.`);
    }
    if (!UNREADABLE.has(code)) throw error;
  } finally {
    database.close();
  }
}

/** Flushes a written file to disk before it is renamed into place. */
function syncFile(file: string): void {
  const descriptor = openSync(file, "r");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
