import nodemailer, { type Transporter } from "nodemailer";
import { storeOutboxMail } from "../models/outbox-mail.server";
import { isoNow } from "../utils/clock";
import { getDatabase } from "../utils/db.server";
import { getEnv } from "../utils/env.server";

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Where a mail went: out through the SMTP server, or into the outbox at /admin/mailbox. */
export type MailTransport = "smtp" | "outbox";

let transport: Transporter | undefined;

/**
 * Sends a plain-text e-mail over SMTP_URL. Without SMTP settings the mail is
 * written to the server log and kept in the outbox that admins read at
 * /admin/mailbox, so a fresh install still works end to end. Throws when the
 * SMTP server cannot be reached or refuses the mail.
 */
export async function sendMail(mail: OutgoingMail): Promise<MailTransport> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    process.stdout.write(
      `${JSON.stringify({ time: isoNow(), level: "info", msg: "mail", transport: "log", ...mail })}\n`,
    );
    await storeOutboxMail(getDatabase().db, mail);
    return "outbox";
  }
  transport ??= nodemailer.createTransport(env.SMTP_URL);
  await transport.sendMail({ from: env.MAIL_FROM, ...mail });
  return "smtp";
}

/** The longest failure reason shown to an admin; SMTP servers can answer at length. */
const REASON_MAX_LENGTH = 300;

/**
 * Why sending failed, in one line an admin may read: the error's message (nodemailer names the
 * connection or the server's answer), without the SMTP password should a message ever quote it.
 */
export function mailFailureReason(error: unknown): string {
  let reason = (error instanceof Error ? error.message : String(error)).replace(/\s+/g, " ").trim();
  const smtpUrl = getEnv().SMTP_URL;
  if (smtpUrl) {
    const { password } = new URL(smtpUrl);
    for (const secret of [smtpUrl, password, safeDecode(password)]) {
      if (secret) reason = reason.replaceAll(secret, "…");
    }
  }
  if (reason === "") reason = "the mail server gave no reason";
  return reason.length > REASON_MAX_LENGTH ? `${reason.slice(0, REASON_MAX_LENGTH - 1)}…` : reason;
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
