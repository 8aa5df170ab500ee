import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  createPasskey,
  findPasskeyCredential,
  listPasskeyCredentialIds,
  listPasskeys,
  PasskeyTakenError,
  recordPasskeyUse,
  removePasskey,
  renamePasskey,
} from "./passkey.server";
import { createUser } from "./user.server";

let sequence = 0;
function passkeyInput(userId: string, overrides: Partial<Parameters<typeof createPasskey>[1]> = {}) {
  sequence += 1;
  return {
    id: `credential-${sequence}`,
    userId,
    publicKey: `public-key-${sequence}`,
    counter: 0,
    transports: ["internal", "hybrid"],
    name: `Passkey ${sequence}`,
    ...overrides,
  };
}

describe.each(testDialects)("passkeys on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const newUser = (passwordHash: string | null = "hash") =>
    createUser(database.db, { email: `user-${crypto.randomUUID()}@example.org`, passwordHash });

  it("stores a passkey, lists the user's own and finds it by credential id with its owner", async () => {
    const owner = await newUser();
    const other = await newUser();
    const first = await createPasskey(database.db, passkeyInput(owner.id, { counter: 7 }));
    await createPasskey(database.db, passkeyInput(other.id));
    expect(first).toMatchObject({ id: expect.any(String) as string, lastUsedAt: null });
    expect(Date.parse(first.createdAt)).not.toBeNaN();

    expect(await listPasskeys(database.db, owner.id)).toEqual([first]);
    expect(await findPasskeyCredential(database.db, first.id)).toEqual({
      id: first.id,
      userId: owner.id,
      publicKey: expect.stringMatching(/^public-key-/) as string,
      counter: 7,
      transports: ["internal", "hybrid"],
    });
    expect(await listPasskeyCredentialIds(database.db, owner.id)).toEqual([
      { id: first.id, transports: ["internal", "hybrid"] },
    ]);
    expect(await findPasskeyCredential(database.db, "no-such-credential")).toBeUndefined();
  });

  it("refuses a credential id that is already registered, to anyone", async () => {
    const owner = await newUser();
    const other = await newUser();
    const input = passkeyInput(owner.id);
    await createPasskey(database.db, input);
    await expect(createPasskey(database.db, { ...input, userId: other.id })).rejects.toThrow(PasskeyTakenError);
    expect(await listPasskeys(database.db, other.id)).toEqual([]);
  });

  it("records a use only when the counter grows, or when the authenticator keeps none", async () => {
    const owner = await newUser();
    const counting = await createPasskey(database.db, passkeyInput(owner.id, { counter: 5 }));
    expect(await recordPasskeyUse(database.db, counting.id, 4)).toBe(false);
    expect(await recordPasskeyUse(database.db, counting.id, 5)).toBe(false);
    expect(await recordPasskeyUse(database.db, counting.id, 0)).toBe(false);
    expect((await listPasskeys(database.db, owner.id))[0]?.lastUsedAt).toBeNull();
    expect(await recordPasskeyUse(database.db, counting.id, 6)).toBe(true);
    expect((await findPasskeyCredential(database.db, counting.id))?.counter).toBe(6);
    expect((await listPasskeys(database.db, owner.id))[0]?.lastUsedAt).not.toBeNull();

    const zero = await createPasskey(database.db, passkeyInput(owner.id, { counter: 0 }));
    expect(await recordPasskeyUse(database.db, zero.id, 0)).toBe(true);
    expect(await recordPasskeyUse(database.db, zero.id, 0)).toBe(true);
    // Once it has counted, it may not go back to zero.
    expect(await recordPasskeyUse(database.db, zero.id, 3)).toBe(true);
    expect(await recordPasskeyUse(database.db, zero.id, 0)).toBe(false);
    expect(await recordPasskeyUse(database.db, "no-such-credential", 9)).toBe(false);
  });

  it("renames only the user's own passkey", async () => {
    const owner = await newUser();
    const other = await newUser();
    const passkey = await createPasskey(database.db, passkeyInput(owner.id));
    expect(await renamePasskey(database.db, { userId: other.id, id: passkey.id, name: "Stolen" })).toBe(false);
    expect(await renamePasskey(database.db, { userId: owner.id, id: passkey.id, name: "Work laptop" })).toBe(true);
    expect((await listPasskeys(database.db, owner.id))[0]?.name).toBe("Work laptop");
  });

  it("removes only the user's own passkey, and never their last way to sign in", async () => {
    const withPassword = await newUser("hash");
    const other = await newUser();
    const kept = await createPasskey(database.db, passkeyInput(withPassword.id));
    expect(await removePasskey(database.db, { userId: other.id, id: kept.id })).toBe("not-found");
    expect(await removePasskey(database.db, { userId: withPassword.id, id: kept.id })).toBe("removed");
    expect(await listPasskeys(database.db, withPassword.id)).toEqual([]);
    expect(await removePasskey(database.db, { userId: withPassword.id, id: kept.id })).toBe("not-found");

    const passwordless = await newUser(null);
    const only = await createPasskey(database.db, passkeyInput(passwordless.id));
    expect(await removePasskey(database.db, { userId: passwordless.id, id: only.id })).toBe("last-sign-in-method");
    const second = await createPasskey(database.db, passkeyInput(passwordless.id));
    expect(await removePasskey(database.db, { userId: passwordless.id, id: only.id })).toBe("removed");
    expect(await removePasskey(database.db, { userId: passwordless.id, id: second.id })).toBe("last-sign-in-method");
    expect((await listPasskeys(database.db, passwordless.id)).map((passkey) => passkey.id)).toEqual([second.id]);
  });

  it("leaves at least one passkey when two are removed at the same time", async () => {
    const passwordless = await newUser(null);
    const first = await createPasskey(database.db, passkeyInput(passwordless.id));
    const second = await createPasskey(database.db, passkeyInput(passwordless.id));
    // Open pool connections first (PostgreSQL), so both transactions really run side by side.
    await Promise.all([1, 2, 3].map(() => sql`select 1`.execute(database.db)));
    const results = await Promise.all([
      removePasskey(database.db, { userId: passwordless.id, id: first.id }),
      removePasskey(database.db, { userId: passwordless.id, id: second.id }),
    ]);
    expect(results.toSorted()).toEqual(["last-sign-in-method", "removed"]);
    expect(await listPasskeys(database.db, passwordless.id)).toHaveLength(1);
  });
});
