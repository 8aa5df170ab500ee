import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import pg from "pg";
import { migrateToLatest, openDatabase } from "#database/connection";
import { createUser } from "#app/models/user.server";
import { hashPassword } from "#app/auth/password.server";
import { startServer } from "./server-process";

const PASSWORD = "shared instance password";

async function logIn(url: string, email: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams({ intent: "login", email, password: PASSWORD }),
  });
}

function sessionCookie(response: Response): string {
  const header = response.headers.get("set-cookie") ?? "";
  const cookie = /(__session=[^;]+)/.exec(header)?.[1];
  if (!cookie) throw new Error(`No session cookie in: ${header}`);
  return cookie;
}

test.describe("the server process", () => {
  // Each test compiles and starts servers of its own, which takes a while on a busy two-core machine.
  test.slow();
  test("stops gracefully on SIGTERM: in-flight requests finish, then the database closes", async () => {
    const server = await startServer({ LOG_REQUESTS: "true" });
    const inFlight = fetch(`${server.url}/`).then((response) => response.status);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const code = await server.stop();
    expect(await inFlight).toBe(200);
    expect(code).toBe(0);
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.startsWith("{"))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.find((line) => line.msg === "request" && line.path === "/")).toMatchObject({
      method: "GET",
      status: 200,
    });
    expect(lines.at(-1)).toMatchObject({ msg: "stopped", databaseClosed: true });
  });

  test("behind an HTTPS proxy: HSTS, and __Host- session and device cookies", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-tls-"));
    const { db, close } = openDatabase({ dataDir });
    await migrateToLatest(db);
    await createUser(db, { email: "tls@example.org", passwordHash: await hashPassword(PASSWORD) });
    await close();
    const server = await startServer({
      DATA_DIR: dataDir,
      TRUST_PROXY: "loopback",
      APP_URL: "https://numberlab.example",
    });
    try {
      // What a TLS-terminating proxy in front of the app adds to each request.
      const https = {
        "X-Forwarded-Proto": "https",
        "X-Forwarded-Host": "numberlab.example:443",
        Origin: "https://numberlab.example",
      };
      const page = await fetch(`${server.url}/`, { headers: https });
      expect(page.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
      const plain = await fetch(`${server.url}/`);
      expect(plain.headers.get("strict-transport-security")).toBeNull();

      const login = await logIn(server.url, "tls@example.org", https);
      expect(login.status).toBe(302);
      // The session and device cookies carry the __Host- prefix: Secure, path /, no Domain.
      const cookies = login.headers.getSetCookie();
      for (const name of ["__Host-session", "__Host-device"]) {
        const cookie = cookies.find((header) => header.startsWith(`${name}=`));
        expect(cookie, name).toMatch(/; Path=\/;/);
        expect(cookie, name).toMatch(/; HttpOnly/);
        expect(cookie, name).toMatch(/; Secure/);
        expect(cookie, name).not.toMatch(/Domain=/i);
      }
      const session = /^(__Host-session=[^;]+)/.exec(
        cookies.find((header) => header.startsWith("__Host-session="))!,
      )![1]!;
      const profile = (cookie: string) =>
        fetch(`${server.url}/profile`, { headers: { ...https, Cookie: cookie }, redirect: "manual" });
      expect((await profile(session)).status).toBe(200);
      // The same token without the prefix, as another subdomain or a plain-HTTP page could plant it, is ignored.
      expect((await profile(session.replace("__Host-session=", "__session="))).status).toBe(302);
      // APP_URL names the only accepted origin.
      expect((await logIn(server.url, "tls@example.org", { ...https, Origin: server.url })).status).toBe(403);
    } finally {
      await server.stop();
    }
  });

  test("without SMTP settings, sign-up mail goes to the server log and its link works", async () => {
    const server = await startServer({ SMTP_URL: "" });
    try {
      const email = "from-the-log@example.org";
      const request = await fetch(`${server.url}/login`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "signup", email, password: "a password from the log" }),
      });
      expect(request.status).toBe(200);
      const mailLine = server
        .output()
        .split("\n")
        .find((line) => line.includes('"msg":"mail"'));
      const mail = JSON.parse(mailLine ?? "null") as { to: string; subject: string; text: string } | null;
      expect(mail).toMatchObject({ to: email, subject: "Confirm your Numberlab account" });
      const link = /http:\/\/\S+/.exec(mail!.text)![0];
      // Links name the public origin, not the address the request came to.
      expect(link.startsWith(`${server.publicOrigin}/signup/confirm?token=`)).toBe(true);
      const token = new URL(link).searchParams.get("token")!;
      const confirm = await fetch(`${server.url}/signup/confirm`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ token }),
      });
      expect(confirm.status).toBe(302);
      const profile = await fetch(`${server.url}/profile`, { headers: { Cookie: sessionCookie(confirm) } });
      expect(await profile.text()).toContain(email);
    } finally {
      await server.stop();
    }
  });

  test("without SMTP settings, admins read the mail in /admin/mailbox and its links work", async ({ page }) => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-mailbox-"));
    const { db, close } = openDatabase({ dataDir });
    await migrateToLatest(db);
    const passwordHash = await hashPassword(PASSWORD);
    await createUser(db, { email: "operator@example.org", passwordHash, role: "admin" });
    await createUser(db, { email: "reader@example.org", passwordHash });
    await close();
    const server = await startServer({ SMTP_URL: "", DATA_DIR: dataDir });
    try {
      const asked = await fetch(`${server.url}/reset-password`, {
        method: "POST",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ email: "reader@example.org" }),
      });
      expect(asked.status).toBe(200);

      const login = await logIn(server.url, "operator@example.org");
      const [name, value] = sessionCookie(login).split("=");
      await page.context().addCookies([{ name: name!, value: value!, url: server.url }]);
      await page.goto(`${server.url}/admin/mailbox`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mailbox");
      const mail = page.getByRole("article").filter({ hasText: "Reset your Numberlab password" });
      await expect(mail).toContainText("To reader@example.org");
      const link = /http:\/\/\S+/.exec((await mail.textContent()) ?? "")?.[0];
      expect(link?.startsWith(`${server.publicOrigin}/reset-password/confirm?token=`)).toBe(true);

      await page.context().clearCookies();
      await page.goto(link!);
      await page.getByLabel("New password").fill("a password from the mailbox");
      await page.getByRole("button", { name: "Save the new password" }).click();
      await expect(page).toHaveURL(/\/profile\?passwordReset=1$/);
      await expect(page.getByText("Signed in as reader@example.org")).toBeVisible();
    } finally {
      await server.stop();
    }
  });

  // Like the model tests, this runs where TEST_DATABASE_URL names a PostgreSQL server (CI sets it).
  for (const adminUrl of process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []) {
    test("two instances on one PostgreSQL share sessions", async () => {
      const name = `numberlab_e2e_${Date.now()}`;
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(adminUrl);
      url.pathname = `/${name}`;
      const databaseUrl = url.toString();
      const shared = { DATABASE_URL: databaseUrl, SESSION_SECRET: "a shared secret that is long enough for both" };
      // Both start at once: the migrations must not trip over each other.
      const [first, second] = await Promise.all([startServer(shared), startServer(shared)]);
      try {
        const { db, close } = openDatabase({ databaseUrl, dataDir: "unused" });
        await createUser(db, { email: "shared@example.org", passwordHash: await hashPassword(PASSWORD) });
        await close();

        const login = await logIn(first.url, "shared@example.org");
        expect(login.status).toBe(302);
        const cookie = sessionCookie(login);
        const onSecond = await fetch(`${second.url}/profile`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(onSecond.status).toBe(200);
        expect(await onSecond.text()).toContain("shared@example.org");

        // Logging out on the second instance ends the session on the first as well.
        await fetch(`${second.url}/logout`, {
          method: "POST",
          headers: { Cookie: cookie, Origin: second.url },
          redirect: "manual",
        });
        const afterLogout = await fetch(`${first.url}/profile`, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(afterLogout.status).toBe(302);

        const health = (await (await fetch(`${second.url}/healthz`)).json()) as { database: string };
        expect(health.database).toBe("ok");
      } finally {
        await Promise.all([first.stop(), second.stop()]);
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        await admin.end();
      }
    });
  }
});
