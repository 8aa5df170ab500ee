import { rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import type * as MailModule from "#app/mail/mail.server";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { SECRETS, secretsIn, VAPID_PUBLIC_KEY } from "#tests/setup/diagnostic-secrets";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { rateLimits } from "#app/http/rate-limits.server";
import { userContext } from "#app/http/request-context";
import { listAuditEntries } from "#app/models/audit-log.server";
import { listOutboxMails } from "#app/models/outbox-mail.server";
import { createUser, type User } from "#app/models/user.server";
import { readEnv, type Env } from "#app/utils/env.server";

// The route reads the process-wide database and settings: each test points them at its own.
const current = vi.hoisted(() => ({
  handle: undefined as DatabaseHandle | undefined,
  env: undefined as Env | undefined,
}));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
vi.mock("#app/utils/env.server", async (importOriginal) => {
  const real = await importOriginal<{ readEnv: typeof readEnv }>();
  return { ...real, getEnv: () => current.env ?? real.readEnv({}) };
});
vi.mock("#app/mail/mail.server", async (importOriginal) => {
  const real = await importOriginal<typeof MailModule>();
  return { ...real, sendMail: vi.fn(real.sendMail) };
});
const { sendMail } = await import("#app/mail/mail.server");
const { action, loader } = await import("./system-diagnostics");

describe.each(testDialects)("the diagnostics lab on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let counter = 0;

  afterEach(() => {
    current.env = undefined;
    vi.unstubAllEnvs();
  });

  async function admin(): Promise<User> {
    current.handle = database;
    counter += 1;
    return createUser(database.db, {
      email: `diagnostics-${counter}-${dialect}@example.org`,
      passwordHash: null,
      role: "admin",
    });
  }

  const contextOf = (user: User) => {
    const context = requestContext(`198.51.100.${counter}`);
    context.set(userContext, user);
    return context;
  };

  const load = async (user: User) =>
    (await loader({
      request: new Request("http://localhost/tests/test"),
      params: {},
      context: contextOf(user),
    } as never)) as Awaited<ReturnType<typeof loader>>;

  const sendTestMail = async (user: User, form: Record<string, string> = { intent: "test-mail" }) =>
    actionResult(
      await action({
        request: formPost("http://localhost/tests/test", form),
        params: {},
        context: contextOf(user),
      } as never),
    );

  it("shows how every third party is set up while no secret reaches the page", async () => {
    const user = await admin();
    current.env = readEnv({
      DATA_DIR: database.location.dataDir,
      DATABASE_URL: `postgres://numberlab:${SECRETS.databasePassword}@db.example.org/numberlab`,
      SESSION_SECRET: SECRETS.sessionSecret,
      SMTP_URL: `smtp://mailer:${SECRETS.smtpPassword}@smtp.example.org:587`,
      MAIL_FROM: "Numberlab <hello@example.org>",
      STRIPE_SECRET_KEY: SECRETS.stripeKey,
      STRIPE_WEBHOOK_SECRET: SECRETS.webhookSecret,
      VAPID_PUBLIC_KEY,
      VAPID_PRIVATE_KEY: SECRETS.vapidPrivateKey,
      VAPID_SUBJECT: "mailto:push@example.org",
    });
    vi.stubEnv("OIDC_PROVIDERS", "school");
    vi.stubEnv("OIDC_SCHOOL_ISSUER", "https://id.school.example");
    vi.stubEnv("OIDC_SCHOOL_CLIENT_ID", "school-client");
    vi.stubEnv("OIDC_SCHOOL_CLIENT_SECRET", SECRETS.oidcClientSecret);

    const loaded = await load(user);
    expect(secretsIn(loaded)).toEqual([]);
    expect(loaded).toMatchObject({
      build: { id: "test" },
      database: {
        dialect: dialect === "sqlite" ? "SQLite" : "PostgreSQL",
        migrations: { applied: expect.any(Number), known: expect.any(Number) },
        size: { totalBytes: expect.any(Number) },
      },
      server: { nodeVersion: process.version },
      mail: { mode: "smtp", protocol: "smtp", host: "smtp.example.org", port: 587, signsIn: true },
      oidc: { providers: [{ id: "school", name: "School", issuer: "https://id.school.example" }], problem: null },
      push: { keys: "environment", publicKey: VAPID_PUBLIC_KEY, subject: "mailto:push@example.org", running: false },
      payment: { provider: "stripe", mode: "live", key: "secret", apiHost: null },
      testMailTo: user.email,
    });
    expect(loaded.database.size.totalBytes).toBeGreaterThan(0);
  });

  it("keeps a generated private key in its file, and says when mail is kept in the outbox", async () => {
    const user = await admin();
    current.env = readEnv({ DATA_DIR: database.location.dataDir });
    const keysFile = path.join(database.location.dataDir, "vapid-keys.json");
    writeFileSync(keysFile, JSON.stringify({ publicKey: VAPID_PUBLIC_KEY, privateKey: SECRETS.generatedPrivateKey }));
    try {
      const loaded = await load(user);
      expect(secretsIn(loaded)).toEqual([]);
      expect(loaded).toMatchObject({
        mail: { mode: "outbox" },
        push: { keys: "generated", publicKey: VAPID_PUBLIC_KEY },
        payment: { provider: "test-mode" },
        oidc: { providers: [], problem: null },
      });
    } finally {
      rmSync(keysFile);
    }
  });

  it("sends a test mail to the admin's own address, says where it went, and audits it", async () => {
    const user = await admin();
    const sent = await sendTestMail(user);
    expect(sent).toMatchObject({ status: 200, data: { testMail: { outcome: "outbox", to: user.email } } });
    const [mail] = (await listOutboxMails(database.db, { page: 1, recipient: user.email })).mails;
    expect(mail).toMatchObject({ subject: "Numberlab test mail" });
    expect(mail!.body).toContain("If it reached you, mail from the site works.");
    const entries = (await listAuditEntries(database.db, { filter: { targetEmail: user.email } })).entries;
    expect(entries).toEqual([
      expect.objectContaining({
        action: "mail.test",
        actor: { id: user.id, email: user.email },
        details: { outcome: "outbox" },
      }),
    ]);
  });

  it("reports a failed test mail with its reason, without the SMTP password", async () => {
    const user = await admin();
    current.env = readEnv({ SMTP_URL: `smtp://mailer:${SECRETS.smtpPassword}@127.0.0.1:2525` });
    vi.mocked(sendMail).mockRejectedValueOnce(
      new Error(`Invalid login for smtp://mailer:${SECRETS.smtpPassword}@127.0.0.1:2525: 535 Authentication failed`),
    );
    const failed = await sendTestMail(user);
    expect(failed).toMatchObject({
      status: 502,
      data: {
        testMail: { outcome: "failed", to: user.email, reason: "Invalid login for …: 535 Authentication failed" },
      },
    });
    expect(secretsIn(failed.data)).toEqual([]);
    const [entry] = (await listAuditEntries(database.db, { filter: { targetEmail: user.email } })).entries;
    expect(entry).toMatchObject({ action: "mail.test", details: { outcome: "failed", reason: expect.any(String) } });
    expect(secretsIn(entry)).toEqual([]);
  });

  it("limits test mails per admin, and refuses anything else", async () => {
    const user = await admin();
    for (let sent = 1; sent <= rateLimits.testMailPerAccount.limit; sent += 1) {
      expect((await sendTestMail(user)).status, `mail ${sent}`).toBe(200);
    }
    const limited = await sendTestMail(user);
    expect(limited).toMatchObject({ status: 429, data: { error: expect.stringMatching(/^Too many attempts/) } });
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect((await listOutboxMails(database.db, { page: 1, recipient: user.email })).total).toBe(
      rateLimits.testMailPerAccount.limit,
    );
    expect(await sendTestMail(await admin(), { intent: "drop-tables" })).toMatchObject({
      status: 400,
      data: { error: "This page only sends a test mail." },
    });
  });
});
