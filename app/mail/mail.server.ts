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

let transport: Transporter | undefined;

/**
 * Sends a plain-text e-mail over SMTP_URL. Without SMTP settings the mail is
 * written to the server log and kept in the outbox that admins read at
 * /admin/mailbox, so a fresh install still works end to end.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) {
    process.stdout.write(
      `${JSON.stringify({ time: isoNow(), level: "info", msg: "mail", transport: "log", ...mail })}\n`,
    );
    await storeOutboxMail(getDatabase().db, mail);
    return;
  }
  transport ??= nodemailer.createTransport(env.SMTP_URL);
  await transport.sendMail({ from: env.MAIL_FROM, ...mail });
}
