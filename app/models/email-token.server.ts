import type { Kysely } from "kysely";
import type { Database, EmailTokenPurpose } from "#database/schema";
import { hashToken, randomToken } from "../utils/secure-token.server";
import { isoAfter, isoNow } from "../utils/clock";

export const EMAIL_TOKEN_LIFETIME_MS = 60 * 60 * 1000;

export interface EmailTokenGrant {
  email: string;
  userId: string | null;
  passwordHash: string | null;
}

export async function createEmailToken(
  db: Kysely<Database>,
  input: { purpose: EmailTokenPurpose; email: string; userId?: string | null; passwordHash?: string | null },
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto("email_tokens")
    .values({
      id: hashToken(token),
      purpose: input.purpose,
      email: input.email,
      user_id: input.userId ?? null,
      password_hash: input.passwordHash ?? null,
      created_at: isoNow(),
      expires_at: isoAfter(EMAIL_TOKEN_LIFETIME_MS),
      used_at: null,
    })
    .execute();
  return token;
}

/** What a live, unused token grants, without using it (to show a confirmation page). */
export async function findEmailToken(
  db: Kysely<Database>,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenGrant | undefined> {
  const row = await db
    .selectFrom("email_tokens")
    .select(["email", "user_id", "password_hash"])
    .where("id", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", isoNow())
    .executeTakeFirst();
  return row && { email: row.email, userId: row.user_id, passwordHash: row.password_hash };
}

/**
 * Uses a token once: a single conditional UPDATE marks it used, so of two
 * concurrent requests with the same link exactly one gets the grant.
 */
export async function consumeEmailToken(
  db: Kysely<Database>,
  token: string,
  purpose: EmailTokenPurpose,
): Promise<EmailTokenGrant | undefined> {
  const now = isoNow();
  const row = await db
    .updateTable("email_tokens")
    .set({ used_at: now })
    .where("id", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning(["email", "user_id", "password_hash"])
    .executeTakeFirst();
  return row && { email: row.email, userId: row.user_id, passwordHash: row.password_hash };
}

/** Voids a user's other links of one purpose, e.g. every reset link once the password was reset. */
export async function deleteUserEmailTokens(
  db: Kysely<Database>,
  userId: string,
  purpose: EmailTokenPurpose,
): Promise<number> {
  const result = await db
    .deleteFrom("email_tokens")
    .where("user_id", "=", userId)
    .where("purpose", "=", purpose)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

export async function deleteExpiredEmailTokens(db: Kysely<Database>): Promise<number> {
  const result = await db.deleteFrom("email_tokens").where("expires_at", "<=", isoNow()).executeTakeFirst();
  return Number(result.numDeletedRows);
}
