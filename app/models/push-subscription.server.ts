import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";

/** As sessions clip it: enough to name the browser and system on the profile. */
const USER_AGENT_MAX_LENGTH = 200;

export interface SubscriptionInput {
  userId: string;
  /** The session of the browser handing it over: signing out of it removes the subscription. */
  sessionId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  userAgent: string | null;
  /**
   * The endpoint this one replaces (the browser changed it, or refreshed it after 7 days). The new one
   * is stored only while the old one (or the new one) is still on file for this user: a device the
   * learner removed stays removed.
   */
  replacesEndpoint?: string;
}

export type SaveOutcome = { status: "stored"; id: string } | { status: "not-on-file" };

/**
 * Stores or refreshes a browser's subscription. One row per endpoint: a browser's endpoint moves to
 * whoever is signed in now, as a new row, so deliveries queued for the previous account (a reminder
 * about their reviews) never reach the new one. One row per session too: a browser has one
 * subscription, so any other endpoint of the same session is out of date.
 */
export async function saveSubscription(db: Kysely<Database>, input: SubscriptionInput): Promise<SaveOutcome> {
  return db.transaction().execute(async (trx) => {
    const at = isoNow();
    if (input.replacesEndpoint !== undefined) {
      const onFile = await trx
        .selectFrom("push_subscriptions")
        .select("id")
        .where("user_id", "=", input.userId)
        .where("endpoint", "in", [input.replacesEndpoint, input.endpoint])
        .executeTakeFirst();
      if (!onFile) return { status: "not-on-file" };
    }
    await trx
      .deleteFrom("push_subscriptions")
      .where("endpoint", "!=", input.endpoint)
      .where((eb) =>
        eb.or([
          eb("session_id", "=", input.sessionId),
          ...(input.replacesEndpoint === undefined
            ? []
            : [eb.and([eb("endpoint", "=", input.replacesEndpoint), eb("user_id", "=", input.userId)])]),
        ]),
      )
      .execute();
    // Another account's row for this browser goes; its queued deliveries lose their subscription.
    await trx
      .deleteFrom("push_subscriptions")
      .where("endpoint", "=", input.endpoint)
      .where("user_id", "!=", input.userId)
      .execute();
    const fields = {
      session_id: input.sessionId,
      p256dh: input.p256dh,
      auth: input.auth,
      user_agent: input.userAgent?.slice(0, USER_AGENT_MAX_LENGTH) ?? null,
      refreshed_at: at,
    };
    const row = await trx
      .insertInto("push_subscriptions")
      .values({ id: crypto.randomUUID(), user_id: input.userId, endpoint: input.endpoint, created_at: at, ...fields })
      .onConflict((conflict) => conflict.column("endpoint").doUpdateSet(fields))
      .returning("id")
      .executeTakeFirstOrThrow();
    return { status: "stored", id: row.id };
  });
}

/** Removes this browser's subscription when it is the user's; true when there was one. */
export async function removeSubscription(
  db: Kysely<Database>,
  { userId, endpoint }: { userId: string; endpoint: string },
): Promise<boolean> {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("endpoint", "=", endpoint)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Removes one of the user's devices by its id (the profile's "Remove"); true when there was one. */
export async function removeDevice(db: Kysely<Database>, { userId, id }: { userId: string; id: string }) {
  const result = await db
    .deleteFrom("push_subscriptions")
    .where("user_id", "=", userId)
    .where("id", "=", id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The push service answered 404 or 410: the subscription is gone for good. */
export async function deleteSubscriptionByEndpoint(db: Kysely<Database>, endpoint: string): Promise<void> {
  await db.deleteFrom("push_subscriptions").where("endpoint", "=", endpoint).execute();
}

export interface PushDevice {
  id: string;
  sessionId: string;
  userAgent: string | null;
  /** The push service's host (which company's servers carry the messages), never the endpoint itself. */
  pushService: string;
  createdAt: string;
  refreshedAt: string;
}

/** The devices that receive this user's notifications, most recently handed over first. */
export async function listUserDevices(db: Kysely<Database>, userId: string): Promise<PushDevice[]> {
  const rows = await db
    .selectFrom("push_subscriptions")
    .select(["id", "session_id", "endpoint", "user_agent", "created_at", "refreshed_at"])
    .where("user_id", "=", userId)
    .orderBy("refreshed_at", "desc")
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    sessionId: row.session_id,
    userAgent: row.user_agent,
    pushService: new URL(row.endpoint).host,
    createdAt: row.created_at,
    refreshedAt: row.refreshed_at,
  }));
}
