import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { afterAll, beforeAll } from "vitest";
import { migrateToLatest, openDatabase, type DatabaseHandle, type DialectName } from "#database/connection";

/**
 * The dialects every model test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL points at a server (CI sets it).
 */
export const testDialects: DialectName[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];

export interface TestDatabase extends DatabaseHandle {
  /** A URL (postgres) or a data folder (sqlite) another process can open. */
  location: { databaseUrl?: string; dataDir: string };
  destroy(): Promise<void>;
}

/** A fresh, migrated database of the given dialect, removed again by `destroy()`. */
export async function createTestDatabase(dialect: DialectName): Promise<TestDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-test-"));
  if (dialect === "sqlite") {
    const handle = openDatabase({ dataDir });
    await migrateToLatest(handle.db);
    return {
      ...handle,
      location: { dataDir },
      destroy: async () => {
        await handle.close();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `numberlab_test_${crypto.randomUUID().replaceAll("-", "")}`;
  await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  const handle = openDatabase({ databaseUrl, dataDir });
  await migrateToLatest(handle.db);
  return {
    ...handle,
    location: { databaseUrl, dataDir },
    destroy: async () => {
      await handle.close();
      await withAdminClient(adminUrl, async (client) => {
        await waitForLastConnection(client, name);
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      });
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** How long a dropped test database waits for pools that are still closing (e.g. a job runner's). */
const CLOSING_CONNECTIONS_WAIT_MS = 2_000;

/**
 * Waits until no session is connected to the database, or the wait is over. A pool that was told to end
 * (graphile-worker's, when its runner stops) closes its clients a moment later; dropping the database
 * WITH (FORCE) under them makes each emit an error no one listens to, which fails the test run.
 */
async function waitForLastConnection(client: pg.Client, name: string): Promise<void> {
  const until = Date.now() + CLOSING_CONNECTIONS_WAIT_MS;
  while (Date.now() < until) {
    const { rows } = await client.query<{ sessions: number }>(
      "SELECT count(*)::int AS sessions FROM pg_stat_activity WHERE datname = $1",
      [name],
    );
    if (rows[0]!.sessions === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function withAdminClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/**
 * A fresh database for the enclosing describe block: created before its tests,
 * destroyed after them. The returned object is filled in by beforeAll.
 */
export function useTestDatabase(dialect: DialectName): TestDatabase {
  const database = {} as TestDatabase;
  beforeAll(async () => {
    Object.assign(database, await createTestDatabase(dialect));
  });
  afterAll(async () => {
    await database.destroy();
  });
  return database;
}
