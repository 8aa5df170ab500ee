import { openDatabase } from "../../database/connection";
import { createUser } from "../../app/models/user.server";
import { hashPassword } from "../../app/utils/password.server";

let counter = 0;

/** A fresh account in the e2e server's database, with an address no other test uses. */
export async function createTestAccount(
  prefix: string,
  { password = "a long test password 27182", emailVerified = true } = {},
): Promise<{ id: string; email: string; password: string }> {
  counter += 1;
  const email = `${prefix}-${process.pid}-${Date.now()}-${counter}@example.org`;
  const { db, close } = openDatabase({ dataDir: process.env.E2E_DATA_DIR ?? "" });
  try {
    const user = await createUser(db, { email, passwordHash: await hashPassword(password), emailVerified });
    return { id: user.id, email, password };
  } finally {
    await close();
  }
}
