import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { attemptOfUser } from "#app/models/quiz.server";
import { loadQuestions } from "#app/quiz/quiz.server";
import { storageStatePath, uniqueClientIp } from "./accounts";
import { asNewClient, gotoHydrated, logIn, watchConsole } from "./helpers";
import { answerPart } from "./quiz-answers";
import { createTestAccount, withServerDatabase } from "./test-accounts";

/**
 * The analytics pages (issue 20): the dashboard (/admin/admin), the analytics in depth (/admin/admin2)
 * with its CSV files, and the usage charts (/tests/mychart). Events reach the server the way the
 * client sends them (POST /api/events); the pages read them back.
 */

/** A desktop browser's user agent: the endpoint drops requests from bots and from agents it cannot name. */
const BROWSER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

type SentEvent = Record<string, unknown> & { name: string };

function pageView(path: string, referrer?: string): SentEvent {
  return {
    id: randomUUID(),
    name: "page_view",
    at: Date.now(),
    route: path,
    path,
    width: 1400,
    props: referrer ? { referrer } : {},
  };
}

/** Sends a batch as one visitor (its own address) and checks every event was stored. */
async function sendEvents(request: APIRequestContext, events: SentEvent[], clientIp = uniqueClientIp()) {
  const response = await request.post("/api/events", {
    headers: { "User-Agent": BROWSER_AGENT, "X-Forwarded-For": clientIp },
    data: { events },
  });
  expect(response.status(), await response.text()).toBe(202);
  expect(await response.json()).toMatchObject({ stored: events.length });
}

/** The value of a card of a StatGrid (a <dt> and its first <dd>). */
function stat(page: Page, label: string) {
  return page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd[1]");
}

async function countOf(page: Page, label: string): Promise<number> {
  const text = await stat(page, label).innerText();
  expect(text).toMatch(/^[\d,]+$/);
  return Number(text.replaceAll(",", ""));
}

const today = () => new Date().toISOString().slice(0, 10);
const daysBefore = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

