import { sql, type Kysely } from "kysely";
import type { Database } from "../../database/schema";
import { isoNow } from "../utils/time";
import { likeLiteral } from "./database-errors.server";
import { serializeAdminChanges } from "./admin-users.server";
import { parsePreferences } from "./preferences";
import { rateLimitSubjectKey } from "./rate-limit.server";
import { countActiveAdmins } from "./user.server";

/**
 * Everything Numberlab stores about one account, as the "export my data"
 * file: the account, its sign-in methods and sessions, pending links, the
 * mail sent to it while no SMTP server was set, its contact messages, the
 * lesson sections it marked as read and what administrators did to it.
 * Secrets (hashes, keys of sessions and links) are described, not copied.
 */
export async function exportAccountData(db: Kysely<Database>, userId: string) {
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const [sessions, identities, passkeys, links, messages, mails, audit, progress] = await Promise.all([
    db
      .selectFrom("sessions")
      .select(["created_at", "last_used_at", "expires_at", "user_agent"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("identities")
      .select(["provider", "subject", "email", "created_at", "last_used_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("passkeys")
      .select(["id", "name", "public_key", "counter", "transports", "created_at", "last_used_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("email_tokens")
      .select(["purpose", "email", "created_at", "expires_at", "used_at"])
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)]))
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("contact_messages")
      .select(["name", "email", "subject", "message", "created_at"])
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)]))
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("outbox_mails")
      .select(["recipient", "subject", "body", "created_at"])
      .where("recipient", "=", user.email)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("audit_log")
      .select(["action", "details", "created_at"])
      .where("target_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("section_progress")
      .innerJoin("sections", "sections.id", "section_progress.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .innerJoin("section_revisions", (join) =>
        join
          .onRef("section_revisions.section_id", "=", "sections.id")
          .onRef("section_revisions.number", "=", "sections.current_revision"),
      )
      .select([
        "chapters.slug as chapter",
        "sections.slug as section",
        "section_revisions.title",
        "section_progress.read_at",
      ])
      .where("section_progress.user_id", "=", userId)
      .orderBy("section_progress.read_at")
      .execute(),
  ]);
  return {
    exportedAt: isoNow(),
    account: {
      id: user.id,
      email: user.email,
      displayName: user.display_name,
      emailVerifiedAt: user.email_verified_at,
      hasPassword: user.password_hash !== null,
      role: user.role,
      subscriptionStatus: user.subscription_status,
      disabledAt: user.disabled_at,
      lastSignInAt: user.last_sign_in_at,
      preferences: parsePreferences(user.preferences),
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
    sessions: sessions.map((row) => ({
      device: row.user_agent,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
    })),
    linkedIdentities: identities.map((row) => ({
      provider: row.provider,
      subject: row.subject,
      email: row.email,
      linkedAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
    passkeys: passkeys.map((row) => ({
      credentialId: row.id,
      name: row.name,
      publicKey: row.public_key,
      signatureCounter: Number(row.counter),
      transports: row.transports ? (JSON.parse(row.transports) as unknown) : [],
      addedAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
    emailLinks: links.map((row) => ({
      purpose: row.purpose,
      sentTo: row.email,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
    })),
    contactMessages: messages.map((row) => ({
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      sentAt: row.created_at,
    })),
    mailboxCopies: mails.map((row) => ({
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      sentAt: row.created_at,
    })),
    administratorActions: audit.map((row) => ({
      action: row.action,
      details: row.details ? (JSON.parse(row.details) as unknown) : null,
      at: row.created_at,
    })),
    readingProgress: progress.map((row) => ({
      chapter: row.chapter,
      section: row.section,
      sectionTitle: row.title,
      readAt: row.read_at,
    })),
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/**
 * Deletes an account and every personal trace of it in one transaction:
 * the user row (sessions, identities, passkeys, its sign-in flows and its
 * reading progress go with it by cascade; lesson revisions it wrote lose
 * their author), its links, contact messages, outbox mail and pending
 * provider links; audit entries keep what happened but lose who it was.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  userId: string,
): Promise<"deleted" | "not-found" | "last-admin"> {
  return serializeAdminChanges(db, async (trx) => {
    const user = await trx.selectFrom("users").select(["email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return "not-found";
    // The site must keep an administrator: the last one hands the role on first.
    if (user.role === "admin" && (await countActiveAdmins(trx)) <= 1) return "last-admin";
    await trx
      .deleteFrom("email_tokens")
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)]))
      .execute();
    await trx
      .deleteFrom("contact_messages")
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)]))
      .execute();
    await trx.deleteFrom("outbox_mails").where("recipient", "=", user.email).execute();
    // Rate-limit keys hold only a hash of the address, but a hash of a known address is still traceable.
    await trx
      .deleteFrom("rate_limits")
      .where("key", "like", `%:${rateLimitSubjectKey(user.email)}:%`)
      .execute();
    // A provider sign-in waiting to be linked to this account names its address in the flow's data.
    await trx
      .deleteFrom("auth_flows")
      .where(sql<boolean>`lower(data) like ${`%${likeLiteral(user.email)}%`} escape '\\'`)
      .execute();
    await trx.updateTable("audit_log").set({ target_email: null }).where("target_id", "=", userId).execute();
    await trx.updateTable("audit_log").set({ actor_email: null }).where("actor_id", "=", userId).execute();
    await trx.updateTable("audit_log").set({ target_email: null }).where("target_email", "=", user.email).execute();
    await trx.updateTable("audit_log").set({ actor_email: null }).where("actor_email", "=", user.email).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    return "deleted";
  });
}
