import type { Kysely } from "kysely";
import type { Database } from "#database/schema";

/**
 * Sends still waiting for their time (or whose dispatch never ran), earliest first, so a starting
 * instance can queue their dispatch again (app/push/push-jobs.server.ts): the in-process queue
 * forgets its jobs in a restart, and a job key makes a second addition harmless on PostgreSQL.
 */
export async function listWaitingSends(db: Kysely<Database>): Promise<{ id: string; scheduledFor: string }[]> {
  const rows = await db
    .selectFrom("push_sends")
    .select(["id", "scheduled_for"])
    .where("status", "=", "scheduled")
    .orderBy("scheduled_for")
    .execute();
  return rows.map((row) => ({ id: row.id, scheduledFor: row.scheduled_for }));
}
