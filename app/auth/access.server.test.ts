import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, cookieJar, requestContext } from "#tests/setup/action-result";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createUser } from "../models/user.server";
import { userContext } from "../http/request-context";

vi.stubEnv("SESSION_SECRET", "a session secret for the access tests, long enough");
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("../utils/db.server", () => ({ getDatabase: () => current.handle }));
const { loadUserMiddleware, requireAdminMiddleware, requireUserMiddleware } = await import("./access.server");
const { startSignedInSession } = await import("./sign-in.server");

const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

describe.each(testDialects)("signed-in pages and idle sessions on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;

  /** Signs a new account in over `secure` and returns the cookies the browser keeps. */
  async function signedIn(role: "user" | "admin", { secure = false } = {}) {
    current.handle = database;
    count += 1;
    const user = await createUser(database.db, { email: `access-${count}@example.org`, passwordHash: null, role });
    const headers = await startSignedInSession(new Request("http://localhost:3000/login"), user.id, { secure });
    return { user, cookie: cookieJar({ status: 302, headers, data: null }) };
  }

  /** Moves the account's last use of its sessions `ms` into the past. */
  async function leaveIdle(userId: string, ms: number) {
    const lastUsed = new Date(Date.now() - ms).toISOString();
    await database.db.updateTable("sessions").set({ last_used_at: lastUsed }).where("user_id", "=", userId).execute();
  }

  /** Runs the root middleware and the page's guard, as React Router does, for a GET of `path`. */
  async function visit(path: string, cookie: string, guard = requireUserMiddleware, { secure = false } = {}) {
    current.handle = database;
    const request = new Request(`http://localhost:3000${path}`, { headers: { Cookie: cookie } });
    const context = requestContext("192.0.2.1", { isSecure: secure });
    const next = () => Promise.resolve(new Response("the page"));
    try {
      await loadUserMiddleware({ request, context, params: {} } as never, next);
      await guard({ request, context, params: {} } as never, next);
      return { status: 200, location: null, user: context.get(userContext) };
    } catch (thrown) {
      const answer = await actionResult(thrown);
      return { status: answer.status, location: answer.headers.get("Location"), user: context.get(userContext) };
    }
  }

  it("sends a learner idle for 14 days to log in again, saying why, and coming back afterwards", async () => {
    const learner = await signedIn("user");
    await leaveIdle(learner.user.id, 14 * DAY_MS - HOUR_MS);
    expect(await visit("/profile", learner.cookie)).toMatchObject({ status: 200, user: { id: learner.user.id } });
    await leaveIdle(learner.user.id, 14 * DAY_MS + 1000);
    expect(await visit("/chapter/exponential-remainders?step=2", learner.cookie)).toEqual({
      status: 302,
      location: "/login?redirectTo=%2Fchapter%2Fexponential-remainders%3Fstep%3D2&signedOut=idle",
      user: null,
    });
  });

  it("ends an admin's session after 12 idle hours", async () => {
    const admin = await signedIn("admin");
    await leaveIdle(admin.user.id, 11 * HOUR_MS);
    expect((await visit("/admin/application", admin.cookie, requireAdminMiddleware)).status).toBe(200);
    await leaveIdle(admin.user.id, 12 * HOUR_MS + 1000);
    expect(await visit("/admin/application", admin.cookie, requireAdminMiddleware)).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fadmin%2Fapplication&signedOut=idle",
    });
  });

  it("says nothing of idleness to a visitor who was never signed in", async () => {
    expect((await visit("/profile", "")).location).toBe("/login?redirectTo=%2Fprofile");
  });

  it("over HTTPS uses __Host- cookies for the session and the device, and ignores a plain __session", async () => {
    const { user, cookie } = await signedIn("user", { secure: true });
    expect(cookie).toMatch(/(^|; )__Host-session=/);
    expect(cookie).toMatch(/(^|; )__Host-device=/);
    expect((await visit("/profile", cookie, requireUserMiddleware, { secure: true })).user?.id).toBe(user.id);
    // The same token under the unprefixed name, as a sibling subdomain or a plain-HTTP page could plant it.
    const planted = cookie.replace("__Host-session=", "__session=");
    expect((await visit("/profile", planted, requireUserMiddleware, { secure: true })).status).toBe(302);
  });
});
