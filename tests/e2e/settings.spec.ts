import { expect, test, type Browser, type Page } from "@playwright/test";
import { readSettings, writeSetting } from "#app/models/app-settings.server";
import { PASSWORD, storageStatePath } from "./accounts";
import { baseURL } from "./e2e-ports";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";
import { withServerDatabase } from "./test-accounts";

/**
 * /admin/application's switches, banner and free chapters, as an admin sets them and a visitor meets
 * them (issue 22, point 4). These change what every visitor sees, so they run in their own project
 * after the "chromium" one (playwright.config.ts), one after the other, and put everything back.
 */

const SETTINGS = "/admin/application";
// A premium chapter of content/chapters, made free and premium again here.
const CHAPTER = { slug: "exponential-remainders", title: "Exponential remainders" };

test.describe.configure({ mode: "serial" });
test.use({ storageState: storageStatePath("admin") });

/** The settings as they were before these journeys, put back after them whatever happened. */
let before: Awaited<ReturnType<typeof readSettings>>;
let chapterBefore: { access: "free" | "premium"; version: number; edited_in_app_at: string | null; updated_at: string };
test.beforeAll(async () => {
  await withServerDatabase(async (db) => {
    before = await readSettings(db);
    chapterBefore = await db
      .selectFrom("chapters")
      .select(["access", "version", "edited_in_app_at", "updated_at"])
      .where("slug", "=", CHAPTER.slug)
      .executeTakeFirstOrThrow();
  });
});
test.afterAll(async () => {
  await withServerDatabase(async (db) => {
    await writeSetting(db, "featureFlags", before.featureFlags, null);
    await writeSetting(db, "maintenanceBanner", before.maintenanceBanner, null);
    await db.updateTable("chapters").set(chapterBefore).where("slug", "=", CHAPTER.slug).execute();
  });
});

/** A visitor with no account, in a browser of their own. */
async function guest(browser: Browser, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] }, viewport });
  const page = await context.newPage();
  await asNewClient(page);
  return { page, close: () => context.close() };
}

/** Switches one feature from the settings page and waits for the page to say so. */
async function switchFeature(page: Page, label: string, to: "on" | "off") {
  await gotoHydrated(page, `${SETTINGS}#settings-features`);
  await page.getByRole("button", { name: `Switch ${to}: ${label}` }).click();
  await expect(page.getByRole("status").filter({ hasText: `${label} is ${to}.` })).toBeVisible();
  await expect(page.getByRole("button", { name: `Switch ${to === "on" ? "off" : "on"}: ${label}` })).toBeVisible();
}

const notice = (page: Page) => page.getByRole("complementary", { name: "Site notice" });

