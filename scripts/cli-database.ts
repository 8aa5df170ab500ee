import { migrateToLatest, openDatabase, type DatabaseHandle } from "#database/connection";
import { readEnv } from "#app/utils/env.server";

/** The database the server would use, migrated, for command-line tools. */
export async function openMigratedDatabase(): Promise<DatabaseHandle & { applied: string[] }> {
  const env = readEnv();
  const handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  try {
    return { ...handle, applied: await migrateToLatest(handle.db) };
  } catch (error) {
    await handle.close();
    throw error;
  }
}
