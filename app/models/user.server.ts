import type { Kysely } from "kysely";
import type { Database, Role } from "../../database/schema";
import { isoNow } from "../utils/time";

export interface User {
  id: string;
  email: string;
  role: Role;
  isPremium: boolean;
  createdAt: string;
}

const PREMIUM_STATUSES = new Set(["active", "trialing"]);

export type UserRow = Pick<Database["users"], "id" | "email" | "role" | "subscription_status" | "created_at">;

const userColumns = ["id", "email", "role", "subscription_status", "created_at"] as const;

export function toUser(row: UserRow): User {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    isPremium: row.subscription_status !== null && PREMIUM_STATUSES.has(row.subscription_status),
    createdAt: row.created_at,
  };
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
  input: { email: string; passwordHash: string | null; role?: Role },
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
      subscription_status: null,
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

export async function findPasswordHash(
  db: Kysely<Database>,
  email: string,
): Promise<{ user: User; passwordHash: string | null } | undefined> {
  const row = await db
    .selectFrom("users")
    .select([...userColumns, "password_hash"])
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return row && { user: toUser(row), passwordHash: row.password_hash };
}

export async function setPasswordHash(db: Kysely<Database>, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable("users")
    .set({ password_hash: passwordHash, updated_at: isoNow() })
    .where("id", "=", userId)
    .execute();
}

/** Returns false when no account has this e-mail address. */
export async function setRole(db: Kysely<Database>, email: string, role: Role): Promise<boolean> {
  const result = await db
    .updateTable("users")
    .set({ role, updated_at: isoNow() })
    .where("email", "=", normalizeEmail(email))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function setSubscriptionStatus(
  db: Kysely<Database>,
  userId: string,
  status: string | null,
): Promise<void> {
  await db
    .updateTable("users")
    .set({ subscription_status: status, updated_at: isoNow() })
    .where("id", "=", userId)
    .execute();
}

export async function countAdmins(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll().as("count"))
    .where("role", "=", "admin")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
