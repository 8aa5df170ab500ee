import { sql } from "kysely";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { testClock } from "#tests/setup/test-clock";
import { serverInfoContext, userContext } from "#app/http/request-context";
import { analyticsServices } from "#app/analytics/ingest.server";
import { MAX_EVENT_AGE_MS, type AnalyticsEvent } from "#app/analytics/events";
import { EVENTS_PER_MINUTE } from "#app/analytics/event-rate-limit.server";
import { createUser, findUserById, setPreferences } from "#app/models/user.server";
import { switchFeatures } from "#tests/setup/feature-flags";

// The route stores through the process-wide database; point it at each dialect's test database.
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action, loader } = await import("./api-events");

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0";
const NOW = Date.UTC(2030, 0, 2, 12);
let made = 0;

function event(overrides: Partial<AnalyticsEvent> = {}): AnalyticsEvent {
  return {
    id: `route-test-event-${String(++made).padStart(6, "0")}`,
    name: "page_view",
    at: NOW - 1_000,
    route: "/chapters/:slug",
    path: "/chapters/primes",
    width: 390,
    props: { referrer: "search.example.org" },
    ...overrides,
  } as AnalyticsEvent;
}

describe.each(testDialects)("POST /api/events on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let address = 0;

  interface Sent {
    body?: unknown;
    raw?: string;
    headers?: Record<string, string>;
    ip?: string;
    userId?: string;
  }

  /** A request from its own client address (so its own visitor and rate limit) unless `ip` is given. */
  async function send({ body, raw, headers = {}, ip = `203.0.113.${(address += 1)}`, userId }: Sent) {
    current.handle = database;
    testClock.set(NOW);
    const context = new RouterContextProvider();
    context.set(serverInfoContext, {
      cspNonce: "",
      build: { id: "test", timestamp: "" },
      isSecure: false,
      clientIp: ip,
    });
    context.set(userContext, userId ? ((await findUserById(database.db, userId)) ?? null) : null);
    const request = new Request("http://localhost/api/events", {
      method: "POST",
      headers: { "Content-Type": "application/json", "User-Agent": BROWSER, ...headers },
      body: raw ?? JSON.stringify(body),
    });
    const response = await action({ request, context, params: {} } as never);
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
  }

  const storedRows = () =>
    database.db.selectFrom("analytics_events").selectAll().orderBy("occurred_at").orderBy("id").execute();
  const count = async () => (await storedRows()).length;

  it("stores a batch as rows: the device class, subject and outcome, the rest as JSON; no address", async () => {
    const events = [
      event(),
      event({
        name: "tool_use",
        route: "/prime-factorization-engine",
        path: "/prime-factorization-engine",
        width: 1440,
        props: { tool: "factorization", digits: 42, method: "ecm", seconds: 2.5, outcome: "stopped" },
      }),
      event({ name: "quiz_answer", width: 800, props: { skill: "power-mod", right: false, hints: 2 } }),
      event({ name: "subscription_step", width: undefined, props: { step: "plans_viewed" } }),
    ];
    const ip = "198.51.100.77";
    const { status, body } = await send({ body: { events }, ip });
    expect(status).toBe(202);
    expect(body).toEqual({ stored: 4, duplicates: 0, dropped: 0 });
    const rows = await storedRows();
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(events[0]!.id)).toMatchObject({
      name: "page_view",
      occurred_at: "2030-01-02T11:59:59.000Z",
      day: "2030-01-02",
      received_at: "2030-01-02T12:00:00.000Z",
      user_id: null,
      route: "/chapters/:slug",
      path: "/chapters/primes",
      referrer: "search.example.org",
      device: "phone",
      subject: null,
      outcome: null,
      props: null,
    });
    expect(byId.get(events[1]!.id)).toMatchObject({ device: "desktop", subject: "factorization", outcome: "stopped" });
    expect(JSON.parse(byId.get(events[1]!.id)!.props!)).toEqual({ digits: 42, method: "ecm", seconds: 2.5 });
    expect(byId.get(events[2]!.id)).toMatchObject({ device: "tablet", subject: "power-mod", outcome: "wrong" });
    expect(JSON.parse(byId.get(events[2]!.id)!.props!)).toEqual({ hints: 2 });
    expect(byId.get(events[3]!.id)).toMatchObject({ device: null, subject: "plans_viewed", props: null });
    // One visitor for the whole batch, a 16-hex hash that holds nothing of the address or the browser.
    expect(new Set(rows.map((row) => row.visitor)).size).toBe(1);
    expect(rows[0]!.visitor).toMatch(/^[0-9a-f]{16}$/);
    const everything = JSON.stringify(rows);
    expect(everything).not.toContain(ip);
    expect(everything).not.toContain("198.51.100");
    expect(everything).not.toContain("Firefox");
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("accepts sendBeacon's text/plain, and refuses other types, bodies over 32 KB, bad JSON and bad batches", async () => {
    const beacon = await send({
      raw: JSON.stringify({ events: [event()] }),
      headers: { "Content-Type": "text/plain;charset=UTF-8" },
    });
    expect(beacon.status).toBe(202);
    expect(beacon.body).toMatchObject({ stored: 1 });

    const form = await send({ raw: "events=1", headers: { "Content-Type": "application/x-www-form-urlencoded" } });
    expect(form.status).toBe(415);
    const huge = await send({ raw: JSON.stringify({ events: [event()], pad: "x".repeat(40_000) }) });
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatch(/at most 32768 bytes/);
    const broken = await send({ raw: "{ not json" });
    expect(broken.status).toBe(400);
    expect(broken.body.error).toMatch(/not valid JSON/);
    // One bad event refuses the whole batch: nothing of it is stored.
    const mixed = await send({ body: { events: [event(), event({ path: "/login?redirectTo=/x" })] } });
    expect(mixed.status).toBe(400);
    expect(mixed.body.error).toMatch(/events\.1\.path: must not carry a query string/);
    expect(mixed.response.headers.get("Cache-Control")).toBe("no-store");
    expect(await count()).toBe(1);

    const get = loader() as Response;
    expect(get.status).toBe(405);
    expect(get.headers.get("Allow")).toBe("POST");
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("stores nothing for bots, Do Not Track, Global Privacy Control or an account that switched analytics off", async () => {
    const cases: [Sent, string][] = [
      [
        { headers: { "User-Agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" } },
        "bot",
      ],
      [{ headers: { "User-Agent": "" } }, "bot"],
      [{ headers: { "User-Agent": "curl/8.5.0" } }, "bot"],
      [{ headers: { DNT: "1" } }, "do-not-track"],
      [{ headers: { "Sec-GPC": "1" } }, "global-privacy-control"],
    ];
    const user = await createUser(database.db, { email: `opted-out-${dialect}@example.org`, passwordHash: null });
    await setPreferences(database.db, user.id, { analytics: false });
    cases.push([{ userId: user.id }, "opted-out"]);
    for (const [request, reason] of cases) {
      const { status, body } = await send({ ...request, body: { events: [event()] } });
      expect(status, reason).toBe(202);
      expect(body, reason).toEqual({ stored: 0, ignored: reason });
    }
    // Not even a malformed body is looked at.
    expect((await send({ raw: "{ not json", headers: { DNT: "1" } })).status).toBe(202);
    expect(await count()).toBe(0);
    // DNT: 0 is no request not to be tracked.
    expect((await send({ body: { events: [event()] }, headers: { DNT: "0" } })).body).toMatchObject({ stored: 1 });
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("accepts and drops every batch while an admin has analytics switched off, so no page sends it again", async () => {
    current.handle = database;
    const before = await count();
    const restore = await switchFeatures(database.db, { analytics: false });
    try {
      const answer = await send({ body: { events: [event(), event()] } });
      expect(answer).toMatchObject({ status: 202, body: { stored: 0, ignored: "switched-off" } });
      expect(answer.response.headers.get("Cache-Control")).toBe("no-store");
      // Not even read: a body that would be refused is answered the same way.
      expect((await send({ raw: "{not json" })).body).toEqual({ stored: 0, ignored: "switched-off" });
    } finally {
      await restore();
    }
    expect(await count()).toBe(before);
    expect((await send({ body: { events: [event()] } })).body).toMatchObject({ stored: 1 });
  });

  it("links the events of a signed-in account with analytics on to it, and only those", async () => {
    const user = await createUser(database.db, { email: `counted-${dialect}@example.org`, passwordHash: null });
    const mine = event({ name: "chapter_read", props: { chapter: "primes" } });
    expect((await send({ body: { events: [mine] }, userId: user.id })).body).toMatchObject({ stored: 1 });
    const guest = event();
    expect((await send({ body: { events: [guest] } })).body).toMatchObject({ stored: 1 });
    const rows = await storedRows();
    expect(rows.find((row) => row.id === mine.id)).toMatchObject({ user_id: user.id, subject: "primes" });
    expect(rows.find((row) => row.id === guest.id)).toMatchObject({ user_id: null });
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("stores each id once: a retried batch is answered as duplicates", async () => {
    const events = [event(), event()];
    expect((await send({ body: { events } })).body).toEqual({ stored: 2, duplicates: 0, dropped: 0 });
    const again = await send({ body: { events: [...events, event()] } });
    expect(again.body).toEqual({ stored: 1, duplicates: 2, dropped: 0 });
    expect(await count()).toBe(3);
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("drops events older than the age limit or more than 5 minutes ahead, and keeps the rest", async () => {
    const kept = [event({ at: NOW - MAX_EVENT_AGE_MS + 60_000 }), event({ at: NOW + 4 * 60_000 })];
    const dropped = [event({ at: NOW - MAX_EVENT_AGE_MS - 1 }), event({ at: NOW + 5 * 60_000 + 1 }), event({ at: 0 })];
    const { status, body } = await send({
      body: { events: [dropped[0]!, kept[0]!, dropped[1]!, kept[1]!, dropped[2]!] },
    });
    expect(status).toBe(202);
    expect(body).toEqual({ stored: 2, duplicates: 0, dropped: 3 });
    expect((await storedRows()).map((row) => row.id).sort()).toEqual(kept.map((e) => e.id).sort());
    expect((await storedRows()).map((row) => row.day).sort()).toEqual(["2029-12-26", "2030-01-02"]);
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("rate-limits one visitor (address and browser) to 600 events a minute with Retry-After, not others", async () => {
    const ip = "192.0.2.50";
    const batch = () => ({ events: Array.from({ length: 20 }, () => event()) });
    for (let sent = 0; sent < EVENTS_PER_MINUTE; sent += 20) {
      expect((await send({ body: batch(), ip })).status).toBe(202);
    }
    const refused = await send({ body: batch(), ip });
    expect(refused.status).toBe(429);
    expect(refused.response.headers.get("Retry-After")).toBe("2");
    // The same address with another browser is another visitor.
    const other = await send({ body: batch(), ip, headers: { "User-Agent": `${BROWSER} Edg/140.0` } });
    expect(other.status).toBe(202);
    expect(await count()).toBe(EVENTS_PER_MINUTE + 20);
    await database.db.deleteFrom("analytics_events").execute();
  });

  it("answers 503 with Retry-After when the database cannot take the events, and stores the retry", async () => {
    const events = [event(), event()];
    await sql`alter table analytics_events rename to analytics_events_away`.execute(database.db);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const failed = await send({ body: { events } });
      expect(failed.status).toBe(503);
      expect(failed.response.headers.get("Retry-After")).toBe("5");
      expect(warn).toHaveBeenCalledWith(expect.stringMatching(/could not be stored/));
    } finally {
      await sql`alter table analytics_events_away rename to analytics_events`.execute(database.db);
      warn.mockRestore();
    }
    expect(await count()).toBe(0);
    expect((await send({ body: { events } })).body).toEqual({ stored: 2, duplicates: 0, dropped: 0 });
    await analyticsServices(database.db).writer.close();
  });
});
