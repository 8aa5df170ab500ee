import { sql, type Kysely } from "kysely";

/**
 * Accounts grow up: profile fields and state on users, third-party
 * identities, passkeys, short-lived sign-in flows, the admin audit log and
 * the mailbox used when no SMTP server is configured.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("users").addColumn("display_name", "text").execute();
  await db.schema.alterTable("users").addColumn("email_verified_at", "text").execute();
  await db.schema.alterTable("users").addColumn("disabled_at", "text").execute();
  await db.schema.alterTable("users").addColumn("last_sign_in_at", "text").execute();
  await db.schema.alterTable("users").addColumn("preferences", "text").execute();
  // Every account so far was created through a confirmation link or by the operator.
  await sql`update users set email_verified_at = created_at`.execute(db);

  await db.schema.alterTable("sessions").addColumn("last_used_at", "text").execute();

  await db.schema.alterTable("email_tokens").addColumn("user_id", "text").execute();
  await db.schema.createIndex("email_tokens_user_id_idx").on("email_tokens").column("user_id").execute();

  await db.schema
    .createTable("identities")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("provider", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("email", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .addUniqueConstraint("identities_provider_subject_key", ["provider", "subject"])
    .execute();
  await db.schema.createIndex("identities_user_id_idx").on("identities").column("user_id").execute();

  await db.schema
    .createTable("passkeys")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("user_id", "text", (col) => col.notNull().references("users.id").onDelete("cascade"))
    .addColumn("public_key", "text", (col) => col.notNull())
    .addColumn("counter", "integer", (col) => col.notNull())
    .addColumn("transports", "text")
    .addColumn("name", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("last_used_at", "text")
    .execute();
  await db.schema.createIndex("passkeys_user_id_idx").on("passkeys").column("user_id").execute();

  await db.schema
    .createTable("auth_flows")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("kind", "text", (col) => col.notNull())
    .addColumn("user_id", "text", (col) => col.references("users.id").onDelete("cascade"))
    .addColumn("data", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .addColumn("expires_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("auth_flows_expires_at_idx").on("auth_flows").column("expires_at").execute();

  await db.schema
    .createTable("audit_log")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("actor_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("actor_email", "text")
    .addColumn("action", "text", (col) => col.notNull())
    .addColumn("target_id", "text", (col) => col.references("users.id").onDelete("set null"))
    .addColumn("target_email", "text")
    .addColumn("details", "text")
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("audit_log_created_at_idx").on("audit_log").column("created_at").execute();

  await db.schema
    .createTable("outbox_mails")
    .addColumn("id", "text", (col) => col.primaryKey())
    .addColumn("recipient", "text", (col) => col.notNull())
    .addColumn("subject", "text", (col) => col.notNull())
    .addColumn("body", "text", (col) => col.notNull())
    .addColumn("created_at", "text", (col) => col.notNull())
    .execute();
  await db.schema.createIndex("outbox_mails_created_at_idx").on("outbox_mails").column("created_at").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["outbox_mails", "audit_log", "auth_flows", "passkeys", "identities"]) {
    await db.schema.dropTable(table).execute();
  }
  await db.schema.dropIndex("email_tokens_user_id_idx").execute();
  await db.schema.alterTable("email_tokens").dropColumn("user_id").execute();
  await db.schema.alterTable("sessions").dropColumn("last_used_at").execute();
  for (const column of ["preferences", "last_sign_in_at", "disabled_at", "email_verified_at", "display_name"]) {
    await db.schema.alterTable("users").dropColumn(column).execute();
  }
}
