import type { Kysely } from "kysely";
import type { Database } from "#database/schema";

export interface SignInMethods {
  password: boolean;
  identities: number;
  passkeys: number;
}

/** How an account can sign in: a password, linked OpenID identities, passkeys. */
export async function findSignInMethods(db: Kysely<Database>, userId: string): Promise<SignInMethods> {
  const [user, identities, passkeys] = await Promise.all([
    db.selectFrom("users").select("password_hash").where("id", "=", userId).executeTakeFirst(),
    db
      .selectFrom("identities")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom("passkeys")
      .select((eb) => eb.fn.countAll().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    password: Boolean(user?.password_hash),
    identities: Number(identities.count),
    passkeys: Number(passkeys.count),
  };
}

export function countSignInMethods(methods: SignInMethods): number {
  return (methods.password ? 1 : 0) + methods.identities + methods.passkeys;
}

/**
 * Takes the user's row lock inside a transaction (a row lock on PostgreSQL,
 * the write lock on SQLite) by writing the row unchanged. Every removal of a
 * sign-in method does this first, so two removals at once cannot each count
 * the other's method and together leave none.
 */
export async function lockUserSignInMethods(trx: Kysely<Database>, userId: string): Promise<void> {
  await trx
    .updateTable("users")
    .set((eb) => ({ updated_at: eb.ref("updated_at") }))
    .where("id", "=", userId)
    .execute();
}

/** The message when removing a method would lock the user out. */
export const LAST_SIGN_IN_METHOD =
  "This is your only way to sign in, so it cannot be removed. Add a password, a passkey or another provider first.";
