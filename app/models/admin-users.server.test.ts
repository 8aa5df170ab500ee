import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  AdminActionError,
  disableUser,
  enableUser,
  grantAdmin,
  listAdminUsers,
  revokeAdmin,
  revokeUserSessions,
  type AdminActionOutcome,
} from "./admin-users.server";
import { listAuditEntries } from "./audit-log.server";
import { saveBillingCustomer } from "./billing-customer.server";
import { grantComplimentaryPremium, revokeComplimentaryPremium } from "./complimentary-grant.server";
import { createSession, findSessionUser } from "./session.server";
import { applySubscriptionReadings, type SubscriptionReading } from "./subscription.server";
import { createUser, findUserById, recordSignIn, setDisabled, type User } from "./user.server";

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects)("admin users on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  let count = 0;
  /** A user whose address starts with `prefix`, so each test can search for its own users. */
  async function newUser(prefix: string, options: { displayName?: string | null; passwordHash?: string | null } = {}) {
    count += 1;
    return createUser(database.db, {
      email: `${prefix}-${count}@example.org`,
      passwordHash: options.passwordHash === undefined ? "hash" : options.passwordHash,
      displayName: options.displayName ?? null,
    });
  }

  /** Makes exactly these accounts the admins, so last-admin rules are tested from a known state. */
  async function onlyAdmins(...users: User[]) {
    await database.db.updateTable("users").set({ role: "user" }).execute();
    for (const user of users) {
      await database.db.updateTable("users").set({ role: "admin" }).where("id", "=", user.id).execute();
    }
  }

  const actorOf = (user: User) => ({ id: user.id, email: user.email });

  async function auditOf(user: User) {
    return (await listAuditEntries(database.db, { filter: { targetEmail: user.email } })).entries;
  }

  describe("listing", () => {
    it("searches e-mail and display name case-insensitively, with % and _ taken literally", async () => {
      const ada = await newUser("Search-Ada", { displayName: "Ada LOVELACE" });
      const percent = await newUser("search-pct", { displayName: "100% Sure" });
      const underscore = await newUser("search_under");
      await newUser("search-other", { displayName: "Someone 1000 Sure" });

      const emails = async (search: string) =>
        (await listAdminUsers(database.db, { search, sort: "email", direction: "asc" })).users.map((u) => u.email);
      expect(await emails("lovelace")).toEqual([ada.email]);
      expect(await emails("SEARCH-ADA")).toEqual([ada.email]);
      expect(await emails("0% s")).toEqual([percent.email]);
      expect(await emails("h_u")).toEqual([underscore.email]);
      expect(await emails("search")).toHaveLength(4);
      expect(await emails("no such person")).toEqual([]);
      // A lone wildcard character matches only itself.
      expect(await emails("%")).toEqual([percent.email]);
      expect(await emails("  lovelace  ")).toEqual([ada.email]);
    });

    it("sorts by each column in both directions, missing values last, ties in id order", async () => {
      const zoe = await newUser("sortcase-c", { displayName: "zoe" });
      testClock.advance(1);
      const anna = await newUser("sortcase-a", { displayName: "Anna" });
      testClock.advance(1);
      const nameless = await newUser("sortcase-b");
      await recordSignIn(database.db, zoe.id);
      testClock.advance(1);
      await recordSignIn(database.db, anna.id);

      const order = async (sort: "email" | "name" | "created" | "lastSignIn", direction: "asc" | "desc") =>
        (await listAdminUsers(database.db, { search: "sortcase", sort, direction })).users.map((u) => u.id);
      expect(await order("email", "asc")).toEqual([anna.id, nameless.id, zoe.id]);
      expect(await order("email", "desc")).toEqual([zoe.id, nameless.id, anna.id]);
      expect(await order("name", "asc")).toEqual([anna.id, zoe.id, nameless.id]);
      expect(await order("name", "desc")).toEqual([zoe.id, anna.id, nameless.id]);
      expect(await order("created", "asc")).toEqual([zoe.id, anna.id, nameless.id]);
      expect(await order("created", "desc")).toEqual([nameless.id, anna.id, zoe.id]);
      expect(await order("lastSignIn", "asc")).toEqual([zoe.id, anna.id, nameless.id]);
      expect(await order("lastSignIn", "desc")).toEqual([anna.id, zoe.id, nameless.id]);

      // Equal keys (all without a name) keep the id order, so pages never repeat or skip a row.
      const twins = [await newUser("sorttwin"), await newUser("sorttwin"), await newUser("sorttwin")];
      const byName = await listAdminUsers(database.db, { search: "sorttwin", sort: "name", direction: "desc" });
      expect(byName.users.map((u) => u.id)).toEqual(twins.map((u) => u.id).sort());
    });

    it("pages 25 at a time with a total, and moves a page beyond the end back to the last", async () => {
      for (let index = 0; index < 27; index += 1) await newUser("pagecase");
      const first = await listAdminUsers(database.db, { search: "pagecase", sort: "email", direction: "asc" });
      expect(first).toMatchObject({ total: 27, page: 1, pageCount: 2 });
      expect(first.users).toHaveLength(25);
      const second = await listAdminUsers(database.db, {
        search: "pagecase",
        sort: "email",
        direction: "asc",
        page: 2,
      });
      expect(second.users).toHaveLength(2);
      const beyond = await listAdminUsers(database.db, { search: "pagecase", sort: "email", page: 40 });
      expect(beyond.page).toBe(2);
      const ids = new Set([...first.users, ...second.users].map((u) => u.id));
      expect(ids.size).toBe(27);
      expect(await listAdminUsers(database.db, { search: "nobody-matches-this" })).toMatchObject({
        users: [],
        total: 0,
        page: 1,
        pageCount: 1,
      });
    });

    it("shows role, state, plan, sign-in methods and live sessions of each account, and no secrets", async () => {
      const full = await newUser("rowcase-full", { displayName: "Full" });
      const bare = await newUser("rowcase-bare", { passwordHash: null });
      await database.db
        .updateTable("users")
        .set({ role: "admin", email_verified_at: null })
        .where("id", "=", full.id)
        .execute();
      await database.db
        .updateTable("users")
        .set({ premium_until: "2999-01-01T00:00:00.000Z" })
        .where("id", "=", full.id)
        .execute();
      await recordSignIn(database.db, full.id);
      await setDisabled(database.db, bare.id, true);
      const now = new Date().toISOString();
      for (const provider of ["google", "github"]) {
        await database.db
          .insertInto("identities")
          .values({
            id: crypto.randomUUID(),
            user_id: full.id,
            provider,
            subject: crypto.randomUUID(),
            email: null,
            created_at: now,
            last_used_at: null,
          })
          .execute();
      }
      await database.db
        .insertInto("passkeys")
        .values({
          id: crypto.randomUUID(),
          user_id: full.id,
          public_key: "key",
          counter: 0,
          transports: null,
          name: "Laptop",
          created_at: now,
          last_used_at: null,
        })
        .execute();
      await createSession(database.db, full.id, "Firefox");
      await createSession(database.db, full.id, "Chromium");
      const expired = await createSession(database.db, full.id, "Old");
      await database.db
        .updateTable("sessions")
        .set({ expires_at: new Date(Date.now() - DAY_MS).toISOString() })
        .where("user_agent", "=", "Old")
        .execute();
      expect(expired.token).toBeTruthy();

      const { users } = await listAdminUsers(database.db, { search: "rowcase", sort: "email", direction: "desc" });
      expect(users).toHaveLength(2);
      expect(users[0]).toEqual({
        id: full.id,
        email: full.email,
        displayName: "Full",
        role: "admin",
        disabledAt: null,
        emailVerified: false,
        premiumUntil: "2999-01-01T00:00:00.000Z",
        isPremium: true,
        lastSignInAt: expect.stringMatching(/Z$/),
        createdAt: full.createdAt,
        signInMethods: { password: true, providers: ["github", "google"], passkeys: 1 },
        liveSessions: 2,
        billing: { plan: "free", subscription: null, customer: null, grants: [] },
      });
      expect(users[1]).toMatchObject({
        id: bare.id,
        role: "user",
        disabledAt: expect.stringMatching(/Z$/),
        emailVerified: true,
        premiumUntil: null,
        isPremium: false,
        lastSignInAt: null,
        signInMethods: { password: false, providers: [], passkeys: 0 },
        liveSessions: 0,
      });
      expect(JSON.stringify(users)).not.toContain("hash");
    });

    it("shows each account's plan, the state and dates of its subscription, its customer and grants in force", async () => {
      testClock.set("2030-05-01T10:00:00.000Z");
      const at = (days: number) => new Date(Date.parse("2030-05-01T10:00:00.000Z") + days * DAY_MS).toISOString();
      const subscribed = async (prefix: string, reading: Partial<SubscriptionReading>) => {
        const user = await newUser(prefix);
        const customerId = `cus_${user.id}`;
        await saveBillingCustomer(database.db, { userId: user.id, provider: "stripe", customerId });
        await applySubscriptionReadings(database.db, {
          userId: user.id,
          provider: "stripe",
          observedAt: at(0),
          readings: [
            {
              customerId,
              subscriptionId: `sub_${user.id}`,
              plan: "yearly",
              status: "active",
              amountMinor: 3999,
              currency: "eur",
              currentPeriodEnd: at(100),
              trialEnd: null,
              cancelAtPeriodEnd: false,
              pastDueSince: null,
              pausedFrom: null,
              pausedUntil: null,
              firstPaymentAt: at(-265),
              endedAt: null,
              ...reading,
            },
          ],
        });
        return user;
      };
      const cancelling = await subscribed("billcase-a", { cancelAtPeriodEnd: true });
      const ended = await subscribed("billcase-b", { plan: "monthly", status: "canceled", endedAt: at(-3) });
      const gifted = await newUser("billcase-c");
      const target = { id: gifted.id, email: gifted.email };
      await grantComplimentaryPremium(database.db, null, target, { until: at(30), reason: "Short" });
      const longest = await grantComplimentaryPremium(database.db, null, target, { until: at(300), reason: "Long" });
      const withdrawn = await grantComplimentaryPremium(database.db, null, target, { until: at(900), reason: "Oops" });
      await revokeComplimentaryPremium(database.db, null, target, withdrawn.id);
      await grantComplimentaryPremium(database.db, null, target, { until: at(-1), reason: "Over" });
      // A grant beside a subscription: the subscription's plan is the plan.
      await grantComplimentaryPremium(
        database.db,
        null,
        { id: cancelling.id, email: cancelling.email },
        {
          until: at(10),
          reason: "Both",
        },
      );

      const { users } = await listAdminUsers(database.db, { search: "billcase", sort: "email", direction: "asc" });
      expect(users.map((user) => user.billing)).toEqual([
        {
          plan: "yearly",
          subscription: expect.objectContaining({ phase: "cancelling", plan: "yearly", currentPeriodEnd: at(100) }),
          customer: { provider: "stripe", customerId: `cus_${cancelling.id}` },
          grants: [{ id: expect.any(String), until: at(10), reason: "Both" }],
        },
        {
          plan: "free",
          subscription: expect.objectContaining({ phase: "cancelled", plan: "monthly", endedAt: at(-3) }),
          customer: { provider: "stripe", customerId: `cus_${ended.id}` },
          grants: [],
        },
        {
          plan: "complimentary",
          subscription: null,
          customer: null,
          grants: [
            { id: longest.id, until: at(300), reason: "Long" },
            { id: expect.any(String), until: at(30), reason: "Short" },
          ],
        },
      ]);
      expect(users[2]).toMatchObject({ isPremium: true, premiumUntil: at(300) });
    });
  });

  describe("admin role", () => {
    it("grants and revokes the role, writing one audit entry each, and nothing for a no-op", async () => {
      const admin = await newUser("role-admin");
      const learner = await newUser("role-learner");
      await onlyAdmins(admin);

      const granted = await grantAdmin(database.db, actorOf(admin), learner.id);
      expect(granted).toEqual({ target: actorOf(learner), changed: true, sessionsEnded: 0 });
      expect((await findUserById(database.db, learner.id))?.role).toBe("admin");
      expect((await grantAdmin(database.db, actorOf(admin), learner.id)).changed).toBe(false);

      const { token } = await createSession(database.db, learner.id, null);
      // A millisecond later, so the log's newest-first order has one right answer.
      testClock.advance(1);
      expect((await revokeAdmin(database.db, actorOf(admin), learner.id)).changed).toBe(true);
      expect((await findUserById(database.db, learner.id))?.role).toBe("user");
      // The web page leaves the demoted account signed in; its next request simply is not an admin's.
      expect((await findSessionUser(database.db, token))?.user.role).toBe("user");
      expect((await revokeAdmin(database.db, actorOf(admin), learner.id)).changed).toBe(false);

      const entries = await auditOf(learner);
      expect(entries.map((entry) => [entry.action, entry.actor?.email])).toEqual([
        ["role.revoke", admin.email],
        ["role.grant", admin.email],
      ]);
    });

    it("lets an admin give up the role while another admin remains, but never the last one", async () => {
      const first = await newUser("last-first");
      const second = await newUser("last-second");
      await onlyAdmins(first, second);

      await revokeAdmin(database.db, actorOf(second), second.id);
      expect((await findUserById(database.db, second.id))?.role).toBe("user");

      const refused = await revokeAdmin(database.db, actorOf(first), first.id).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AdminActionError);
      expect(refused).toMatchObject({
        reason: "last-admin",
        message: expect.stringContaining("You are the last administrator"),
      });
      expect((await findUserById(database.db, first.id))?.role).toBe("admin");
      expect((await auditOf(first)).map((entry) => entry.action)).toEqual([]);

      // The command line is held to the same rule, with a message naming the account.
      await expect(revokeAdmin(database.db, null, first.id)).rejects.toThrow(
        `${first.email} is the last active administrator`,
      );
      expect((await findUserById(database.db, first.id))?.role).toBe("admin");
    });

    it("counts only active admins: a disabled admin does not keep the site run", async () => {
      const active = await newUser("active-admin");
      const disabled = await newUser("disabled-admin");
      await onlyAdmins(active, disabled);
      await setDisabled(database.db, disabled.id, true);
      await expect(revokeAdmin(database.db, actorOf(active), active.id)).rejects.toMatchObject({
        reason: "last-admin",
      });
      await setDisabled(database.db, disabled.id, false);
    });

    it("lets exactly one of two admins revoking each other at the same moment succeed", async () => {
      for (let round = 0; round < 8; round += 1) {
        const a = await newUser("race-a");
        const b = await newUser("race-b");
        await onlyAdmins(a, b);
        const results = await Promise.allSettled([
          revokeAdmin(database.db, actorOf(a), b.id),
          revokeAdmin(database.db, actorOf(b), a.id),
        ]);
        const succeeded = results.filter((result) => result.status === "fulfilled");
        const refused = results.filter((result): result is PromiseRejectedResult => result.status === "rejected");
        expect(succeeded, `round ${round}`).toHaveLength(1);
        expect(refused).toHaveLength(1);
        expect(refused[0]!.reason).toBeInstanceOf(AdminActionError);
        const roles = [(await findUserById(database.db, a.id))?.role, (await findUserById(database.db, b.id))?.role];
        expect(roles.filter((role) => role === "admin")).toHaveLength(1);
      }
    });

    it("lets exactly one of two admins disabling each other at the same moment succeed", async () => {
      for (let round = 0; round < 8; round += 1) {
        const a = await newUser("race-disable-a");
        const b = await newUser("race-disable-b");
        await onlyAdmins(a, b);
        const results = await Promise.allSettled([
          disableUser(database.db, actorOf(a), b.id),
          disableUser(database.db, actorOf(b), a.id),
        ]);
        expect(
          results.filter((result) => result.status === "fulfilled"),
          `round ${round}`,
        ).toHaveLength(1);
        const states = await database.db
          .selectFrom("users")
          .select("disabled_at")
          .where("id", "in", [a.id, b.id])
          .execute();
        expect(states.filter((state) => state.disabled_at === null)).toHaveLength(1);
      }
    });

    it("records one grant when two admins make the same account an admin at the same moment", async () => {
      const first = await newUser("twice-first");
      const second = await newUser("twice-second");
      await onlyAdmins(first, second);
      for (let round = 0; round < 5; round += 1) {
        const learner = await newUser("twice-learner");
        const outcomes = await Promise.all([
          grantAdmin(database.db, actorOf(first), learner.id),
          grantAdmin(database.db, actorOf(second), learner.id),
        ]);
        expect(outcomes.map((outcome) => outcome.changed).sort()).toEqual([false, true]);
        expect((await auditOf(learner)).map((entry) => entry.action)).toEqual(["role.grant"]);
      }
    });

    it("refuses an action by an admin who has just lost the role, and an unknown user id", async () => {
      const admin = await newUser("former-admin");
      const other = await newUser("former-other");
      const learner = await newUser("former-learner");
      await onlyAdmins(other);
      await expect(grantAdmin(database.db, actorOf(admin), learner.id)).rejects.toMatchObject({
        reason: "not-admin",
        message: "You are no longer an administrator, so nothing was changed.",
      });
      expect((await findUserById(database.db, learner.id))?.role).toBe("user");

      const unknown = crypto.randomUUID();
      for (const act of [grantAdmin, revokeAdmin, disableUser, enableUser, revokeUserSessions]) {
        await expect(act(database.db, actorOf(other), unknown)).rejects.toMatchObject({
          reason: "unknown-user",
          message: "No account has this id (it may have been removed). Nothing was changed.",
        });
      }
    });
  });

  describe("disabling and sessions", () => {
    it("disables an account and ends its sessions at once, then enables it again", async () => {
      const admin = await newUser("disable-admin");
      const learner = await newUser("disable-learner");
      await onlyAdmins(admin);
      const sessions = [
        await createSession(database.db, learner.id, "A"),
        await createSession(database.db, learner.id, "B"),
      ];

      const outcome = await disableUser(database.db, actorOf(admin), learner.id);
      expect(outcome).toEqual({ target: actorOf(learner), changed: true, sessionsEnded: 2 });
      for (const { token } of sessions) expect(await findSessionUser(database.db, token)).toBeUndefined();
      const rows = await database.db.selectFrom("sessions").select("id").where("user_id", "=", learner.id).execute();
      expect(rows).toEqual([]);
      expect((await disableUser(database.db, actorOf(admin), learner.id)).changed).toBe(false);

      // A millisecond later, so the log's newest-first order has one right answer.
      testClock.advance(1);
      expect((await enableUser(database.db, actorOf(admin), learner.id)).changed).toBe(true);
      expect((await enableUser(database.db, actorOf(admin), learner.id)).changed).toBe(false);
      const { token } = await createSession(database.db, learner.id, null);
      expect((await findSessionUser(database.db, token))?.user.id).toBe(learner.id);

      const entries = await auditOf(learner);
      expect(entries.map((entry) => [entry.action, entry.details])).toEqual([
        ["account.enable", null],
        ["account.disable", { sessionsEnded: 2 }],
      ]);
    });

    it("refuses to let an admin disable themselves, or anyone disable the last active admin", async () => {
      const admin = await newUser("self-admin");
      await onlyAdmins(admin);
      const { token } = await createSession(database.db, admin.id, null);
      await expect(disableUser(database.db, actorOf(admin), admin.id)).rejects.toMatchObject({
        reason: "own-account",
        message: "You cannot disable your own account.",
      });
      await expect(disableUser(database.db, null, admin.id)).rejects.toMatchObject({ reason: "last-admin" });
      expect((await findSessionUser(database.db, token))?.user.id).toBe(admin.id);
      expect(await auditOf(admin)).toEqual([]);
    });

    it("ends every session of an account and records how many", async () => {
      const admin = await newUser("sessions-admin");
      const learner = await newUser("sessions-learner");
      await onlyAdmins(admin);
      const { token } = await createSession(database.db, learner.id, null);
      await createSession(database.db, learner.id, null);
      const outcome: AdminActionOutcome = await revokeUserSessions(database.db, actorOf(admin), learner.id);
      expect(outcome).toMatchObject({ changed: true, sessionsEnded: 2 });
      expect(await findSessionUser(database.db, token)).toBeUndefined();
      expect((await revokeUserSessions(database.db, actorOf(admin), learner.id)).changed).toBe(false);
      expect((await findUserById(database.db, learner.id))?.id).toBe(learner.id);
      expect((await auditOf(learner)).map((entry) => [entry.action, entry.details])).toEqual([
        ["sessions.revoke", { sessionsEnded: 2 }],
      ]);
    });
  });
});
