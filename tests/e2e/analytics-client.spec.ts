import { expect, test, type Page, type Request } from "@playwright/test";
import { ANALYTICS_ENDPOINT, BATCH_DELAY_MS, type AnalyticsEvent } from "#app/analytics/events";
import { ANALYTICS_STORAGE_KEY } from "#app/analytics/client/event-store";
import { asNewClient, gotoHydrated, logIn, watchConsole } from "./helpers";
import { createTestAccount, withServerDatabase } from "./test-accounts";

/**
 * The analytics client in the browser (app/analytics/client): what a visit sends, what Do Not Track and
 * the profile's switch stop, and that an endpoint that fails for a while loses nothing. The page's
 * clock is installed so the 10 s batch delay and the backoff pass at once. The server side is
 * tests/e2e/analytics-ingestion.spec.ts.
 */

const isEventsRequest = (request: Request) => new URL(request.url()).pathname === ANALYTICS_ENDPOINT;
const idsOf = (request: Request) =>
  (JSON.parse(request.postData() ?? '{"events":[]}') as { events: AnalyticsEvent[] }).events.map((event) => event.id);

/** Every request the page makes to the endpoint (its fetches; beacons are not reported), with the ids they carry. */
function recordEventRequests(page: Page): Request[] {
  const requests: Request[] = [];
  page.on("request", (request) => {
    if (isEventsRequest(request)) requests.push(request);
  });
  return requests;
}

const storedQueue = (page: Page) =>
  page.evaluate(
    (key) => JSON.parse(localStorage.getItem(key) ?? "null") as AnalyticsEvent[] | null,
    ANALYTICS_STORAGE_KEY,
  );

/** The rows the server stored for these ids. */
const storedRows = (ids: readonly string[]) =>
  withServerDatabase((db) =>
    ids.length === 0
      ? Promise.resolve([])
      : db
          .selectFrom("analytics_events")
          .select(["id", "name", "route", "path", "referrer", "subject", "outcome"])
          .where("id", "in", ids)
          .execute(),
  );

/**
 * A few pages through the app's own links (client navigations: no pagehide, so no beacon) and one
 * factorization, whose shared address (?n=360) is one the path must not carry.
 */
async function visitPages(page: Page): Promise<void> {
  await gotoHydrated(page, "/");
  await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await page
    .getByRole("banner")
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Factorization" })
    .click();
  await expect(page).toHaveURL(/\/prime-factorization-engine$/);
  const input = page.getByRole("textbox", { name: "Number or expression" });
  await input.fill("360");
  await input.press("Enter");
  await expect(page).toHaveURL(/\/prime-factorization-engine\?n=360$/);
  await expect(page.getByTestId("announcement")).toHaveText(/^360 = 2\^3 × 3\^2 × 5/);
}

