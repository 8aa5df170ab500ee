import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { listAuditEntries } from "#app/models/audit-log.server";
import { createSession, findSessionUser } from "#app/models/session.server";
import { createUser, findPasswordHash, findUserByEmail } from "#app/models/user.server";
import { verifyPassword } from "#app/auth/password.server";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe.each(testDialects)("npm run admin on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  function admin(args: string[], stdin = ""): Promise<Run> {
    const { databaseUrl, dataDir } = database.location;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/admin.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(stdin);
    return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  }

  it("creates a user with the password from standard input, then grants and revokes admin", async () => {
    const created = await admin(["create-user", "Operator@Example.org"], "a strong first password\n");
    expect(created).toMatchObject({ code: 0, stdout: "Created the account operator@example.org.\n" });
    const stored = await findPasswordHash(database.db, "operator@example.org");
    expect(stored?.user.role).toBe("user");
    expect(await verifyPassword(stored?.passwordHash ?? null, "a strong first password")).toBe(true);

    expect((await admin(["grant", "operator@example.org"])).code).toBe(0);
    expect((await findUserByEmail(database.db, "operator@example.org"))?.role).toBe("admin");
    // A second admin, so the first may give up the role.
    await createUser(database.db, { email: "deputy@example.org", passwordHash: null, role: "admin" });
    const operator = await findUserByEmail(database.db, "operator@example.org");
    const { token } = await createSession(database.db, operator!.id, null);
    const revoked = await admin(["revoke", "OPERATOR@example.org"]);
    expect(revoked.code).toBe(0);
    expect(revoked.stdout).toContain("no longer an administrator");
    expect((await findUserByEmail(database.db, "operator@example.org"))?.role).toBe("user");
    expect(await findSessionUser(database.db, token)).toBeUndefined();

    // Each step is in the audit log, done by the command line (no actor).
    const { entries } = await listAuditEntries(database.db, { filter: { targetEmail: "operator@example.org" } });
    expect(entries.map((entry) => [entry.action, entry.actor, entry.details])).toEqual([
      ["role.revoke", null, { sessionsEnded: 1 }],
      ["role.grant", null, null],
      ["user.create", null, null],
    ]);
  });

  it("gives complimentary premium until a day, audited as the command line, and refuses a bad day", async () => {
    await createUser(database.db, { email: "gifted@example.org", passwordHash: null });
    const until = new Date(Date.now() + 40 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    const given = await admin(["premium", "Gifted@example.org", until, "Teacher", "at", "a", "school"]);
    expect(given).toMatchObject({ code: 0, stderr: "" });
    expect(given.stdout).toContain("gifted@example.org has complimentary premium until");
    const user = await findUserByEmail(database.db, "gifted@example.org");
    expect(user).toMatchObject({ isPremium: true, premiumUntil: `${until}T00:00:00.000Z` });
    expect((await admin(["premium", "gifted@example.org", until])).code).toBe(0);
    const { entries } = await listAuditEntries(database.db, { filter: { targetEmail: "gifted@example.org" } });
    expect(entries.map((entry) => [entry.action, entry.actor, entry.details?.reason])).toEqual([
      ["premium.grant", null, "Given from the command line"],
      ["premium.grant", null, "Teacher at a school"],
    ]);

    const past = await admin(["premium", "gifted@example.org", "2001-01-01"]);
    expect(past.code).toBe(1);
    expect(past.stderr).toContain("Choose a day in the future");
    const notADay = await admin(["premium", "gifted@example.org", "2031-02-30"]);
    expect(notADay.stderr).toContain("Enter a date that exists");
    const noDay = await admin(["premium", "gifted@example.org"]);
    expect(noDay.code).toBe(2);
    expect(noDay.stderr).toContain("premium EMAIL YYYY-MM-DD [REASON]");
    const nobody = await admin(["premium", "nobody@example.org", until]);
    expect(nobody.code).toBe(1);
    expect(nobody.stderr).toContain("No account has the e-mail address nobody@example.org.");
    expect((await listAuditEntries(database.db, { filter: { targetEmail: "gifted@example.org" } })).total).toBe(2);
  });

  it("refuses to revoke the last administrator and changes nothing", async () => {
    await createUser(database.db, { email: "only@example.org", passwordHash: null });
    await database.db.updateTable("users").set({ role: "user" }).execute();
    expect((await admin(["grant", "only@example.org"])).code).toBe(0);
    const refused = await admin(["revoke", "only@example.org"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("only@example.org is the last active administrator");
    expect((await findUserByEmail(database.db, "only@example.org"))?.role).toBe("admin");
    const { entries } = await listAuditEntries(database.db, { filter: { targetEmail: "only@example.org" } });
    expect(entries.map((entry) => entry.action)).toEqual(["role.grant"]);
  });

  it("refuses bad input with a clear message and changes nothing", async () => {
    const short = await admin(["create-user", "short@example.org"], "short\n");
    expect(short.code).toBe(1);
    expect(short.stderr).toContain("Choose a password of at least 10 characters.");
    expect(await findUserByEmail(database.db, "short@example.org")).toBeUndefined();

    const common = await admin(["create-user", "common@example.org"], "qwertyuiop\n");
    expect(common.code).toBe(1);
    expect(common.stderr).toContain("one of the 10,000 most common");
    expect(await findUserByEmail(database.db, "common@example.org")).toBeUndefined();

    const noPassword = await admin(["create-user", "nopass@example.org"], "");
    expect(noPassword.code).toBe(2);
    expect(noPassword.stderr).toContain("No password on standard input.");

    const badEmail = await admin(["grant", "not-an-address"]);
    expect(badEmail.code).toBe(2);
    expect(badEmail.stderr).toContain("Enter a valid e-mail address");

    const unknown = await admin(["grant", "nobody@example.org"]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("No account has the e-mail address nobody@example.org.");

    const usage = await admin(["destroy", "x@example.org"]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Usage: npm run admin -- <command> EMAIL");

    await admin(["create-user", "twice@example.org"], "a strong first password\n");
    const twice = await admin(["create-user", "TWICE@example.org"], "another strong password\n");
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("An account with this e-mail address already exists.");
  });
});
