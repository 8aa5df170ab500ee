import { expect, test, type Page } from "@playwright/test";
import { PAGE_CACHE_PREFIX, SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "#app/offline/offline-config";
import { asNewClient, gotoHydrated, logIn, logOut } from "./helpers";
import { createTestAccount } from "./test-accounts";

/** A free chapter with a widget (the sieve of Eratosthenes), and the next chapter, never opened here. */
const CHAPTER = "/chapter/atomic-model-of-numbers";
const NEXT_CHAPTER_LINK = /^Next: Remainder calculation/;
/** The light scheme's first curve colour (app/graphics/plot-palette.ts). */
const BLUE = [0x15, 0x65, 0xc0] as const;

/** Registers the worker (as the app does; the same script and scope give the same registration) and waits until it controls the page. */
async function installServiceWorker(page: Page): Promise<void> {
  await page.evaluate(
    async ({ url, scope }) => {
      await navigator.serviceWorker.register(url, { scope });
      await navigator.serviceWorker.ready;
    },
    { url: SERVICE_WORKER_URL, scope: SERVICE_WORKER_SCOPE },
  );
  // The worker claims the page when it activates, after its install saved the tools.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The page caches' names and the paths each holds, read in the page as DevTools would show them. */
function pageCaches(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async (prefix) => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      if (!name.startsWith(prefix)) continue;
      const keys = await (await caches.open(name)).keys();
      result[name] = keys.map((request) => new URL(request.url).pathname + new URL(request.url).search);
    }
    return result;
  }, PAGE_CACHE_PREFIX);
}

const accountCaches = async (page: Page) =>
  Object.keys(await pageCaches(page)).filter((name) => name.startsWith(`${PAGE_CACHE_PREFIX}u-`));

/** Fails on console errors, except the browser's own line for each request that fails offline. */
function watchConsoleOffline(page: Page): () => void {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() !== "error") return;
    if (text === "Failed to load resource: net::ERR_INTERNET_DISCONNECTED") return;
    problems.push(text);
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  return () => expect(problems, "console errors").toEqual([]);
}

/** Whether any pixel of the first plot's canvas has colour `rgb`. */
function plotHasColour(page: Page, rgb: readonly number[]): Promise<boolean> {
  return page
    .locator("[data-view]")
    .first()
    .evaluate((frame, rgb) => {
      const canvas = frame.querySelector("canvas")!;
      const data = canvas.getContext("2d")!.getImageData(0, 0, canvas.width, canvas.height).data;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i]! - rgb[0]!) + Math.abs(data[i + 1]! - rgb[1]!) + Math.abs(data[i + 2]! - rgb[2]!) < 30) {
          return true;
        }
      }
      return false;
    }, rgb);
}

test.describe("offline", () => {
  // Whatever the suite's default, these journeys need the worker.
  test.use({ serviceWorkers: "allow" });

  test("a learner keeps factoring, plotting and reading a visited chapter offline; signing out empties their caches", async ({
    page,
    context,
  }) => {
    // Installing saves 13 tool pages; then five pages load offline: several journeys' worth on two cores.
    test.setTimeout(120_000);
    const checkConsole = watchConsoleOffline(page);
    await asNewClient(page);
    const account = await createTestAccount("offline");
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);
    await installServiceWorker(page);

    await gotoHydrated(page, CHAPTER);
    await expect.poll(async () => Object.values(await pageCaches(page)).flat()).toContain(CHAPTER);
    const [accountCache] = await accountCaches(page);
    expect(accountCache).toBeDefined();
    const saved = (await pageCaches(page))[accountCache!]!;
    expect(saved).toEqual(expect.arrayContaining(["/prime-factorization-engine", "/tests/ploting", CHAPTER]));

    await context.setOffline(true);

    await gotoHydrated(page, "/prime-factorization-engine");
    const input = page.getByRole("textbox", { name: "Number or expression" });
    await input.fill("360");
    await input.press("Enter");
    await expect(page.getByTestId("announcement")).toHaveText("360 = 2^3 × 3^2 × 5, 3 distinct primes");

    await gotoHydrated(page, "/tests/ploting");
    await expect.poll(() => plotHasColour(page, BLUE)).toBe(true);

    await gotoHydrated(page, CHAPTER);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("The atomic model of numbers");
    const sieve = page
      .locator(".lesson-widget")
      .filter({ has: page.getByText("The sieve of Eratosthenes", { exact: true }) })
      .first();
    await expect(sieve).toHaveAttribute("data-live", "", { timeout: 30_000 });
    await expect(async () => {
      await sieve.getByRole("button", { name: "Next prime" }).click();
      await expect(sieve).toContainText(/multiples of 2/, { timeout: 1000 });
    }).toPass();

    // A link to a chapter never opened: its .data is not saved, so the worker has the document
    // reloaded, and the document is the offline page, which lists what is saved.
    await page.getByRole("link", { name: NEXT_CHAPTER_LINK }).click();
    await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
    await expect(page).toHaveURL(/\/chapter\/remainder-calculation-sequences$/);
    const savedList = page.getByRole("region", { name: "Pages saved on this device" });
    await expect(savedList.getByRole("link", { name: "The atomic model of numbers", exact: true })).toHaveAttribute(
      "href",
      CHAPTER,
    );
    const tools = page.getByRole("region", { name: "These work offline" });
    await expect(tools.getByRole("link", { name: "Prime factorization engine" })).toBeVisible();

    // Back online, the offline page reloads itself when the browser reports the connection: that
    // reload may interrupt the next navigation, which is then made again.
    await context.setOffline(false);
    await expect(async () => gotoHydrated(page, "/")).toPass();
    expect(await accountCaches(page)).toEqual([accountCache]);
    await logOut(page);
    await expect.poll(() => accountCaches(page)).toEqual([]);
    checkConsole();
  });
});
