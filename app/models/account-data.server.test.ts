import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase, type TestDatabase } from "../../tests/setup/test-database";
import { hashToken } from "../utils/secure-token.server";
import { isoNow } from "../utils/time";
import { deleteAccount, exportAccountData } from "./account-data.server";
import { startAuthFlow } from "./auth-flow.server";
import { createContactMessage } from "./contact-message.server";
import { createEmailToken } from "./email-token.server";
import { storeOutboxMail } from "./outbox-mail.server";
import { createChapter } from "./chapter.server";
import { consumeRateLimit } from "./rate-limit.server";
import { markSectionRead } from "./reading-progress.server";
import { createSection } from "./section.server";
import { createSession } from "./session.server";
import { countActiveAdmins, createUser, setDisplayName, setRole } from "./user.server";

const agent = (tag: string) => `Mozilla/5.0 (X11; Linux x86_64) Agent-${tag}/1.0`;

/** An account with something in every table that can hold personal data, and the strings that identify it. */
async function populatedAccount(database: TestDatabase, tag: string) {
  const { db } = database;
  const email = `person-${tag}@example.org`;
  const user = await createUser(db, { email, passwordHash: "argon2-hash-of-the-password" });
  await setDisplayName(db, user.id, `Ada ${tag} Lovelace`);
  await createSession(db, user.id, agent(tag));
  const now = isoNow();
  await db
    .insertInto("identities")
    .values({
      id: crypto.randomUUID(),
      user_id: user.id,
      provider: "idp",
      subject: `subject-${tag}`,
      email,
      created_at: now,
      last_used_at: now,
    })
    .execute();
  await db
    .insertInto("passkeys")
    .values({
      id: `credential-${tag}`,
      user_id: user.id,
      public_key: `public-key-${tag}`,
      counter: 3,
      transports: JSON.stringify(["internal"]),
      name: "Laptop",
      created_at: now,
      last_used_at: null,
    })
    .execute();
  await createEmailToken(db, { purpose: "verify-email", email, userId: user.id });
  await createEmailToken(db, { purpose: "signup", email, passwordHash: "hash" });
  await createContactMessage(db, {
    name: `Ada ${tag}`,
    email,
    subject: "Hello",
    message: "A question",
    userId: user.id,
  });
  await createContactMessage(db, {
    name: `Ada ${tag}`,
    email,
    subject: "As a guest",
    message: "Before signing up",
    userId: null,
  });
  await storeOutboxMail(db, { to: email, subject: "Your link", text: "https://example.org/link" });
  await startAuthFlow(db, { kind: "passkey-register", userId: user.id, data: { challenge: "c" } });
  await startAuthFlow(db, {
    kind: "oidc-link",
    userId: null,
    data: { provider: "idp", subject: `subject-${tag}`, email },
  });
  await consumeRateLimit(db, { name: "login:email", limit: 5, windowMs: 60_000 }, email);
  // A section the person wrote (as an admin would) and read.
  const chapter = await createChapter(db, { slug: `chapter-${tag}`, title: "Primes", summary: "s", access: "free" });
  if (!chapter.ok) throw new Error("no chapter");
  const section = await createSection(db, {
    chapterId: chapter.chapter.id,
    slug: "atoms",
    title: "Primes, the atoms",
    body: "Every whole number above 1 is a product of primes.",
    authorId: user.id,
  });
  if (!section.ok) throw new Error("no section");
  await markSectionRead(db, user.id, section.section.id);
  await db
    .insertInto("audit_log")
    .values([
      {
        id: crypto.randomUUID(),
        actor_id: null,
        actor_email: null,
        action: "role.grant",
        target_id: user.id,
        target_email: email,
        details: null,
        created_at: now,
      },
      {
        id: crypto.randomUUID(),
        actor_id: user.id,
        actor_email: email,
        action: "account.disable",
        target_id: null,
        target_email: "someone-else@example.org",
        details: null,
        created_at: now,
      },
    ])
    .execute();
  return {
    user,
    traces: [email, user.id, `Ada ${tag}`, agent(tag), `subject-${tag}`, `credential-${tag}`, `public-key-${tag}`],
  };
}

