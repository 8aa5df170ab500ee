import { openDatabase, type DatabaseHandle } from "#database/connection";
import { getEnv } from "./env.server";

let handle: DatabaseHandle | undefined;

/** The process-wide database, opened on first use from the validated settings. */
export function getDatabase(): DatabaseHandle {
  if (!handle) {
    const env = getEnv();
    handle = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  }
  return handle;
}

export async function closeDatabase(): Promise<void> {
  const current = handle;
  handle = undefined;
  await current?.close();
}
