import { expect, type Locator, type Page } from "@playwright/test";
import { PASSWORD, uniqueClientIp } from "./accounts";

/**
 * Fails the test on any console error or uncaught page error, hydration
 * warnings included. Chromium also logs every non-2xx fetch; a test that
 * expects a form to answer e.g. 400 names that status in `expectedStatuses`,
 * and one that expects other errors (a request made offline) matches them in `expectedMessages`.
 */
export function watchConsole(
  page: Page,
  { expectedStatuses = [] as number[], expectedMessages = [] as RegExp[] } = {},
): () => void {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    if (expectedMessages.some((expected) => expected.test(message.text()))) return;
    const status = /^Failed to load resource: the server responded with a status of (\d+)/.exec(message.text());
    if (status && expectedStatuses.includes(Number(status[1]))) return;
    problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  return () => expect(problems, "console errors").toEqual([]);
}

/** Gives the page's requests a client address of their own (see accounts.ts). */
export async function asNewClient(page: Page): Promise<string> {
  const ip = uniqueClientIp();
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": ip });
  return ip;
}

/** Fills and sends the login form; the caller checks where it leads. */
export async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto("/login");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Log in", exact: true }).click();
}

/** Logs out from the header and waits until the page shows a guest. */
export async function logOut(page: Page): Promise<void> {
  await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
  await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
}

/** Opens a page and waits until React has hydrated it, so a click cannot fall between the two. */
export async function gotoHydrated(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
}

/** The element a link opened at is in view, and not under the sticky app bar. */
export async function expectInViewBelowAppBar(page: Page, target: Locator): Promise<void> {
  await expect(target).toBeInViewport();
  const barBottom = await page.getByRole("banner").evaluate((bar) => bar.getBoundingClientRect().bottom);
  await expect
    .poll(() => target.evaluate((element) => element.getBoundingClientRect().top))
    .toBeGreaterThanOrEqual(barBottom);
}
