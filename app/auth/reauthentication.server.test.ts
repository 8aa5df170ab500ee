import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createSession } from "../models/session.server";
import { createUser } from "../models/user.server";
import { hashPassword } from "./password.server";
import { hashToken } from "../utils/secure-token.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("../utils/db.server", () => ({ getDatabase: () => current.handle }));

const { reauthenticationMethod, reauthenticationProblem, RECENT_SIGN_IN_MS, SIGN_IN_AGAIN } =
  await import("./reauthentication.server");

describe.each(testDialects)("re-authentication on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;

  async function account(password: string | null, signedInAgoMs = 0) {
    current.handle = database;
    count += 1;
    const user = await createUser(database.db, {
      email: `reauth-${count}@example.org`,
      passwordHash: password === null ? null : await hashPassword(password),
    });
    const { token } = await createSession(database.db, user.id, null);
    const sessionId = hashToken(token);
    const signedInAt = new Date(Date.now() - signedInAgoMs).toISOString();
    await database.db.updateTable("sessions").set({ created_at: signedInAt }).where("id", "=", sessionId).execute();
    return { userId: user.id, sessionId };
  }

  it("asks an account with a password for that password, whatever the session's age", async () => {
    const { userId, sessionId } = await account("the right password");
    expect(await reauthenticationMethod(userId, sessionId)).toBe("password");
    expect(await reauthenticationProblem(userId, sessionId, "the right password")).toBeNull();
    expect(await reauthenticationProblem(userId, sessionId, "a wrong password")).toEqual({
      message: "That is not your current password.",
      status: 400,
    });
    expect((await reauthenticationProblem(userId, sessionId, undefined))?.message).toBe("Enter your current password.");
    expect((await reauthenticationProblem(userId, sessionId, ["an", "array"]))?.status).toBe(400);
  });

  it("limits password guesses per account", async () => {
    const { userId, sessionId } = await account("the right password");
    let last = null;
    for (let attempt = 0; attempt < 11; attempt += 1) last = await reauthenticationProblem(userId, sessionId, "wrong");
    expect(last?.status).toBe(429);
    // Even the right password waits until the window ends.
    expect((await reauthenticationProblem(userId, sessionId, "the right password"))?.status).toBe(429);
  });

  it("lets an account without a password through only on a recent sign-in", async () => {
    const fresh = await account(null, 60_000);
    expect(await reauthenticationMethod(fresh.userId, fresh.sessionId)).toBe("recent-sign-in");
    expect(await reauthenticationProblem(fresh.userId, fresh.sessionId, undefined)).toBeNull();
    const old = await account(null, RECENT_SIGN_IN_MS + 60_000);
    expect(await reauthenticationMethod(old.userId, old.sessionId)).toBe("sign-in-again");
    expect(await reauthenticationProblem(old.userId, old.sessionId, "anything")).toEqual({
      message: SIGN_IN_AGAIN,
      status: 403,
    });
  });
});