test.describe("an administrator", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("reads the dashboard's figures, then sees its charts drawn", async ({ page, request }) => {
    const checkConsole = watchConsole(page);
    await sendEvents(request, [pageView("/e2e/dashboard"), pageView("/e2e/dashboard")]);
    // The chart chunk is held back until the page has been measured without it.
    let releaseCharts!: () => void;
    const chartsHeld = new Promise<void>((resolve) => (releaseCharts = resolve));
    await page.route(/\/assets\/x-charts-view-[\w-]+\.js$/, async (route) => {
      await chartsHeld;
      await route.continue();
    });
    await gotoHydrated(page, "/admin/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    for (const section of ["Users", "Learning", "Tools", "Subscriptions", "System"]) {
      await expect(page.getByRole("heading", { level: 2, name: section })).toBeVisible();
    }
    // The journeys' own accounts at least (global-setup.ts), and the page views just sent.
    expect(await countOf(page, "Accounts")).toBeGreaterThanOrEqual(3);
    expect(await countOf(page, "Page views")).toBeGreaterThanOrEqual(2);
    await expect(stat(page, "Answered right")).toHaveText(/^(\d+\.\d%|–)$/);

    const system = page.getByRole("table", { name: "System" });
    const build = (await (await request.get("/builds/latest.json")).json()) as { id: string };
    await expect(system.getByRole("row", { name: /^Build / })).toHaveText(`Build${build.id}`);
    await expect(system.getByRole("row", { name: /^Database size / })).toHaveText(/\d(\.\d)? (bytes|KB|MB|GB)$/);
    await expect(system.getByRole("row", { name: /^Server errors in 24 hours / })).toHaveText(/\d+$/);

    // Each chart's figures are a table folded under the chart; today's row has the page views.
    await page.getByText("Visitors and page views: the table of figures").click();
    const daily = page.getByRole("table", { name: "Visitors and page views, by day" });
    await expect(daily.getByRole("row")).toHaveCount(31);
    const [, month, day] = today().split("-").map(Number);
    const todayLabel = `${day} ${["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month! - 1]}`;
    await expect(daily.getByRole("row").last().getByRole("rowheader")).toHaveText(todayLabel);

    // The charts arrive after hydration, into slots that kept their place: nothing below them moves.
    const systemHeading = page.getByRole("heading", { level: 2, name: "System" });
    const before = await systemHeading.boundingBox();
    expect(await page.locator("[data-chart-slot] svg").count()).toBe(0);
    releaseCharts();
    await expect(page.locator("[data-chart-slot]").first().locator("svg").first()).toBeVisible();
    await expect(page.locator("[data-chart-slot] .MuiChartsSurface-root")).toHaveCount(
      await page.locator("[data-chart-slot]").count(),
    );
    expect(await systemHeading.boundingBox()).toEqual(before);
    checkConsole();
  });

  test("picks a range on the analytics page and downloads its tables as CSV", async ({ page, request }) => {
    const checkConsole = watchConsole(page);
    const unique = randomUUID().slice(0, 8);
    const path = `/e2e/analytics-${unique}`;
    // A referrer starting with "-" is text a spreadsheet would run as a formula.
    const referrer = `-e2e-${unique}.example`;
    await sendEvents(request, [pageView(path, referrer), pageView(path, referrer), pageView(path, referrer)]);

    await gotoHydrated(page, "/admin/admin2");
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible();
    const pages = page.getByRole("region", { name: "Top pages" });
    // Other journeys' pages fill the table: narrowed to this one's address (in another case), its row shows.
    await expect(pages.getByRole("row")).not.toHaveCount(0);
    await page.getByLabel("Pages containing").fill(path.toUpperCase());
    await page.getByRole("button", { name: "Show" }).click();
    await expect(
      page.getByText(`The most viewed addresses containing “${path.toUpperCase()}” (in any case)`),
    ).toBeVisible();
    await expect(pages.getByRole("row", { name: new RegExp(`^${path} `) })).toHaveText(`${path}31`);
    await expect(pages.getByRole("row")).toHaveCount(2);
    for (const title of ["Referrer domains", "Devices", "Funnel", "Weekly retention", "Tool usage"]) {
      await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
    }
    await expect(page.getByRole("heading", { level: 2, name: "Quiz items by difficulty" })).toBeVisible();

    // A week up to today.
    const from = daysBefore(6);
    await page.getByLabel("From", { exact: true }).fill(from);
    await page.getByLabel("To", { exact: true }).fill(today());
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(
      new RegExp(`/admin/admin2\\?from=${from}&to=${today()}&pages=${encodeURIComponent(path.toUpperCase())}$`),
    );
    await expect(pages.getByRole("row", { name: new RegExp(`^${path} `) })).toHaveText(`${path}31`);

    // The address changes before React commits the new page (a transition): wait for the new range's link.
    const csvLink = page.getByRole("link", { name: "Download CSV (Top pages)" });
    await expect(csvLink).toHaveAttribute("href", new RegExp(`from=${from}&to=${today()}&pages=`));
    const [download] = await Promise.all([page.waitForEvent("download"), csvLink.click()]);
    expect(download.suggestedFilename()).toBe(`numberlab-pages-${from}-to-${today()}.csv`);
    const csv = await readFile(await download.path(), "utf8");
    // The file holds the rows the page showed: the narrowed table.
    expect(csv).toBe(`Page,Views,Visitors\r\n${path},3,1\r\n`);

    const referrers = await page.request.get(`/admin/admin2/csv/referrers?from=${from}&to=${today()}`);
    expect(referrers.status()).toBe(200);
    expect(referrers.headers()["content-type"]).toMatch(/^text\/csv; charset=utf-8/);
    expect(referrers.headers()["content-disposition"]).toBe(
      `attachment; filename="numberlab-referrers-${from}-to-${today()}.csv"`,
    );
    const referrerCsv = await referrers.text();
    expect(referrerCsv.startsWith("Domain,Visits\r\n")).toBe(true);
    // Defused: a leading apostrophe, quoted.
    expect(referrerCsv).toMatch(new RegExp(`\\r\\n"'${referrer.replaceAll(".", "\\.")}",\\d+\\r\\n`));

    // A range that ends before it starts: the reason, and the default range instead.
    await page.getByLabel("From", { exact: true }).fill(today());
    await page.getByLabel("To", { exact: true }).fill(daysBefore(3));
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByText(`The start (${today()}) is after the end (${daysBefore(3)}).`)).toBeVisible();
    await expect(page.getByText("Showing the last 30 days instead.")).toBeVisible();
    await expect(page.getByLabel("From", { exact: true })).toHaveAttribute("aria-invalid", "true");
    // The file of a refused range is refused too, with the same reason.
    const refused = await page.request.get(`/admin/admin2/csv/pages?from=${today()}&to=${daysBefore(3)}`);
    expect(refused.status()).toBe(400);
    expect(await refused.text()).toContain("is after the end");
    expect((await page.request.get(`/admin/admin2/csv/users?from=${from}&to=${today()}`)).status()).toBe(404);
    // So is a pages filter longer than any address.
    const tooLong = await page.request.get(`/admin/admin2/csv/pages?pages=${"x".repeat(201)}`);
    expect(tooLong.status()).toBe(400);
    expect(await tooLong.text()).toBe("Enter at most 200 characters of an address.\n");
    checkConsole();
  });

  test("watches the usage charts, which read their figures again every 30 seconds", async ({ page, request }) => {
    const checkConsole = watchConsole(page);
    await sendEvents(request, [
      pageView("/e2e/usage"),
      { ...pageView("/e2e/usage"), name: "chapter_read", props: { chapter: "e2e" } },
    ]);
    await page.clock.install();
    await gotoHydrated(page, "/tests/mychart");
    await expect(page.getByRole("heading", { level: 1, name: "Usage charts" })).toBeVisible();
    expect(await countOf(page, "Visitors now")).toBeGreaterThanOrEqual(1);
    expect(await countOf(page, "Events in 30 minutes")).toBeGreaterThanOrEqual(2);
    await page.getByText("Events per hour: the last 48 hours: the table of figures").click();
    const hourly = page.getByRole("table", { name: "Events per hour: the last 48 hours, by hour" });
    await expect(hourly.getByRole("columnheader", { name: "Chapters read" })).toBeVisible();
    await expect(hourly.getByRole("row")).toHaveCount(49);
    await expect(page.locator("[data-chart-slot] svg").first()).toBeVisible();

    const refreshed = page.waitForRequest((sent) => new URL(sent.url()).pathname === "/tests/mychart.data");
    await page.clock.runFor(30_000);
    await refreshed;
    checkConsole();
  });
});

