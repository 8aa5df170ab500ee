import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { normalizeEmail } from "./user.server";

/** Every action the audit log knows; anything else is refused at write time. */
export const AUDIT_ACTIONS = [
  "user.create",
  "role.grant",
  "role.revoke",
  "account.disable",
  "account.enable",
  "sessions.revoke",
  "settings.update",
  "premium.grant",
  "premium.revoke",
  // Web push from /admin/sendNotification: details name the send, its topic, audience and time.
  "push.send",
  "push.schedule",
  "push.test",
  "push.cancel",
  // The inbox (/admin/adminMessage): details name the message (id, subject, kind); a reply also its transport.
  "inbox.reply",
  "inbox.archive",
  "inbox.unarchive",
  // The diagnostics lab's test mail to the admin's own address: details say how it went.
  "mail.test",
  // The team's todo list (/admin/todo): details name the item (todoId, title) and what changed.
  "todo.create",
  "todo.update",
  "todo.move",
  "todo.delete",
  "todo.comment",
  "todo.comment.delete",
  // A content-assistant answer saved for review (/admin/adminia): details name the request and the draft.
  "assistant.draft",
] as const;

export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_PAGE_SIZE = 50;

/** Who did it or to whom; an actor of null is the operator's command line. */
export interface AuditParty {
  id: string;
  email: string;
}

/** Flat facts about what changed, e.g. how many sessions ended. */
export type AuditDetails = Record<string, string | number | boolean | null>;

const auditDetailsSchema = z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()]));

/**
 * Stored in the details of entries made from the command line. Without it
 * such an entry (no actor) could not be told from one whose admin later
 * deleted their account, which also empties the actor columns.
 */
const VIA_KEY = "via";
const VIA_COMMAND_LINE = "command-line";

/** An account as the entry names it; both null once the account was deleted. */
export interface AuditAccount {
  id: string | null;
  email: string | null;
}

export interface AuditEntry {
  id: string;
  /** null: the command line (`npm run admin`). */
  actor: AuditAccount | null;
  action: AuditAction;
  target: AuditAccount;
  details: AuditDetails | null;
  createdAt: string;
}

export function isAuditAction(value: string): value is AuditAction {
  return (AUDIT_ACTIONS as readonly string[]).includes(value);
}

/** Writes one entry. Pass the transaction that made the change, so both land or neither does. */
export async function recordAudit(
  db: Kysely<Database>,
  entry: { actor: AuditParty | null; action: AuditAction; target: AuditParty | null; details?: AuditDetails },
): Promise<void> {
  if (!isAuditAction(entry.action)) throw new Error(`Unknown audit action: ${String(entry.action)}`);
  if (entry.details && VIA_KEY in entry.details) throw new Error(`"${VIA_KEY}" is reserved in audit details`);
  const details = entry.actor ? entry.details : { [VIA_KEY]: VIA_COMMAND_LINE, ...entry.details };
  await db
    .insertInto("audit_log")
    .values({
      id: crypto.randomUUID(),
      actor_id: entry.actor?.id ?? null,
      actor_email: entry.actor?.email ?? null,
      action: entry.action,
      target_id: entry.target?.id ?? null,
      target_email: entry.target?.email ?? null,
      details: details ? JSON.stringify(auditDetailsSchema.parse(details)) : null,
      created_at: isoNow(),
    })
    .execute();
}

export interface AuditFilter {
  /** Entries about the account with this e-mail address: recorded under it, or about the account that has it now. */
  targetEmail?: string;
  action?: AuditAction;
}

export interface AuditPage {
  entries: AuditEntry[];
  total: number;
  /** The page shown: the one asked for, moved back to the last page when beyond it. */
  page: number;
  pageCount: number;
}

/** Entries newest first, `pageSize` at a time (pages count from 1). */
export async function listAuditEntries(
  db: Kysely<Database>,
  {
    filter = {},
    page = 1,
    pageSize = AUDIT_PAGE_SIZE,
  }: { filter?: AuditFilter; page?: number; pageSize?: number } = {},
): Promise<AuditPage> {
  let query = db.selectFrom("audit_log");
  if (filter.targetEmail !== undefined) {
    const email = normalizeEmail(filter.targetEmail);
    query = query.where((eb) =>
      eb.or([
        eb("audit_log.target_email", "=", email),
        eb("audit_log.target_id", "in", eb.selectFrom("users").select("users.id").where("users.email", "=", email)),
      ]),
    );
  }
  if (filter.action !== undefined) query = query.where("audit_log.action", "=", filter.action);

  const { count } = await query.select((eb) => eb.fn.countAll().as("count")).executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const shown = Math.min(Math.max(1, Math.floor(page)), pageCount);
  const rows = await query
    .selectAll("audit_log")
    .orderBy("audit_log.created_at", "desc")
    .orderBy("audit_log.id", "desc")
    .limit(pageSize)
    .offset((shown - 1) * pageSize)
    .execute();
  return { entries: rows.map(toAuditEntry), total, page: shown, pageCount };
}

function toAuditEntry(row: Database["audit_log"]): AuditEntry {
  const { [VIA_KEY]: via, ...details } = parseDetails(row.details) ?? {};
  return {
    id: row.id,
    actor: via === VIA_COMMAND_LINE ? null : { id: row.actor_id, email: row.actor_email },
    // Written only through recordAudit, which accepts nothing else.
    action: row.action as AuditAction,
    target: { id: row.target_id, email: row.target_email },
    details: Object.keys(details).length > 0 ? details : null,
    createdAt: row.created_at,
  };
}

function parseDetails(text: string | null): AuditDetails | null {
  if (text === null) return null;
  try {
    const parsed = auditDetailsSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
