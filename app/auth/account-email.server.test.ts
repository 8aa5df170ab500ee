import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { listOutboxMails } from "../models/outbox-mail.server";
import { createSession, findSessionUser } from "../models/session.server";
import { createUser, findPasswordHash, findUserById, setDisabled } from "../models/user.server";
import { hashToken } from "../utils/secure-token.server";
import { verifyPassword } from "./password.server";

// The flows use the process-wide database; point it at each dialect's test database.
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("../utils/db.server", () => ({ getDatabase: () => current.handle }));

const {
  confirmEmailChange,
  redeemSignInLink,
  requestEmailChange,
  requestEmailVerification,
  requestPasswordReset,
  requestSignInLink,
  resetPassword,
  verifyEmail,
} = await import("./account-email.server");

const ORIGIN = "https://numberlab.test";

describe.each(testDialects)("e-mailed account links on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let counter = 0;

  async function newUser(options: { emailVerified?: boolean } = {}) {
    current.handle = database;
    counter += 1;
    return createUser(database.db, { email: `reader${counter}@example.org`, passwordHash: "old-hash", ...options });
  }

  /** Mail to an address (delivered to the outbox, as no SMTP server is set), newest first. */
  async function inbox(email: string) {
    return (await listOutboxMails(database.db, { page: 1, recipient: email })).mails;
  }

  /** The token of the newest link to `path` mailed to `email`. */
  async function tokenIn(email: string, path: string): Promise<string> {
    const pattern = new RegExp(`${ORIGIN}${path}\\?token=([\\w-]+)`);
    // Mails sent in the same millisecond share a timestamp, so look through the recent ones.
    for (const mail of await inbox(email)) {
      const token = pattern.exec(mail.body)?.[1];
      if (token) return token;
    }
    throw new Error(`No ${path} link in mail to ${email}`);
  }

  it("resets a password once, ends every session and voids the other reset links", async () => {
    const user = await newUser({ emailVerified: false });
    const session = await createSession(database.db, user.id, null);
    await requestPasswordReset({ email: user.email.toUpperCase(), origin: ORIGIN });
    const first = await tokenIn(user.email, "/reset-password/confirm");
    // A later timestamp, so the second mail is the newest.
    testClock.advance(1);
    await requestPasswordReset({ email: user.email, origin: ORIGIN });
    const second = await tokenIn(user.email, "/reset-password/confirm");
    expect(second).not.toBe(first);

    const result = await resetPassword(second, "a brand new passphrase");
    expect(result).toMatchObject({ ok: true, value: { id: user.id } });
    const stored = await findPasswordHash(database.db, user.email);
    expect(await verifyPassword(stored!.passwordHash, "a brand new passphrase")).toBe(true);
    expect(await findSessionUser(database.db, session.token)).toBeUndefined();
    expect((await findUserById(database.db, user.id))?.emailVerified).toBe(true);
    expect(await resetPassword(second, "another new passphrase")).toEqual({ ok: false, reason: "invalid-link" });
    expect(await resetPassword(first, "another new passphrase")).toEqual({ ok: false, reason: "invalid-link" });
    expect(await resetPassword("forged-token", "another new passphrase")).toEqual({
      ok: false,
      reason: "invalid-link",
    });
  });

  it("sends nothing for an unknown or disabled address, and stores only the token's hash", async () => {
    current.handle = database;
    await requestPasswordReset({ email: "nobody@example.org", origin: ORIGIN });
    await requestSignInLink({ email: "nobody@example.org", origin: ORIGIN, redirectTo: "/" });
    expect(await inbox("nobody@example.org")).toEqual([]);
    const disabled = await newUser();
    await setDisabled(database.db, disabled.id, true);
    await requestPasswordReset({ email: disabled.email, origin: ORIGIN });
    expect(await inbox(disabled.email)).toEqual([]);

    const user = await newUser();
    await requestPasswordReset({ email: user.email, origin: ORIGIN });
    const token = await tokenIn(user.email, "/reset-password/confirm");
    const ids = (await database.db.selectFrom("email_tokens").select("id").execute()).map((row) => row.id);
    expect(ids).toContain(hashToken(token));
    expect(ids).not.toContain(token);
  });

  it("refuses an expired reset link", async () => {
    const user = await newUser();
    await requestPasswordReset({ email: user.email, origin: ORIGIN });
    const token = await tokenIn(user.email, "/reset-password/confirm");
    await database.db
      .updateTable("email_tokens")
      .set({ expires_at: new Date(Date.now() - 1).toISOString() })
      .where("id", "=", hashToken(token))
      .execute();
    expect(await resetPassword(token, "a brand new passphrase")).toEqual({ ok: false, reason: "invalid-link" });
  });

  it("confirms an address once", async () => {
    const user = await newUser({ emailVerified: false });
    await requestEmailVerification(user, ORIGIN);
    const token = await tokenIn(user.email, "/verify-email");
    expect(await verifyEmail(token)).toEqual({ ok: true, value: user.email });
    expect((await findUserById(database.db, user.id))?.emailVerified).toBe(true);
    expect(await verifyEmail(token)).toEqual({ ok: false, reason: "invalid-link" });
  });

  it("changes the address only through the link sent to the new one, and tells the old one", async () => {
    const user = await newUser();
    const newAddress = `moved-${counter}@example.org`;
    await requestEmailChange(user, newAddress, ORIGIN);
    expect((await inbox(user.email))[0]?.subject).toBe("Your Numberlab e-mail address is about to change");
    const token = await tokenIn(newAddress, "/change-email/confirm");
    expect((await findUserById(database.db, user.id))?.email).toBe(user.email);

    expect(await confirmEmailChange(token)).toEqual({ ok: true, value: { userId: user.id, email: newAddress } });
    expect((await findUserById(database.db, user.id))?.email).toBe(newAddress);
    expect((await inbox(user.email))[0]?.subject).toBe("Your Numberlab e-mail address was changed");
    expect(await confirmEmailChange(token)).toEqual({ ok: false, reason: "invalid-link" });
  });

  it("never moves an account onto an address another account has", async () => {
    const user = await newUser();
    const other = await newUser();
    await requestEmailChange(user, other.email, ORIGIN);
    const [notice] = await inbox(other.email);
    expect(notice?.subject).toBe("Someone tried to use this address on Numberlab");
    expect(notice?.body).not.toContain("/change-email/confirm");

    // An address taken between the request and the click.
    const late = `late-${counter}@example.org`;
    await requestEmailChange(user, late, ORIGIN);
    const token = await tokenIn(late, "/change-email/confirm");
    await createUser(database.db, { email: late, passwordHash: null });
    expect(await confirmEmailChange(token)).toEqual({ ok: false, reason: "taken" });
    expect((await findUserById(database.db, user.id))?.email).toBe(user.email);
  });

  it("signs in with a link once, keeping where the reader was going", async () => {
    const user = await newUser({ emailVerified: false });
    await requestSignInLink({ email: user.email, origin: ORIGIN, redirectTo: "/chapter/periods-and-primes" });
    const [mail] = await inbox(user.email);
    expect(mail?.body).toContain("redirectTo=%2Fchapter%2Fperiods-and-primes");
    const token = await tokenIn(user.email, "/login/email-link");
    expect(await redeemSignInLink(token)).toMatchObject({ ok: true, value: { id: user.id } });
    expect((await findUserById(database.db, user.id))?.emailVerified).toBe(true);
    expect(await redeemSignInLink(token)).toEqual({ ok: false, reason: "invalid-link" });
  });

  it("voids a reset or sign-in link once the account's address has changed", async () => {
    const user = await newUser();
    await requestSignInLink({ email: user.email, origin: ORIGIN, redirectTo: "/" });
    const signInToken = await tokenIn(user.email, "/login/email-link");
    await requestPasswordReset({ email: user.email, origin: ORIGIN });
    const resetToken = await tokenIn(user.email, "/reset-password/confirm");
    const newAddress = `changed-${counter}@example.org`;
    await requestEmailChange(user, newAddress, ORIGIN);
    await confirmEmailChange(await tokenIn(newAddress, "/change-email/confirm"));
    expect(await redeemSignInLink(signInToken)).toEqual({ ok: false, reason: "invalid-link" });
    expect(await resetPassword(resetToken, "a brand new passphrase")).toEqual({ ok: false, reason: "invalid-link" });
  });
});
