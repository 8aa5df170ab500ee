import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { listAuditEntries, recordAudit, type AuditAction } from "./audit-log.server";
import { changeEmail, createUser } from "./user.server";

/** Entries a millisecond apart, so "newest first" has one right answer. */
function tick(): void {
  testClock.advance(1);
}

describe.each(testDialects)("audit log on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("records who did what to whom, with details, and lists it newest first", async () => {
    const admin = await createUser(database.db, { email: "audit-admin@example.org", passwordHash: null });
    const target = await createUser(database.db, { email: "audit-target@example.org", passwordHash: null });
    const actor = { id: admin.id, email: admin.email };
    const subject = { id: target.id, email: target.email };

    await recordAudit(database.db, { actor: null, action: "user.create", target: subject });
    tick();
    await recordAudit(database.db, {
      actor,
      action: "account.disable",
      target: subject,
      details: { sessionsEnded: 2 },
    });
    tick();
    await recordAudit(database.db, {
      actor,
      action: "sessions.revoke",
      target: subject,
      details: { sessionsEnded: 0 },
    });

    const { entries, total, page, pageCount } = await listAuditEntries(database.db, {
      filter: { targetEmail: target.email },
    });
    expect({ total, page, pageCount }).toEqual({ total: 3, page: 1, pageCount: 1 });
    expect(entries.map((entry) => entry.action)).toEqual(["sessions.revoke", "account.disable", "user.create"]);
    expect(entries[1]).toMatchObject({
      actor: { id: admin.id, email: "audit-admin@example.org" },
      target: { id: target.id, email: "audit-target@example.org" },
      details: { sessionsEnded: 2 },
    });
    expect(entries[1]!.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // The command line has no account: the actor is null.
    expect(entries[2]).toMatchObject({ actor: null, details: null });
  });

  it("filters by action and by the target's address, also after the target changed it", async () => {
    const a = await createUser(database.db, { email: "filter-a@example.org", passwordHash: null });
    const b = await createUser(database.db, { email: "filter-b@example.org", passwordHash: null });
    const actions: AuditAction[] = ["role.grant", "role.revoke", "role.grant"];
    for (const action of actions) {
      await recordAudit(database.db, { actor: null, action, target: { id: a.id, email: a.email } });
    }
    await recordAudit(database.db, { actor: null, action: "role.grant", target: { id: b.id, email: b.email } });

    const grantsToA = await listAuditEntries(database.db, {
      filter: { targetEmail: "FILTER-A@example.org", action: "role.grant" },
    });
    expect(grantsToA.total).toBe(2);
    expect(grantsToA.entries.every((entry) => entry.target?.id === a.id && entry.action === "role.grant")).toBe(true);

    await changeEmail(database.db, a.id, "filter-a-new@example.org");
    const underNewAddress = await listAuditEntries(database.db, {
      filter: { targetEmail: "filter-a-new@example.org" },
    });
    expect(underNewAddress.total).toBe(3);
    const underOldAddress = await listAuditEntries(database.db, { filter: { targetEmail: "filter-a@example.org" } });
    expect(underOldAddress.total).toBe(3);
    expect((await listAuditEntries(database.db, { filter: { targetEmail: "nobody@example.org" } })).total).toBe(0);
  });

  it("pages through entries and moves a page beyond the end back to the last one", async () => {
    const user = await createUser(database.db, { email: "pages@example.org", passwordHash: null });
    const target = { id: user.id, email: user.email };
    for (let index = 0; index < 5; index += 1) {
      await recordAudit(database.db, { actor: null, action: "account.enable", target, details: { index } });
      tick();
    }
    const filter = { targetEmail: user.email };
    const first = await listAuditEntries(database.db, { filter, page: 1, pageSize: 2 });
    const third = await listAuditEntries(database.db, { filter, page: 3, pageSize: 2 });
    expect(first).toMatchObject({ total: 5, page: 1, pageCount: 3 });
    expect(first.entries.map((entry) => entry.details?.index)).toEqual([4, 3]);
    expect(third.entries.map((entry) => entry.details?.index)).toEqual([0]);
    const beyond = await listAuditEntries(database.db, { filter, page: 99, pageSize: 2 });
    expect(beyond.page).toBe(3);
    expect(beyond.entries).toEqual(third.entries);
  });

  it("refuses an action outside the closed set and writes nothing", async () => {
    const before = (await listAuditEntries(database.db)).total;
    await expect(
      recordAudit(database.db, { actor: null, action: "user.delete" as AuditAction, target: null }),
    ).rejects.toThrow("Unknown audit action: user.delete");
    expect((await listAuditEntries(database.db)).total).toBe(before);
  });

  it("tells an admin whose account was deleted apart from the command line", async () => {
    const actor = await createUser(database.db, { email: "gone-actor@example.org", passwordHash: null });
    const target = await createUser(database.db, { email: "gone-target@example.org", passwordHash: null });
    await recordAudit(database.db, {
      actor: { id: actor.id, email: actor.email },
      action: "role.grant",
      target: { id: target.id, email: target.email },
    });
    tick();
    await recordAudit(database.db, {
      actor: null,
      action: "role.revoke",
      target: { id: target.id, email: target.email },
    });
    const filter = { targetEmail: "gone-target@example.org" };
    const before = (await listAuditEntries(database.db, { filter })).entries.map((entry) => entry.id);

    // What deleting an account does to the log (account-data.server.ts): the rows stay, the names go.
    await database.db.updateTable("audit_log").set({ actor_email: null }).where("actor_id", "=", actor.id).execute();
    await database.db.updateTable("audit_log").set({ target_email: null }).where("target_id", "=", target.id).execute();
    await database.db.deleteFrom("users").where("id", "in", [actor.id, target.id]).execute();

    const entries = (await listAuditEntries(database.db)).entries.filter((entry) => before.includes(entry.id));
    expect(entries.map((entry) => [entry.action, entry.actor, entry.target, entry.details])).toEqual([
      ["role.revoke", null, { id: null, email: null }, null],
      ["role.grant", { id: null, email: null }, { id: null, email: null }, null],
    ]);
  });

  it("keeps the details key that marks the command line to itself", async () => {
    await expect(
      recordAudit(database.db, { actor: null, action: "account.enable", target: null, details: { via: "web" } }),
    ).rejects.toThrow('"via" is reserved in audit details');
  });
});