test.describe("the analytics client", () => {
  test("sends a visit's events in a batch; an endpoint answering 503, then 200, loses none of them", async ({
    page,
  }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [503] });
    await asNewClient(page);
    await page.clock.install();
    const requests = recordEventRequests(page);
    const answers: number[] = [];
    await page.route(`**${ANALYTICS_ENDPOINT}`, async (route) => {
      if (answers.length === 0) {
        answers.push(503);
        await route.fulfill({
          status: 503,
          headers: { "Retry-After": "2" },
          contentType: "application/json",
          body: "{}",
        });
        return;
      }
      const response = await route.fetch();
      answers.push(response.status());
      await route.fulfill({ response });
    });

    await visitPages(page);
    const tracked = (await storedQueue(page)) ?? [];
    expect(tracked.map((event) => event.name)).toEqual(["page_view", "page_view", "page_view", "tool_use"]);
    expect(requests).toHaveLength(0);

    // The batch leaves 10 s after the first event: the endpoint answers 503 and the events stay stored.
    await page.clock.fastForward(BATCH_DELAY_MS);
    await expect.poll(() => answers).toEqual([503]);
    expect((await storedQueue(page))?.map((event) => event.id)).toEqual(tracked.map((event) => event.id));
    // Retry-After: 2 is waited for, then the same batch goes again and is accepted.
    await page.clock.fastForward(1_000);
    expect(answers).toEqual([503]);
    await page.clock.fastForward(1_500);
    await expect.poll(() => answers).toEqual([503, 202]);
    await expect.poll(() => storedQueue(page)).toBeNull();
    expect(requests.map(idsOf)).toEqual([tracked.map((e) => e.id), tracked.map((e) => e.id)]);

    // The last moments' events: a beacon takes them as the page goes away, and they stay stored until a
    // fetch confirms them (a beacon's answer is never known), so the next page sends them again. The
    // server keeps each id once. (Chromium under Playwright drops a beacon sent during page.goto; the
    // next page's batch is what delivers them here.)
    await page.unroute(`**${ANALYTICS_ENDPOINT}`);
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy policy" }).click();
    await expect(page).toHaveURL(/\/privacy-policy$/);
    await expect.poll(async () => (await storedQueue(page))?.map((event) => event.route)).toEqual(["/privacy-policy"]);
    const last = (await storedQueue(page))!;
    await gotoHydrated(page, "/about");
    await expect.poll(async () => (await storedQueue(page))?.length).toBe(2);
    await page.clock.fastForward(BATCH_DELAY_MS);
    await expect.poll(() => storedQueue(page)).toBeNull();
    expect(idsOf(requests.at(-1)!)).toEqual([last[0]!.id, expect.any(String)]);

    // Every event the page tracked is stored once, as it was tracked.
    const ids = [...tracked, ...last].map((event) => event.id);
    expect(answers).toEqual([503, 202]);
    await expect.poll(async () => (await storedRows(ids)).length, { timeout: 10_000 }).toBe(ids.length);
    const rows = await storedRows(ids);
    expect(new Set(rows.map((row) => row.id)).size).toBe(ids.length);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(ids.map((id) => byId.get(id))).toMatchObject([
      { name: "page_view", route: "/", path: "/" },
      { name: "page_view", route: "/about", path: "/about" },
      // The query string (which may carry secrets elsewhere) never leaves the browser.
      { name: "page_view", route: "/prime-factorization-engine", path: "/prime-factorization-engine" },
      { name: "tool_use", subject: "factorization", outcome: "finished" },
      { name: "page_view", route: "/privacy-policy", path: "/privacy-policy" },
    ]);
    checkConsole();
  });

  test("with Do Not Track, nothing is stored or sent, and what an earlier visit stored is deleted", async ({
    page,
  }) => {
    const checkConsole = watchConsole(page);
    const ip = await asNewClient(page);
    await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip, DNT: "1" });
    await page.addInitScript((key) => {
      Object.defineProperty(Navigator.prototype, "doNotTrack", { configurable: true, get: () => "1" });
      // An event left by a visit before Do Not Track was switched on (once: later pages must not see it again).
      if (!sessionStorage.getItem("seeded")) {
        sessionStorage.setItem("seeded", "1");
        localStorage.setItem(key, JSON.stringify([{ id: "f".repeat(32), name: "page_view", at: Date.now() }]));
      }
    }, ANALYTICS_STORAGE_KEY);
    await page.clock.install();
    const requests = recordEventRequests(page);

    await visitPages(page);
    expect(await storedQueue(page)).toBeNull();
    await page.clock.fastForward(BATCH_DELAY_MS * 3);
    await page.evaluate(() => {
      Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
      document.dispatchEvent(new Event("visibilitychange"));
      window.dispatchEvent(new Event("pagehide"));
    });
    await page.goto("/about");
    await page.clock.fastForward(BATCH_DELAY_MS * 3);
    expect(await storedQueue(page)).toBeNull();
    expect(requests).toHaveLength(0);
    checkConsole();
  });

  test("a learner who switches analytics off in the profile sends nothing more, and the queue is deleted at once", async ({
    page,
  }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const account = await createTestAccount("analytics-off");
    await page.clock.install();
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect.poll(async () => (await storedQueue(page))?.length ?? 0).toBeGreaterThan(0);

    const requests = recordEventRequests(page);
    const privacy = page.getByRole("region", { name: "Privacy" });
    const share = privacy.getByLabel("Share usage analytics");
    await expect(share).toBeChecked();
    await share.uncheck();
    await privacy.getByRole("button", { name: "Save privacy choice" }).click();
    await expect(privacy.getByRole("status")).toContainText("Usage analytics are off");
    await expect.poll(() => storedQueue(page)).toBeNull();

    await page.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
    await expect(page).toHaveURL(/\/about$/);
    await page.clock.fastForward(BATCH_DELAY_MS * 3);
    await page.evaluate(() => window.dispatchEvent(new Event("pagehide")));
    expect(await storedQueue(page)).toBeNull();
    expect(requests).toHaveLength(0);
    const user = await withServerDatabase((db) =>
      db.selectFrom("users").select("preferences").where("id", "=", account.id).executeTakeFirstOrThrow(),
    );
    expect(JSON.parse(user.preferences!)).toMatchObject({ analytics: false });
    checkConsole();
  });
});
