import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { countSignInMethods, findSignInMethods, lockUserSignInMethods } from "./sign-in-methods.server";

/** A registered passkey as the account pages show it. */
export interface Passkey {
  /** The WebAuthn credential id, base64url. */
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** What verifying a sign-in needs: the stored key, its counter and whose it is. */
interface PasskeyCredential {
  id: string;
  userId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

export class PasskeyTakenError extends Error {
  constructor() {
    super("This passkey is already registered.");
  }
}

export async function createPasskey(
  db: Kysely<Database>,
  input: { id: string; userId: string; publicKey: string; counter: number; transports: string[]; name: string },
): Promise<Passkey> {
  const row = await db
    .insertInto("passkeys")
    .values({
      id: input.id,
      user_id: input.userId,
      public_key: input.publicKey,
      counter: input.counter,
      transports: JSON.stringify(input.transports),
      name: input.name,
      created_at: isoNow(),
      last_used_at: null,
    })
    .onConflict((conflict) => conflict.column("id").doNothing())
    .returning(["id", "name", "created_at", "last_used_at"])
    .executeTakeFirst();
  if (!row) throw new PasskeyTakenError();
  return toPasskey(row);
}

/** A user's passkeys, oldest first. */
export async function listPasskeys(db: Kysely<Database>, userId: string): Promise<Passkey[]> {
  const rows = await db
    .selectFrom("passkeys")
    .select(["id", "name", "created_at", "last_used_at"])
    .where("user_id", "=", userId)
    .orderBy("created_at")
    .orderBy("id")
    .execute();
  return rows.map(toPasskey);
}

export async function findPasskeyCredential(db: Kysely<Database>, id: string): Promise<PasskeyCredential | undefined> {
  const row = await db
    .selectFrom("passkeys")
    .select(["id", "user_id", "public_key", "counter", "transports"])
    .where("id", "=", id)
    .executeTakeFirst();
  return (
    row && {
      id: row.id,
      userId: row.user_id,
      publicKey: row.public_key,
      counter: Number(row.counter),
      transports: parseTransports(row.transports),
    }
  );
}

/** The credential ids of a user's passkeys with their transport hints, to exclude on registration. */
export async function listPasskeyCredentialIds(
  db: Kysely<Database>,
  userId: string,
): Promise<{ id: string; transports: string[] }[]> {
  const rows = await db.selectFrom("passkeys").select(["id", "transports"]).where("user_id", "=", userId).execute();
  return rows.map((row) => ({ id: row.id, transports: parseTransports(row.transports) }));
}

/**
 * Notes a successful sign-in and the authenticator's new signature counter.
 * A counter must grow, unless the authenticator keeps none (both zero); one
 * that stands still or goes back means two copies of the key are in use, so
 * the use is refused (false) and nothing changes. The check is in the UPDATE
 * itself, so two racing sign-ins cannot both pass it with the same counter.
 */
export async function recordPasskeyUse(db: Kysely<Database>, id: string, newCounter: number): Promise<boolean> {
  const result = await db
    .updateTable("passkeys")
    .set({ counter: newCounter, last_used_at: isoNow() })
    .where("id", "=", id)
    .where("counter", newCounter === 0 ? "=" : "<", newCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Renames one of the user's passkeys; false when they have none with this id. */
export async function renamePasskey(
  db: Kysely<Database>,
  input: { userId: string; id: string; name: string },
): Promise<boolean> {
  const result = await db
    .updateTable("passkeys")
    .set({ name: input.name })
    .where("id", "=", input.id)
    .where("user_id", "=", input.userId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

type RemovePasskeyResult = "removed" | "not-found" | "last-sign-in-method";

/**
 * Removes one of the user's passkeys unless it is their last way to sign in;
 * the count and the delete run under the user's lock (lockUserSignInMethods).
 */
export async function removePasskey(
  db: Kysely<Database>,
  input: { userId: string; id: string },
): Promise<RemovePasskeyResult> {
  return db.transaction().execute(async (trx) => {
    await lockUserSignInMethods(trx, input.userId);
    const passkey = await trx
      .selectFrom("passkeys")
      .select("id")
      .where("id", "=", input.id)
      .where("user_id", "=", input.userId)
      .executeTakeFirst();
    if (!passkey) return "not-found";
    if (countSignInMethods(await findSignInMethods(trx, input.userId)) <= 1) return "last-sign-in-method";
    await trx.deleteFrom("passkeys").where("id", "=", input.id).where("user_id", "=", input.userId).execute();
    return "removed";
  });
}

function toPasskey(row: { id: string; name: string; created_at: string; last_used_at: string | null }): Passkey {
  return { id: row.id, name: row.name, createdAt: row.created_at, lastUsedAt: row.last_used_at };
}

function parseTransports(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed: unknown = JSON.parse(value);
    return Array.isArray(parsed) ? parsed.filter((item): item is string => typeof item === "string") : [];
  } catch {
    return [];
  }
}
