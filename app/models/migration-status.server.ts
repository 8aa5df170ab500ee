import { Migrator, type Kysely } from "kysely";
import { migrations } from "#database/migrations/index";
import type { Database } from "#database/schema";

export interface MigrationStatus {
  /** Migrations this database has run. */
  applied: number;
  /** Migrations this build knows. */
  known: number;
  /** The newest migration run, or null on an empty database. */
  latest: string | null;
}

/** Which of this build's migrations the database has run. Reads only: nothing is applied. */
export async function readMigrationStatus(db: Kysely<Database>): Promise<MigrationStatus> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const all = await migrator.getMigrations();
  const applied = all.filter((migration) => migration.executedAt !== undefined);
  return { applied: applied.length, known: all.length, latest: applied.at(-1)?.name ?? null };
}
