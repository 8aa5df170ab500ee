import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { migrateToLatest, openDatabase } from "#database/connection";
import { hashPassword } from "#app/auth/password.server";
import { createUser, setPreferences } from "#app/models/user.server";
import { startServer } from "./server-process";

/**
 * POST /api/events through the production server (docs/analytics.md): what is stored, what never is,
 * and that events waiting for the group commit survive a SIGTERM. The browser side is
 * tests/e2e/analytics-client.spec.ts.
 */
const PASSWORD = "analytics ingestion password";
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const CLIENT_IP = "198.51.100.23";
let made = 0;

function batch(count = 2) {
  return {
    events: Array.from({ length: count }, () => ({
      id: `ingestion-e2e-${String(++made).padStart(6, "0")}`,
      name: "page_view",
      at: Date.now(),
      route: "/about",
      path: "/about",
      width: 1300,
      props: {},
    })),
  };
}

test.describe("analytics ingestion on the production server", () => {
  test.slow();
  test("stores beacons without the address, ignores DNT, GPC and opted-out accounts, and flushes on SIGTERM", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-ingestion-"));
    const setup = openDatabase({ dataDir });
    await migrateToLatest(setup.db);
    const optedOut = await createUser(setup.db, {
      email: "opted-out@example.org",
      passwordHash: await hashPassword(PASSWORD),
    });
    await setPreferences(setup.db, optedOut.id, { analytics: false });
    await setup.close();

    const server = await startServer({ DATA_DIR: dataDir, TRUST_PROXY: "loopback" });
    const post = (body: unknown, headers: Record<string, string> = {}) =>
      fetch(`${server.url}/api/events`, {
        method: "POST",
        headers: {
          Origin: server.url,
          "Content-Type": "text/plain;charset=UTF-8",
          "User-Agent": BROWSER,
          "X-Forwarded-For": CLIENT_IP,
          ...headers,
        },
        body: JSON.stringify(body),
      });
    let storedIds: string[];
    try {
      const beacon = batch();
      const answer = await post(beacon);
      expect(answer.status).toBe(202);
      expect(await answer.json()).toEqual({ stored: 2, duplicates: 0, dropped: 0 });
      storedIds = beacon.events.map((event) => event.id);

      for (const [headers, ignored] of [
        [{ DNT: "1" }, "do-not-track"],
        [{ "Sec-GPC": "1" }, "global-privacy-control"],
        [{ "User-Agent": "Googlebot/2.1 (+http://www.google.com/bot.html)" }, "bot"],
      ] as const) {
        const refused = await post(batch(), headers);
        expect(refused.status).toBe(202);
        expect(await refused.json()).toEqual({ stored: 0, ignored });
      }

      const login = await fetch(`${server.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: server.url, "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ intent: "login", email: "opted-out@example.org", password: PASSWORD }),
      });
      const cookie = /(__session=[^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
      expect(cookie).toBeDefined();
      const signedIn = await post(batch(), { Cookie: cookie! });
      expect(await signedIn.json()).toEqual({ stored: 0, ignored: "opted-out" });

      // SIGTERM while a batch waits for its group commit: the request finishes, the rows are written.
      const last = batch(3);
      const inFlight = post(last).then(async (response) => ({ status: response.status, body: await response.json() }));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await server.stop()).toBe(0);
      expect(await inFlight).toEqual({ status: 202, body: { stored: 3, duplicates: 0, dropped: 0 } });
      storedIds.push(...last.events.map((event) => event.id));
    } finally {
      await server.stop();
    }

    const { db, close } = openDatabase({ dataDir });
    try {
      const rows = await db.selectFrom("analytics_events").selectAll().orderBy("id").execute();
      expect(rows.map((row) => row.id)).toEqual(storedIds.sort());
      expect(rows.every((row) => row.device === "desktop" && row.user_id === null)).toBe(true);
      const everything =
        JSON.stringify(rows) + JSON.stringify(await db.selectFrom("analytics_salts").selectAll().execute());
      expect(everything).not.toContain(CLIENT_IP);
      expect(everything).not.toContain("Chrome");
      // The day's rollups were brought up to date before the database closed.
      const all = await db.selectFrom("analytics_daily").select("events").where("metric", "=", "all").execute();
      expect(all.map((row) => Number(row.events))).toEqual([5]);
    } finally {
      await close();
    }
  });
});
