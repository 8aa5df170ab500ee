import type { Kysely } from "kysely";
import type { Database, Role } from "#database/schema";
import { isoNow, now as currentTime } from "../utils/clock";
import { isPremiumAt } from "../utils/entitlements";
import { isUniqueViolation } from "./database-errors.server";
import { parsePreferences, type Preferences } from "./preferences";

export interface User {
  id: string;
  email: string;
  displayName: string | null;
  emailVerified: boolean;
  role: Role;
  isPremium: boolean;
  /** Premium lasts until this instant (app/utils/entitlements.ts); null when the account has none. */
  premiumUntil: string | null;
  /** Null until the user saves preferences; until then the browser's own choices stand. */
  preferences: Preferences | null;
  createdAt: string;
}

/** The columns every User is read from; joins select them as `users.<column>`. */
export const userColumns = [
  "id",
  "email",
  "display_name",
  "email_verified_at",
  "role",
  "premium_until",
  "preferences",
  "created_at",
] as const;

export const qualifiedUserColumns = userColumns.map((column) => `users.${column}` as const);

export type UserRow = Pick<Database["users"], (typeof userColumns)[number]>;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    emailVerified: row.email_verified_at !== null,
    role: row.role,
    isPremium: isPremiumAt(row.premium_until, currentTime()),
    premiumUntil: row.premium_until,
    preferences: row.preferences ? parsePreferences(row.preferences) : null,
    createdAt: row.created_at,
  };
}

/** The name to greet someone by: their display name, else their address. */
export function userLabel(user: Pick<User, "displayName" | "email">): string {
  return user.displayName ?? user.email;
}

/** E-mail addresses are compared case-insensitively and stored in this form. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export class EmailTakenError extends Error {
  constructor() {
    super("An account with this e-mail address already exists.");
  }
}

export async function createUser(
  db: Kysely<Database>,
  input: {
    email: string;
    passwordHash: string | null;
    role?: Role;
    emailVerified?: boolean;
    displayName?: string | null;
  },
): Promise<User> {
  const now = isoNow();
  const email = normalizeEmail(input.email);
  const row = await db
    .insertInto("users")
    .values({
      id: crypto.randomUUID(),
      email,
      password_hash: input.passwordHash,
      role: input.role ?? "user",
      premium_until: null,
      display_name: input.displayName ?? null,
      email_verified_at: input.emailVerified === false ? null : now,
      created_at: now,
      updated_at: now,
    })
    .onConflict((conflict) => conflict.column("email").doNothing())
    .returning(userColumns)
    .executeTakeFirst();
  if (!row) throw new EmailTakenError();
  return toUser(row);
}

export async function findUserByEmail(db: Kysely<Database>, email: string): Promise<User | undefined> {
  const row = await db
    .selectFrom("users")
    .select(userColumns)
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row && toUser(row);
}

export async function findUserById(db: Kysely<Database>, id: string): Promise<User | undefined> {
  const row = await db.selectFrom("users").select(userColumns).where("id", "=", id).executeTakeFirst();
  return row && toUser(row);
}

export interface Credentials {
  user: User;
  passwordHash: string | null;
  disabled: boolean;
}

export async function findPasswordHash(db: Kysely<Database>, email: string): Promise<Credentials | undefined> {
  const row = await db
    .selectFrom("users")
    .select([...userColumns, "password_hash", "disabled_at"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row && { user: toUser(row), passwordHash: row.password_hash, disabled: row.disabled_at !== null };
}

export async function findPasswordHashById(db: Kysely<Database>, id: string): Promise<string | null> {
  const row = await db.selectFrom("users").select("password_hash").where("id", "=", id).executeTakeFirst();
  return row?.password_hash ?? null;
}

/** True for a disabled account, and for one that no longer exists: neither may sign in. */
export async function isDisabled(db: Kysely<Database>, id: string): Promise<boolean> {
  return (await findSignInState(db, id))?.disabled ?? true;
}

/** What signing in needs to know of an account, in one read. */
export async function findSignInState(
  db: Kysely<Database>,
  id: string,
): Promise<{ disabled: boolean; preferences: Preferences | null } | undefined> {
  const row = await db
    .selectFrom("users")
    .select(["disabled_at", "preferences"])
    .where("id", "=", id)
    .executeTakeFirst();
  return (
    row && {
      disabled: row.disabled_at !== null,
      preferences: row.preferences ? parsePreferences(row.preferences) : null,
    }
  );
}

export async function setPasswordHash(db: Kysely<Database>, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: isoNow() })
    .where("id", "=", userId)
    .execute();
}

export async function setDisplayName(db: Kysely<Database>, userId: string, displayName: string | null): Promise<void> {
  await db
    .updateTable("users")
    .set({ display_name: displayName, updated_at: isoNow() })
    .where("id", "=", userId)
    .execute();
}

/** Changes some preferences and keeps the others: the profile's forms each save their own. */
export async function setPreferences(
  db: Kysely<Database>,
  userId: string,
  changes: Partial<Preferences>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("users").select("preferences").where("id", "=", userId).executeTakeFirst();
    if (!row) return;
    const preferences: Preferences = { ...parsePreferences(row.preferences), ...changes };
    await trx
      .updateTable("users")
      .set({ preferences: JSON.stringify(preferences), updated_at: isoNow() })
      .where("id", "=", userId)
      .execute();
  });
}

export async function markEmailVerified(db: Kysely<Database>, userId: string, email: string): Promise<boolean> {
  const now = isoNow();
  const result = await db
    .updateTable("users")
    .set({ email_verified_at: now, updated_at: now })
    .where("id", "=", userId)
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Moves an account to a new, already confirmed address; throws EmailTakenError if another account has it. */
export async function changeEmail(db: Kysely<Database>, userId: string, newEmail: string): Promise<void> {
  const now = isoNow();
  try {
    await db
      .updateTable("users")
      .set({ email: normalizeEmail(newEmail), email_verified_at: now, updated_at: now })
      .where("id", "=", userId)
      .execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw new EmailTakenError();
    throw error;
  }
}

export async function recordSignIn(db: Kysely<Database>, userId: string): Promise<void> {
  await db.updateTable("users").set({ last_sign_in_at: isoNow() }).where("id", "=", userId).execute();
}

/** Disables (true) or enables (false) an account; returns false for an unknown id. */
export async function setDisabled(db: Kysely<Database>, userId: string, disabled: boolean): Promise<boolean> {
  const now = isoNow();
  const result = await db
    .updateTable("users")
    .set({ disabled_at: disabled ? now : null, updated_at: now })
    .where("id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Sets the role; returns false for an unknown id. Guarded callers: app/models/admin-users.server.ts. */
export async function setRole(db: Kysely<Database>, userId: string, role: Role): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ role, updated_at: isoNow() })
    .where("id", "=", userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Administrators who can act: a disabled admin cannot sign in, so does not count. */
export async function countActiveAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