test("an admin puts up a banner that every visitor sees, a visitor dismisses it, and it comes down", async ({
  page,
  browser,
}) => {
  // The refused banner below answers 400.
  const checkConsole = watchConsole(page, { expectedStatuses: [400] });
  await asNewClient(page);
  const text = `Maintenance tonight from 18:00 UTC (journey ${Date.now()}).`;
  await gotoHydrated(page, `${SETTINGS}#settings-maintenance-banner`);
  const form = page.getByRole("form", { name: "Maintenance banner" });
  await expect(page.getByText("No banner is set.")).toBeVisible();
  // Refused first: an end in the past, named on its field; nothing is put up.
  await form.getByLabel("Text").fill(text);
  await form.getByLabel("Show until (UTC)").fill("2020-01-01T10:00");
  await form.getByRole("button", { name: "Put up the banner" }).click();
  await expect(form.getByText(/This time has passed/)).toBeVisible();
  await expect(notice(page)).toHaveCount(0);

  await form.getByLabel("Show until (UTC)").fill("");
  await form.getByLabel("Level").selectOption("warning");
  await form.getByRole("button", { name: "Put up the banner" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Banner saved." })).toBeVisible();
  await expect(page.getByText("Shown now to every visitor, until it is removed.")).toBeVisible();
  await expect(notice(page)).toContainText(text);

  // A guest sees it on every page, the missing ones included, on a phone too; and may dismiss it.
  const visitor = await guest(browser, { width: 390, height: 844 });
  try {
    const checkGuestConsole = watchConsole(visitor.page, { expectedStatuses: [404] });
    await gotoHydrated(visitor.page, "/");
    await expect(notice(visitor.page)).toContainText(`Warning: ${text}`);
    await visitor.page.goto("/no-such-page-here");
    await expect(visitor.page.getByTestId("not-found")).toBeVisible();
    await expect(notice(visitor.page)).toContainText(text);
    await gotoHydrated(visitor.page, "/about");
    await notice(visitor.page).getByRole("button", { name: "Dismiss this notice" }).click();
    await expect(notice(visitor.page)).toHaveCount(0);
    // Dismissed for this session: not on the next page loads either.
    await gotoHydrated(visitor.page, "/");
    await expect(notice(visitor.page)).toHaveCount(0);

    // A changed banner is a new one: it shows again.
    await form.getByLabel("Text").fill(`${text} Back by 19:00.`);
    await form.getByRole("button", { name: "Update the banner" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Banner saved." })).toBeVisible();
    await gotoHydrated(visitor.page, "/");
    await expect(notice(visitor.page)).toContainText("Back by 19:00.");

    // Removed: gone for everyone.
    await page.getByRole("button", { name: "Remove the banner" }).click();
    await expect(page.getByRole("status").filter({ hasText: "The banner is removed." })).toBeVisible();
    await expect(page.getByText("No banner is set.")).toBeVisible();
    await gotoHydrated(visitor.page, "/");
    await expect(notice(visitor.page)).toHaveCount(0);
    checkGuestConsole();
  } finally {
    await visitor.close();
  }
  checkConsole();
});

test("an admin closes sign-up: the page says so, a direct POST is refused, and it opens again", async ({
  page,
  browser,
}) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  await switchFeature(page, "Sign-up", "off");

  const visitor = await guest(browser);
  try {
    await gotoHydrated(visitor.page, "/login?mode=signup");
    await expect(visitor.page.getByRole("heading", { level: 1, name: "Sign-up is closed" })).toBeVisible();
    await expect(visitor.page.getByText("Sign-up is closed on this site for now.")).toBeVisible();
    await expect(visitor.page.getByRole("tab", { name: "Create account" })).toHaveCount(0);
    await expect(visitor.page.getByRole("button", { name: "Create account" })).toHaveCount(0);
    await gotoHydrated(visitor.page, "/login");
    await expect(visitor.page.getByRole("tab", { name: "Create account" })).toHaveCount(0);
    await expect(visitor.page.getByRole("button", { name: "Log in", exact: true })).toBeVisible();
    // Nor do the plans promise a new account.
    await gotoHydrated(visitor.page, "/subscribe");
    await expect(visitor.page.getByText("New accounts cannot be made at the moment.")).toBeVisible();

    // The form is not there, and the request it would have sent is refused all the same.
    const refused = await visitor.page.request.post("/login?mode=signup", {
      form: { intent: "signup", email: `closed-${Date.now()}@example.org`, password: PASSWORD },
      headers: { Origin: baseURL },
      maxRedirects: 0,
    });
    expect(refused.status()).toBe(403);
    expect(await refused.text()).toContain("Sign-up is closed on this site for now.");

    await switchFeature(page, "Sign-up", "on");
    await gotoHydrated(visitor.page, "/login?mode=signup");
    await expect(visitor.page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(visitor.page.getByRole("tab", { name: "Create account" })).toBeVisible();
  } finally {
    await visitor.close();
  }
  checkConsole();
});

test("an admin makes a premium chapter free: the plans page lists it and a learner reads all of it", async ({
  page,
  browser,
}) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  await gotoHydrated(page, `${SETTINGS}#settings-free-chapters`);
  const box = page.getByRole("checkbox", { name: CHAPTER.title, exact: true });
  await expect(box).not.toBeChecked();
  await box.check();
  await page.getByRole("button", { name: "Apply the free chapters" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Access changed for 1 chapter." })).toBeVisible();
  await expect(page.getByRole("checkbox", { name: CHAPTER.title, exact: true })).toBeChecked();

  const visitor = await guest(browser);
  const learner = await browser.newContext({ storageState: storageStatePath("user") });
  try {
    await gotoHydrated(visitor.page, "/subscribe");
    // The row's header names it; then the free plan's cell and the premium plan's.
    const [free, premium] = [0, 1].map((index) =>
      visitor.page
        .getByRole("row", { name: /^Chapters/ })
        .getByRole("cell")
        .nth(index),
    );
    await expect(free!).toContainText(CHAPTER.title);
    await expect(premium!).not.toContainText(CHAPTER.title);

    const reader = await learner.newPage();
    await asNewClient(reader);
    await gotoHydrated(reader, `/chapter/${CHAPTER.slug}`);
    await expect(reader.getByRole("heading", { level: 1, name: CHAPTER.title })).toBeVisible();
    await expect(reader.getByText("The rest of this chapter is part of Numberlab Premium")).toHaveCount(0);

    // Premium again, from the same list.
    await page.getByRole("checkbox", { name: CHAPTER.title, exact: true }).uncheck();
    await page.getByRole("button", { name: "Apply the free chapters" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Access changed for 1 chapter." })).toBeVisible();
    await gotoHydrated(reader, `/chapter/${CHAPTER.slug}`);
    await expect(reader.getByText("The rest of this chapter is part of Numberlab Premium")).toBeVisible();
  } finally {
    await visitor.close();
    await learner.close();
  }
  checkConsole();
});

test("an admin switches analytics off: pages do not load it, sent events are dropped, the policy says so", async ({
  page,
  browser,
}) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  const collector = /\/assets\/analytics\.client-[\w-]+\.js$/;

  // On: the collector comes with the page.
  const first = await guest(browser);
  try {
    const loaded = first.page.waitForRequest((request) => collector.test(request.url()));
    await gotoHydrated(first.page, "/about");
    await loaded;
  } finally {
    await first.close();
  }

  await switchFeature(page, "Usage analytics", "off");
  const visitor = await guest(browser);
  try {
    const requested: string[] = [];
    visitor.page.on("request", (request) => requested.push(request.url()));
    await gotoHydrated(visitor.page, "/about");
    await gotoHydrated(visitor.page, "/privacy-policy");
    await expect(visitor.page.getByText("Switched off at the moment.")).toBeVisible();
    expect(requested.filter((url) => collector.test(url))).toEqual([]);

    // A page opened before sends its batch: accepted, so it is not sent again, and dropped.
    const event = {
      id: `settings-journey-${Date.now()}`,
      name: "page_view",
      at: Date.now(),
      route: "/about",
      path: "/about",
      width: 1280,
      props: {},
    };
    const answer = await visitor.page.request.post("/api/events", {
      data: { events: [event] },
      headers: { Origin: baseURL },
    });
    expect(answer.status()).toBe(202);
    expect(await answer.json()).toEqual({ stored: 0, ignored: "switched-off" });
    const stored = await withServerDatabase((db) =>
      db.selectFrom("analytics_events").select("id").where("id", "=", event.id).execute(),
    );
    expect(stored).toEqual([]);
  } finally {
    await visitor.close();
    await switchFeature(page, "Usage analytics", "on");
  }
  checkConsole();
});
