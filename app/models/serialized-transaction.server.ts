import { PostgresAdapter, sql, type Kysely } from "kysely";
import type { Database } from "#database/schema";

/**
 * Runs `work` in a transaction that no other transaction taking the same lock can interleave with,
 * on every instance. On PostgreSQL `lock` runs first inside the transaction (an advisory or a row
 * lock); SQLite has a single writer, so `begin immediate` takes its write lock before the first read.
 */
export async function serializedTransaction<T>(
  db: Kysely<Database>,
  lock: (trx: Kysely<Database>) => Promise<unknown>,
  work: (trx: Kysely<Database>) => Promise<T>,
): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.transaction().execute(async (trx) => {
      await lock(trx);
      return work(trx);
    });
  }
  return db.connection().execute(async (connection) => {
    await sql`begin immediate`.execute(connection);
    try {
      const result = await work(connection);
      await sql`commit`.execute(connection);
      return result;
    } catch (error) {
      await sql`rollback`.execute(connection);
      throw error;
    }
  });
}

/** A PostgreSQL transaction-scoped advisory lock on a two-part key; each module owns its key. */
export function advisoryLock(key: number, part: number) {
  return (trx: Kysely<Database>) => sql`select pg_advisory_xact_lock(${sql.lit(key)}, ${sql.lit(part)})`.execute(trx);
}