test.describe("a learner", () => {
  test.use({ storageState: storageStatePath("user") });

  test("is refused every analytics page and file", async ({ page }) => {
    for (const path of ["/admin/admin", "/admin/admin2", "/tests/mychart"]) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page is for administrators.");
    }
    expect((await page.request.get("/admin/admin2/csv/pages")).status()).toBe(403);
  });
});

test("a guest asking for a CSV file is sent to log in", async ({ request }) => {
  const response = await request.get("/admin/admin2/csv/pages", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe(`/login?redirectTo=${encodeURIComponent("/admin/admin2/csv/pages")}`);
});

test.describe("without JavaScript", () => {
  test.use({ storageState: storageStatePath("admin"), javaScriptEnabled: false });

  test("the analytics pages still give their figures", async ({ page, request }) => {
    const path = `/e2e/no-script-${randomUUID().slice(0, 8)}`;
    await sendEvents(request, [pageView(path)]);

    await page.goto("/admin/admin");
    expect(await countOf(page, "Accounts")).toBeGreaterThanOrEqual(3);
    expect(await countOf(page, "Page views")).toBeGreaterThanOrEqual(1);
    await expect(page.getByRole("table", { name: "System" }).getByRole("row", { name: /^Build / })).toBeVisible();
    // No empty frames where the charts would be.
    await expect(page.locator("[data-chart-slot]").first()).toBeHidden();

    await page.goto("/admin/admin2");
    await expect(page.getByRole("region", { name: "Top pages" }).getByRole("row")).not.toHaveCount(0);
    await expect(page.getByRole("link", { name: "Download CSV (Top pages)" })).toHaveAttribute(
      "href",
      `/admin/admin2/csv/pages?from=${daysBefore(29)}&to=${today()}`,
    );
    // The form works as a plain GET form: the table narrowed to this page's address.
    await page.getByLabel("Pages containing").fill(path);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(
      page.getByRole("region", { name: "Top pages" }).getByRole("row", { name: new RegExp(`^${path} `) }),
    ).toHaveText(`${path}11`);
    await expect(page.getByRole("link", { name: "Download CSV (Top pages)" })).toHaveAttribute(
      "href",
      `/admin/admin2/csv/pages?from=${daysBefore(29)}&to=${today()}&pages=${encodeURIComponent(path)}`,
    );

    await page.goto("/tests/mychart");
    expect(await countOf(page, "Events in 30 minutes")).toBeGreaterThanOrEqual(1);
  });
});

/** The dashboard's counts that a visit changes. */
async function dashboardCounts(page: Page) {
  await page.goto("/admin/admin");
  return {
    visitors: await countOf(page, "Visitors"),
    pageViews: await countOf(page, "Page views"),
    factorizations: await countOf(page, "Factorizations"),
    quizAnswers: await countOf(page, "Quiz answers"),
  };
}

test("a visitor's pages, a factorization and a quiz answer appear on the dashboard", async ({ browser }) => {
  test.slow();
  // The administrator's own pages are not counted (Do Not Track), so every change comes from the visit.
  const adminContext = await browser.newContext({
    storageState: storageStatePath("admin"),
    extraHTTPHeaders: { DNT: "1" },
  });
  const admin = await adminContext.newPage();
  const before = await dashboardCounts(admin);

  // A context made here gets Playwright's headless user agent, which the endpoint drops as a bot's.
  const visitorContext = await browser.newContext({ userAgent: BROWSER_AGENT });
  const visitor = await visitorContext.newPage();
  const checkConsole = watchConsole(visitor);
  await asNewClient(visitor);
  const learner = await createTestAccount("dashboard-visitor");
  await logIn(visitor, learner.email);
  await visitor.waitForURL("**/profile");
  await expect(visitor.locator("html[data-hydrated]")).toHaveCount(1);
  // Pages through the app's own links, then a factorization.
  await visitor.getByRole("contentinfo").getByRole("link", { name: "About" }).click();
  await expect(visitor).toHaveURL(/\/about$/);
  await visitor
    .getByRole("banner")
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Factorization" })
    .click();
  await expect(visitor).toHaveURL(/\/prime-factorization-engine$/);
  const input = visitor.getByRole("textbox", { name: "Number or expression" });
  await input.fill("360");
  await input.press("Enter");
  await expect(visitor.getByTestId("announcement")).toHaveText(/^360 = 2\^3 × 3\^2 × 5/);
  // The run is counted once React has run its effects after the result (a moment after it shows); the
  // batch carrying it leaves within the batch delay, at the latest. Leaving at once could lose it.
  await expect
    .poll(
      () =>
        withServerDatabase(async (db) =>
          Number(
            (
              await db
                .selectFrom("analytics_events")
                .where("user_id", "=", learner.id)
                .where("name", "=", "tool_use")
                .where("subject", "=", "factorization")
                .select((eb) => eb.fn.countAll().as("n"))
                .executeTakeFirstOrThrow()
            ).n,
          ),
        ),
      { timeout: 30_000 },
    )
    .toBe(1);
  // One quiz question, answered right.
  await gotoHydrated(visitor, "/chapter/atomic-model-of-numbers/quiz");
  await visitor.getByRole("button", { name: "Start the quiz" }).click();
  await visitor.waitForURL(/\/quiz\/[0-9a-f-]{36}$/);
  await expect(visitor.locator("html[data-hydrated]")).toHaveCount(1);
  const attemptId = new URL(visitor.url()).pathname.split("/").at(-1)!;
  const [question] = await withServerDatabase(async (db) =>
    loadQuestions(db, (await attemptOfUser(db, attemptId, learner.id))!.items),
  );
  const card = visitor.getByRole("region", { name: /^Question 1 of 5/ });
  for (const [part, { key }] of question!.parts.entries()) {
    await answerPart(card, part, question!.parts.length, key, true);
  }
  await card.getByRole("button", { name: "Check answer" }).click();
  await expect(card.getByRole("region", { name: "Worked solution" })).toBeVisible();
  checkConsole();
  // Leaving the site sends what is still batched (a beacon on pagehide).
  await visitor.goto("about:blank");
  await visitorContext.close();

  // At least: profile, about, factorization engine, the quiz's chapter page and the attempt; one visitor
  // (the administrator's pages are not counted); one factorization; one answer. Each increase is shown up
  // to what the visit guarantees, so a failure says which figure fell short, and by how much.
  const required = { visitors: 1, pageViews: 5, factorizations: 1, quizAnswers: 1 };
  await expect
    .poll(
      async () => {
        const after = await dashboardCounts(admin);
        return Object.fromEntries(
          Object.entries(required).map(([figure, least]) => {
            const name = figure as keyof typeof required;
            return [figure, Math.min(after[name] - before[name], least)];
          }),
        );
      },
      { timeout: 30_000, intervals: [500, 1000, 2000] },
    )
    .toEqual(required);
  await adminContext.close();
});
