import { mkdirSync } from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, SqliteAdapter, SqliteDialect, type Migration } from "kysely";
import pg from "pg";
import { migrations } from "./migrations/index";
import type { Database } from "./schema";

export type DialectName = "sqlite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  close(): Promise<void>;
}

export interface ConnectionOptions {
  /** A postgres:// URL selects PostgreSQL; otherwise SQLite in `dataDir`. */
  databaseUrl?: string;
  dataDir: string;
  sqliteFileName?: string;
}

const SQLITE_BUSY_TIMEOUT_MS = 5000;

/** The SQLite database's file in the data folder (its write-ahead log sits beside it, with "-wal" added). */
export const SQLITE_FILE_NAME = "numberlab.sqlite";

export function openDatabase(options: ConnectionOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle client losing its connection must not take the process down.
    pool.on("error", (error) => console.warn("PostgreSQL pool error:", error.message));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, dialect: "postgres", close: () => db.destroy() };
  }

  mkdirSync(options.dataDir, { recursive: true });
  const file = path.join(options.dataDir, options.sqliteFileName ?? SQLITE_FILE_NAME);
  const sqlite = new SQLite(file, { timeout: SQLITE_BUSY_TIMEOUT_MS });
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // SQLite's own lower() folds ASCII only; PostgreSQL's follows the locale. Searches compare lower() of
  // both sides, so this one folds all of Unicode, as PostgreSQL does, and "Über" finds "über" on both.
  sqlite.function("lower", { deterministic: true }, (text: unknown) =>
    typeof text === "string" ? text.toLowerCase() : text,
  );
  const db = new Kysely<Database>({ dialect: new TransactionalDdlSqliteDialect({ database: sqlite }) });
  return { db, dialect: "sqlite", close: () => db.destroy() };
}

/**
 * SQLite runs schema changes inside transactions, but Kysely's adapter says it does not (kysely#56: a
 * migration may need `PRAGMA foreign_keys`, which a transaction ignores; ours use none), so its Migrator
 * would run our migrations without one and a failure would leave half of one applied. Declaring it makes
 * the Migrator run each batch of pending migrations in one transaction, as it does on PostgreSQL.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalDdlSqliteDialect extends SqliteDialect {
  override createAdapter(): SqliteAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

/**
 * Applies every pending migration, all in one transaction on both dialects: if one fails, none of them
 * is applied and the database is as it was. Throws with the failing migration's name. `list` is for
 * tests that add a migration of their own.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  list: Record<string, Migration> = migrations,
): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => list } });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : "";
    throw new Error(`Database migration failed${name}: ${describe(error)}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
