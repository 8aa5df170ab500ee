import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoAfter, isoNow } from "../utils/clock";
import { normalizeEmail } from "./user.server";

/** Outbox mail is kept this long: its links expire within an hour, the record is for the operator. */
export const OUTBOX_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;
export const OUTBOX_PAGE_SIZE = 20;

export interface OutboxMail {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  createdAt: string;
}

export async function storeOutboxMail(
  db: Kysely<Database>,
  mail: { to: string; subject: string; text: string },
): Promise<void> {
  await db
    .insertInto("outbox_mails")
    .values({
      id: crypto.randomUUID(),
      recipient: normalizeEmail(mail.to),
      subject: mail.subject,
      body: mail.text,
      created_at: isoNow(),
    })
    .execute();
}

/**
 * Newest first, a page at a time, optionally only the mail to one address.
 * A page past the end shows the last one.
 */
export async function listOutboxMails(
  db: Kysely<Database>,
  { page, recipient }: { page: number; recipient?: string },
): Promise<{ mails: OutboxMail[]; total: number; page: number; pageCount: number }> {
  let query = db.selectFrom("outbox_mails");
  if (recipient) query = query.where("recipient", "=", normalizeEmail(recipient));
  const { count } = await query.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / OUTBOX_PAGE_SIZE));
  const shown = Math.min(page, pageCount);
  const rows = await query
    .select(["id", "recipient", "subject", "body", "created_at"])
    .orderBy("created_at", "desc")
    .orderBy("id")
    .limit(OUTBOX_PAGE_SIZE)
    .offset((shown - 1) * OUTBOX_PAGE_SIZE)
    .execute();
  return {
    mails: rows.map((row) => ({
      id: row.id,
      recipient: row.recipient,
      subject: row.subject,
      body: row.body,
      createdAt: row.created_at,
    })),
    total,
    page: shown,
    pageCount,
  };
}

export async function deleteOutboxMailsTo(db: Kysely<Database>, email: string): Promise<number> {
  const result = await db.deleteFrom("outbox_mails").where("recipient", "=", normalizeEmail(email)).executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteOldOutboxMails(db: Kysely<Database>): Promise<number> {
  const cutoff = isoAfter(-OUTBOX_RETENTION_MS);
  const result = await db.deleteFrom("outbox_mails").where("created_at", "<", cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
