import { stat } from "node:fs/promises";
import path from "node:path";
import { sql, type Kysely } from "kysely";
import { SQLITE_FILE_NAME, type DialectName } from "#database/connection";
import type { Database } from "#database/schema";

export interface DatabaseSize {
  totalBytes: number;
  /** What the total is made of: SQLite's file and its write-ahead log; PostgreSQL's database as one part. */
  parts: { name: string; bytes: number }[];
}

/**
 * How much room the database takes. SQLite: its file in the data folder plus the write-ahead log, which
 * holds recent writes until a checkpoint copies them into the file. PostgreSQL: pg_database_size of
 * the current database (tables, indexes and their overhead).
 */
export async function readDatabaseSize(
  db: Kysely<Database>,
  dialect: DialectName,
  dataDir: string,
): Promise<DatabaseSize> {
  if (dialect === "postgres") {
    const { rows } = await sql<{
      bytes: string | number;
    }>`select pg_database_size(current_database()) as bytes`.execute(db);
    const bytes = Number(rows[0]?.bytes ?? 0);
    return { totalBytes: bytes, parts: [{ name: "Database", bytes }] };
  }
  const file = path.join(dataDir, SQLITE_FILE_NAME);
  const parts = [
    { name: "Database file", bytes: await fileSize(file) },
    { name: "Write-ahead log", bytes: await fileSize(`${file}-wal`) },
  ];
  return { totalBytes: parts.reduce((total, part) => total + part.bytes, 0), parts };
}

/** A file's size; a missing one (no write-ahead log after a clean close) takes no room. */
async function fileSize(file: string): Promise<number> {
  try {
    return (await stat(file)).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
}
