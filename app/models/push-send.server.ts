import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import {
  PUSH_DELIVERY_STATUSES,
  pushCampaign,
  type PushDeliveryStatus,
  type PushSendAudience,
  type PushSendKind,
  type PushSendStatus,
  type PushTopic,
} from "./push-vocabulary";
import { isoNow, now } from "../utils/clock";

/** What a send says and who it goes to; checked at the boundary (the admin page's zod schema). */
export interface PushSendInput {
  kind: PushSendKind;
  title: string;
  body: string;
  url: string;
  topic: PushTopic;
  audience: PushSendAudience;
  /** The one user of a "user" audience, or the admin of a test. */
  audienceUserId: string | null;
  createdBy: string | null;
  /** ISO instant it goes out at; now for "send now". */
  scheduledFor: string;
}

export interface PushSend {
  id: string;
  kind: PushSendKind;
  title: string;
  body: string;
  url: string;
  topic: PushTopic;
  audience: PushSendAudience;
  audienceUserId: string | null;
  /** The one user's (or the tester's) e-mail address, when there is one. */
  audienceEmail: string | null;
  createdBy: string | null;
  createdByEmail: string | null;
  createdAt: string;
  scheduledFor: string;
  status: PushSendStatus;
  dispatchedAt: string | null;
}

/** A send's delivery report: how many deliveries are in each state, and why the failed ones failed. */
export interface PushSendReport {
  counts: Record<PushDeliveryStatus, number>;
  /** Failure reasons with how many deliveries each, most frequent first. */
  failures: { reason: string; deliveries: number }[];
  /** The earliest time a delivery still waits for (the end of someone's quiet hours), if any. */
  nextDeliveryAt: string | null;
  /** push_received and push_click counted by analytics for this send (consenting devices only). */
  shown: number;
  clicked: number;
}

export async function createSend(db: Kysely<Database>, input: PushSendInput): Promise<PushSend> {
  const id = crypto.randomUUID();
  await db
    .insertInto("push_sends")
    .values({
      id,
      kind: input.kind,
      title: input.title,
      body: input.body,
      url: input.url,
      topic: input.topic,
      audience: input.audience,
      audience_user_id: input.audienceUserId,
      created_by: input.createdBy,
      created_at: isoNow(),
      scheduled_for: input.scheduledFor,
      status: "scheduled",
      dispatched_at: null,
    })
    .execute();
  const send = await findSend(db, id);
  if (!send) throw new Error("The send just written cannot be read back.");
  return send;
}

function sendsWithEmails(db: Kysely<Database>) {
  return db
    .selectFrom("push_sends")
    .leftJoin("users as audience_user", "audience_user.id", "push_sends.audience_user_id")
    .leftJoin("users as author", "author.id", "push_sends.created_by")
    .selectAll("push_sends")
    .select(["audience_user.email as audience_email", "author.email as author_email"]);
}

type SendRow = Database["push_sends"] & { audience_email: string | null; author_email: string | null };

function toSend(row: SendRow): PushSend {
  return {
    id: row.id,
    kind: row.kind as PushSendKind,
    title: row.title,
    body: row.body,
    url: row.url,
    topic: row.topic as PushTopic,
    audience: row.audience as PushSendAudience,
    audienceUserId: row.audience_user_id,
    audienceEmail: row.audience_email,
    createdBy: row.created_by,
    createdByEmail: row.author_email,
    createdAt: row.created_at,
    scheduledFor: row.scheduled_for,
    status: row.status as PushSendStatus,
    dispatchedAt: row.dispatched_at,
  };
}

export async function findSend(db: Kysely<Database>, id: string): Promise<PushSend | undefined> {
  const row = await sendsWithEmails(db).where("push_sends.id", "=", id).executeTakeFirst();
  return row ? toSend(row) : undefined;
}

/** The history, newest first: every send of every kind, including tests and reminders. */
export async function listSends(db: Kysely<Database>, { limit = 50, offset = 0 } = {}): Promise<PushSend[]> {
  const rows = await sendsWithEmails(db)
    .orderBy("push_sends.created_at", "desc")
    .orderBy("push_sends.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toSend);
}

export async function countSends(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("push_sends")
    .select((eb) => eb.fn.countAll<string | number>().as("sends"))
    .executeTakeFirstOrThrow();
  return Number(row.sends);
}

/** Cancels a send that has not gone out yet; false when it already went (or was cancelled). */
export async function cancelScheduledSend(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db
    .updateTable("push_sends")
    .set({ status: "cancelled" })
    .where("id", "=", id)
    .where("status", "=", "scheduled")
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function readSendReport(db: Kysely<Database>, sendId: string): Promise<PushSendReport> {
  const [byStatus, failures, waiting, engagement] = await Promise.all([
    db
      .selectFrom("push_deliveries")
      .select(["status", (eb) => eb.fn.countAll<string | number>().as("deliveries")])
      .where("send_id", "=", sendId)
      .groupBy("status")
      .execute(),
    db
      .selectFrom("push_deliveries")
      .select(["last_error", (eb) => eb.fn.countAll<string | number>().as("deliveries")])
      .where("send_id", "=", sendId)
      .where("status", "=", "failed")
      .groupBy("last_error")
      .execute(),
    db
      .selectFrom("push_deliveries")
      .select((eb) => eb.fn.min("not_before").as("next"))
      .where("send_id", "=", sendId)
      .where("status", "=", "queued")
      .executeTakeFirst(),
    db
      .selectFrom("analytics_events")
      .select(["name", (eb) => eb.fn.countAll<string | number>().as("events")])
      .where("subject", "=", pushCampaign(sendId))
      .where("name", "in", ["push_received", "push_click"])
      .groupBy("name")
      .execute(),
  ]);
  const counts = Object.fromEntries(PUSH_DELIVERY_STATUSES.map((status) => [status, 0])) as Record<
    PushDeliveryStatus,
    number
  >;
  for (const row of byStatus) {
    if ((PUSH_DELIVERY_STATUSES as readonly string[]).includes(row.status)) {
      counts[row.status as PushDeliveryStatus] = Number(row.deliveries);
    }
  }
  const eventsNamed = (name: string) => Number(engagement.find((row) => row.name === name)?.events ?? 0);
  return {
    counts,
    failures: failures
      .map((row) => ({ reason: row.last_error ?? "Unknown", deliveries: Number(row.deliveries) }))
      .sort((a, b) => b.deliveries - a.deliveries || a.reason.localeCompare(b.reason)),
    nextDeliveryAt: waiting?.next ?? null,
    shown: eventsNamed("push_received"),
    clicked: eventsNamed("push_click"),
  };
}

/** Sends and their delivery reports are kept this long, then deleted with their deliveries. */
export const PUSH_SEND_RETENTION_MS = 365 * 24 * 60 * 60 * 1000;

/** The hourly sweep: sends older than the retention that are no longer waiting to go. */
export async function deleteOldSends(db: Kysely<Database>): Promise<number> {
  const cutoff = new Date(now().getTime() - PUSH_SEND_RETENTION_MS).toISOString();
  const result = await db
    .deleteFrom("push_sends")
    .where("created_at", "<", cutoff)
    .where("status", "!=", "scheduled")
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
