import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";

export interface ServerErrorEntry {
  method: string;
  /** Without the query string, which may carry secrets. */
  path: string;
  status: number;
}

/** Longest path kept: enough to tell the page, bounded so a hostile URL cannot fill the table. */
const MAX_PATH_LENGTH = 300;

export async function recordServerError(db: Kysely<Database>, entry: ServerErrorEntry): Promise<void> {
  await db
    .insertInto("server_errors")
    .values({
      id: randomUUID(),
      occurred_at: isoNow(),
      method: entry.method.slice(0, 16),
      path: entry.path.split("?")[0]!.slice(0, MAX_PATH_LENGTH),
      status: entry.status,
    })
    .execute();
}

/** Answers of 500 and above since `sinceIso`, from every instance (the dashboard's "server errors in 24 h"). */
export async function countServerErrorsSince(db: Kysely<Database>, sinceIso: string): Promise<number> {
  const row = await db
    .selectFrom("server_errors")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("occurred_at", ">=", sinceIso)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function deleteServerErrorsBefore(db: Kysely<Database>, beforeIso: string): Promise<number> {
  const result = await db.deleteFrom("server_errors").where("occurred_at", "<", beforeIso).executeTakeFirst();
  return Number(result.numDeletedRows);
}
