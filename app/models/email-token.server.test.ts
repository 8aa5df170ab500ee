import { describe, expect, it } from "vitest";
import { hashToken } from "../utils/secure-token.server";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  consumeEmailToken,
  createEmailToken,
  deleteExpiredEmailTokens,
  deleteUserEmailTokens,
  findEmailToken,
} from "./email-token.server";
import { createUser } from "./user.server";

describe.each(testDialects)("e-mail tokens on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  const create = (email: string) =>
    createEmailToken(database.db, { purpose: "signup", email, passwordHash: "hash-of-password" });

  it("stores only a hash of the token", async () => {
    const token = await create("a@example.org");
    expect(token).toMatch(/^[\w-]{43}$/);
    const ids = (await database.db.selectFrom("email_tokens").select("id").execute()).map((row) => row.id);
    expect(ids).toContain(hashToken(token));
    expect(ids).not.toContain(token);
  });

  it("shows a live token's grant without using it, then grants it exactly once", async () => {
    const token = await create("b@example.org");
    const grant = { email: "b@example.org", userId: null, passwordHash: "hash-of-password" };
    expect(await findEmailToken(database.db, token, "signup")).toEqual(grant);
    expect(await findEmailToken(database.db, token, "signup")).toEqual(grant);
    expect(await consumeEmailToken(database.db, token, "signup")).toEqual(grant);
    expect(await consumeEmailToken(database.db, token, "signup")).toBeUndefined();
    expect(await findEmailToken(database.db, token, "signup")).toBeUndefined();
  });

  it("gives the grant to only one of many simultaneous uses", async () => {
    const token = await create("c@example.org");
    const results = await Promise.all(
      Array.from({ length: 10 }, () => consumeEmailToken(database.db, token, "signup")),
    );
    expect(results.filter((result) => result !== undefined)).toHaveLength(1);
  });

  it("refuses unknown and expired tokens, and sweeps expired ones", async () => {
    expect(await consumeEmailToken(database.db, "not-a-token", "signup")).toBeUndefined();
    const token = await create("d@example.org");
    await database.db
      .updateTable("email_tokens")
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where("id", "=", hashToken(token))
      .execute();
    expect(await findEmailToken(database.db, token, "signup")).toBeUndefined();
    expect(await consumeEmailToken(database.db, token, "signup")).toBeUndefined();
    const live = await create("e@example.org");
    expect(await deleteExpiredEmailTokens(database.db)).toBeGreaterThanOrEqual(1);
    const left = await database.db.selectFrom("email_tokens").select("id").execute();
    expect(left.map((row) => row.id)).not.toContain(hashToken(token));
    expect(left.map((row) => row.id)).toContain(hashToken(live));
  });

  it("is bound to its purpose, carries its user, and can be voided per user and purpose", async () => {
    const user = await createUser(database.db, { email: "f@example.org", passwordHash: null });
    const reset = await createEmailToken(database.db, {
      purpose: "reset-password",
      email: user.email,
      userId: user.id,
    });
    const verify = await createEmailToken(database.db, { purpose: "verify-email", email: user.email, userId: user.id });
    expect(await findEmailToken(database.db, reset, "verify-email")).toBeUndefined();
    expect(await findEmailToken(database.db, reset, "reset-password")).toEqual({
      email: user.email,
      userId: user.id,
      passwordHash: null,
    });
    expect(await deleteUserEmailTokens(database.db, user.id, "reset-password")).toBe(1);
    expect(await consumeEmailToken(database.db, reset, "reset-password")).toBeUndefined();
    expect(await consumeEmailToken(database.db, verify, "verify-email")).toMatchObject({ userId: user.id });
  });
});
