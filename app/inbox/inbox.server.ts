import { z } from "zod";
import { textField } from "../http/form.server";
import { mailFailureReason, sendMail, type MailTransport } from "../mail/mail.server";
import { recordAudit, type AuditAction, type AuditParty } from "../models/audit-log.server";
import {
  findContactMessage,
  recordContactReply,
  setContactMessageArchived,
  setContactMessageRead,
  type ContactMessage,
  type ContactReply,
} from "../models/contact-message.server";
import { formatUtc } from "../utils/format-date";
import { REPLY_LIMITS } from "../utils/contact-limits";
import { getDatabase } from "../utils/db.server";
import type { InboxChangeIntent } from "../utils/inbox-query";

/**
 * The inbox's changes: read and unread, archive, and the reply by e-mail,
 * which is kept on the thread only once the mail system took it.
 */

/** Archiving is audited (it hides a message from the team); reading is routine and is not. */
const AUDITED: Partial<Record<InboxChangeIntent, AuditAction>> = {
  archive: "inbox.archive",
  unarchive: "inbox.unarchive",
};

/** The sender as the audit log's target: their account, if they wrote signed in. */
function auditTarget(message: ContactMessage): AuditParty | null {
  return message.userId ? { id: message.userId, email: message.email } : null;
}

/** Applies one change; null when the message does not exist (any more). */
export async function changeInboxMessage(
  actor: AuditParty,
  messageId: string,
  intent: InboxChangeIntent,
): Promise<{ message: ContactMessage; changed: boolean } | null> {
  const { db } = getDatabase();
  const outcome =
    intent === "read" || intent === "unread"
      ? await setContactMessageRead(db, messageId, intent === "read")
      : await setContactMessageArchived(db, messageId, intent === "archive");
  if (outcome === "not-found") return null;
  const message = await findContactMessage(db, messageId);
  if (!message) return null;
  const action = AUDITED[intent];
  if (action && outcome === "changed") {
    await recordAudit(db, {
      actor,
      action,
      target: auditTarget(message),
      details: { messageId: message.id, subject: message.subject, kind: message.kind },
    });
  }
  return { message, changed: outcome === "changed" };
}

/** "Re: Hello" for "Hello", and a subject that already answers stays as it is. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  const reply = /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
  return reply.slice(0, REPLY_LIMITS.subject);
}

export const replySchema = z.object({
  subject: textField("a subject", { max: REPLY_LIMITS.subject }).refine(
    (subject) => !/[\r\n]/.test(subject),
    "The subject must be one line.",
  ),
  body: textField("your reply", { max: REPLY_LIMITS.body }),
});

/**
 * The mail as the sender receives it: the admin's text, then their own message quoted, as a mail
 * program would, so they see what is answered. The thread keeps the admin's text alone.
 */
export function replyMailText(body: string, message: Pick<ContactMessage, "name" | "createdAt" | "message">): string {
  const quoted = message.message
    .split(/\r?\n/)
    .map((line) => (line === "" ? ">" : `> ${line}`))
    .join("\n");
  return `${body}\n\nOn ${formatUtc(message.createdAt)}, ${message.name} wrote:\n${quoted}\n`;
}

export type ReplyOutcome =
  | { ok: true; reply: ContactReply; transport: MailTransport }
  | { ok: false; reason: "not-found" }
  | { ok: false; reason: "mail-failed"; detail: string };

/**
 * Sends the reply to the message's sender through the mail system, then keeps it on the thread (which
 * marks the message read) and audits it. A mail that fails is neither kept nor audited: the admin
 * still has the text in the form and can try again.
 */
export async function sendInboxReply(
  actor: AuditParty,
  messageId: string,
  reply: { subject: string; body: string },
): Promise<ReplyOutcome> {
  const { db } = getDatabase();
  const message = await findContactMessage(db, messageId);
  if (!message) return { ok: false, reason: "not-found" };
  let transport: MailTransport;
  try {
    transport = await sendMail({ to: message.email, subject: reply.subject, text: replyMailText(reply.body, message) });
  } catch (error) {
    const detail = mailFailureReason(error);
    console.warn(`Inbox reply to message ${message.id} not sent: ${detail}`);
    return { ok: false, reason: "mail-failed", detail };
  }
  const stored = await recordContactReply(db, {
    messageId: message.id,
    authorId: actor.id,
    recipient: message.email,
    subject: reply.subject,
    body: reply.body,
  });
  // Deleted between the check and now (its sender deleted their account): the mail went, nothing to keep it on.
  if (!stored) return { ok: false, reason: "not-found" };
  await recordAudit(db, {
    actor,
    action: "inbox.reply",
    target: auditTarget(message),
    details: { messageId: message.id, subject: message.subject, kind: message.kind, transport },
  });
  return { ok: true, reply: stored, transport };
}
