import type { Kysely } from "kysely";
import { openDatabase } from "#database/connection";
import type { Database } from "#database/schema";
import { createUser } from "#app/models/user.server";
import { hashPassword } from "#app/auth/password.server";
import { PASSWORD } from "./accounts";

/** Runs `work` on the e2e server's database (SQLite in E2E_DATA_DIR; WAL lets both write). */
export async function withServerDatabase<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
  const dataDir = process.env.E2E_DATA_DIR;
  if (!dataDir) throw new Error("E2E_DATA_DIR is not set");
  const { db, close } = openDatabase({ dataDir });
  try {
    return await work(db);
  } finally {
    await close();
  }
}

let counter = 0;
const hashes = new Map<string, Promise<string>>();

/** A fresh account with a password, as sign-up makes one, at an address no other test uses. */
export async function createTestAccount(
  prefix: string,
  {
    password = PASSWORD,
    emailVerified = true,
    displayName = null,
  }: { password?: string; emailVerified?: boolean; displayName?: string | null } = {},
): Promise<{ id: string; email: string; password: string }> {
  counter += 1;
  const email = `${prefix}-${process.pid}-${Date.now()}-${counter}@example.org`;
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const passwordHash = await hashes.get(password)!;
  const user = await withServerDatabase((db) => createUser(db, { email, passwordHash, emailVerified, displayName }));
  return { id: user.id, email, password };
}
