import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { isUniqueViolation } from "./database-errors.server";

/** An account's sign-in with a third-party OpenID provider. */
export interface Identity {
  id: string;
  userId: string;
  /** The provider's id from OIDC_PROVIDERS, e.g. "google". */
  provider: string;
  /** The provider's stable id for the person (the ID token's `sub`). */
  subject: string;
  /** The address the provider gave when the identity was linked, for display only. */
  email: string | null;
  createdAt: string;
  lastUsedAt: string | null;
}

const identityColumns = ["id", "user_id", "provider", "subject", "email", "created_at", "last_used_at"] as const;

type IdentityRow = Pick<Database["identities"], (typeof identityColumns)[number]>;

function toIdentity(row: IdentityRow): Identity {
  return {
    id: row.id,
    userId: row.user_id,
    provider: row.provider,
    subject: row.subject,
    email: row.email,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}

/** The provider identity is already linked to an account (maybe this one). */
export class IdentityTakenError extends Error {
  constructor() {
    super("This sign-in is already linked to an account.");
  }
}

/** The account already has an identity at this provider; one per provider keeps the profile unambiguous. */
export class ProviderAlreadyLinkedError extends Error {
  constructor() {
    super("This account is already linked to this provider.");
  }
}

export async function findIdentity(
  db: Kysely<Database>,
  provider: string,
  subject: string,
): Promise<Identity | undefined> {
  const row = await db
    .selectFrom("identities")
    .select(identityColumns)
    .where("provider", "=", provider)
    .where("subject", "=", subject)
    .executeTakeFirst();
  return row && toIdentity(row);
}

/**
 * Which of the identities table's unique constraints an error violates.
 * PostgreSQL names the constraint; SQLite names its columns instead.
 */
export function violatedIdentityConstraint(error: unknown): "provider-subject" | "user-provider" | undefined {
  if (!isUniqueViolation(error)) return undefined;
  const message = error instanceof Error ? error.message : "";
  if (/identities_provider_subject_key|identities\.provider, identities\.subject/.test(message)) {
    return "provider-subject";
  }
  if (/identities_user_id_provider_key|identities\.user_id, identities\.provider/.test(message)) {
    return "user-provider";
  }
  return undefined;
}

/**
 * Links a provider identity to an account. Throws IdentityTakenError when
 * (provider, subject) is linked already (to any account, this one included),
 * ProviderAlreadyLinkedError when the account has another identity at the
 * same provider. The unique constraints decide, so racing links get one
 * winner. The (provider, subject) conflict is the insert's ON CONFLICT
 * target: both dialects then check it first, so an account linking an
 * identity it already has gets IdentityTakenError on both (SQLite would
 * otherwise report the newer user/provider index first).
 */
export async function createIdentity(
  db: Kysely<Database>,
  input: { userId: string; provider: string; subject: string; email: string | null },
): Promise<Identity> {
  const now = isoNow();
  let row: IdentityRow | undefined;
  try {
    row = await db
      .insertInto("identities")
      .values({
        id: crypto.randomUUID(),
        user_id: input.userId,
        provider: input.provider,
        subject: input.subject,
        email: input.email,
        created_at: now,
        last_used_at: now,
      })
      .onConflict((conflict) => conflict.columns(["provider", "subject"]).doNothing())
      .returning(identityColumns)
      .executeTakeFirst();
  } catch (error) {
    switch (violatedIdentityConstraint(error)) {
      case "user-provider":
        // Two links of this very identity racing on PostgreSQL can trip the (user, provider) index first,
        // since only (provider, subject) is the insert's conflict target: that is the identity taken.
        if (await findIdentity(db, input.provider, input.subject)) throw new IdentityTakenError();
        throw new ProviderAlreadyLinkedError();
      case "provider-subject":
        throw new IdentityTakenError();
      default:
        throw error;
    }
  }
  if (!row) throw new IdentityTakenError();
  return toIdentity(row);
}

/** A user's linked identities, oldest first. */
export async function listUserIdentities(db: Kysely<Database>, userId: string): Promise<Identity[]> {
  const rows = await db
    .selectFrom("identities")
    .select(identityColumns)
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toIdentity);
}

/** Removes one of a user's identities; returns the removed identity, or undefined when the user has no such identity. */
export async function deleteUserIdentity(
  db: Kysely<Database>,
  userId: string,
  identityId: string,
): Promise<Identity | undefined> {
  const row = await db
    .deleteFrom("identities")
    .where("id", "=", identityId)
    .where("user_id", "=", userId)
    .returning(identityColumns)
    .executeTakeFirst();
  return row && toIdentity(row);
}

/** Notes a sign-in with this identity, and keeps the provider's current address for display. */
export async function touchIdentity(db: Kysely<Database>, identityId: string, email: string | null): Promise<void> {
  await db.updateTable("identities").set({ last_used_at: isoNow(), email }).where("id", "=", identityId).execute();
}