/** Every row of every table, as text. */
async function wholeDatabase(database: TestDatabase): Promise<string> {
  const tables = (await database.db.introspection.getTables()).map((table) => table.name);
  const dumps = await Promise.all(
    tables.map(async (table) => JSON.stringify(await sql`select * from ${sql.table(table)}`.execute(database.db))),
  );
  return dumps.join("\n");
}

describe.each(testDialects)("account data on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("exports everything stored about the account, without secrets", async () => {
    const { user } = await populatedAccount(database, "export");
    const exported = await exportAccountData(database.db, user.id);
    expect(exported.account).toMatchObject({
      email: user.email,
      displayName: "Ada export Lovelace",
      hasPassword: true,
    });
    expect(exported.sessions).toEqual([expect.objectContaining({ device: agent("export") })]);
    expect(exported.linkedIdentities).toEqual([
      expect.objectContaining({ provider: "idp", subject: "subject-export" }),
    ]);
    expect(exported.passkeys).toEqual([
      expect.objectContaining({ credentialId: "credential-export", transports: ["internal"] }),
    ]);
    expect(exported.emailLinks.map((link) => link.purpose).sort()).toEqual(["signup", "verify-email"]);
    expect(exported.contactMessages.map((message) => message.subject).sort()).toEqual(["As a guest", "Hello"]);
    expect(exported.mailboxCopies).toEqual([expect.objectContaining({ subject: "Your link" })]);
    expect(exported.administratorActions).toEqual([expect.objectContaining({ action: "role.grant" })]);
    expect(exported.readingProgress).toEqual([
      { chapter: "chapter-export", section: "atoms", sectionTitle: "Primes, the atoms", readAt: expect.any(String) },
    ]);
    const text = JSON.stringify(exported);
    expect(text).not.toContain("argon2-hash-of-the-password");
    const sessionIds = await database.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    for (const { id } of sessionIds) expect(text).not.toContain(id);
  });

  it("deletes the account so that nothing personal remains in any table, and leaves other accounts alone", async () => {
    const doomed = await populatedAccount(database, "doomed");
    const bystander = await populatedAccount(database, "bystander");
    const auditCount = async () => (await database.db.selectFrom("audit_log").select("id").execute()).length;
    const auditBefore = await auditCount();
    const before = await wholeDatabase(database);
    for (const trace of doomed.traces) expect(before, trace).toContain(trace);

    expect(await deleteAccount(database.db, doomed.user.id)).toBe("deleted");

    const after = await wholeDatabase(database);
    for (const trace of doomed.traces) expect(after, `"${trace}" remains`).not.toContain(trace);
    expect(after).not.toContain(hashToken(doomed.user.email).slice(0, 32));
    for (const trace of bystander.traces) expect(after, `bystander's "${trace}"`).toContain(trace);
    // The lessons stay; the reading marks go, and the revisions the person wrote lose their author.
    expect(after).toContain("Every whole number above 1 is a product of primes.");
    // What administrators did stays on record, without naming the person.
    expect(await auditCount()).toBe(auditBefore);
    expect(await deleteAccount(database.db, doomed.user.id)).toBe("not-found");
  });

  it("never deletes the last active administrator, even when two delete themselves at once", async () => {
    const admins = await Promise.all(
      ["first", "second"].map((name) =>
        createUser(database.db, { email: `${name}-admin@example.org`, passwordHash: null, role: "admin" }),
      ),
    );
    const others = await database.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where(
        "id",
        "not in",
        admins.map((admin) => admin.id),
      )
      .execute();
    for (const { id } of others) await setRole(database.db, id, "user");

    const results = await Promise.all(admins.map((admin) => deleteAccount(database.db, admin.id)));
    expect([...results].sort()).toEqual(["deleted", "last-admin"]);
    expect(await countActiveAdmins(database.db)).toBe(1);
    const survivor = admins[results.indexOf("last-admin")]!;
    expect(await deleteAccount(database.db, survivor.id)).toBe("last-admin");
  });
});
