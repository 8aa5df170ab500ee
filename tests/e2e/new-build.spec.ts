import { expect, test, type Page } from "@playwright/test";
import { PORT } from "./e2e-ports";
import { SW_REGISTRATION_FAILURE_KEY } from "#app/offline/offline-config";
import { gotoHydrated, watchConsole } from "./helpers";
import { buildNext, NEXT_BUILD_DIR, nextBuildIsStale } from "./next-build";
import { NEXT_BUILD_MARKER } from "./next-build.vite.config";
import { startServer } from "./server-process";
import { startSwitchingProxy } from "./switching-proxy";

/** Whether the page runs the next build's code (tests/e2e/next-build.vite.config.ts marks it). */
const runsNextBuild = (page: Page) => page.evaluate((marker) => marker in window, NEXT_BUILD_MARKER);

/** The paths of the documents the page loads: its first visit and each reload. */
function recordDocuments(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** The path of the browser entry chunk the page loaded: each build has its own. */
const entryChunk = (page: Page) =>
  page.evaluate(() => {
    const entry = performance.getEntriesByType("resource").find((e) => e.name.includes("/assets/entry.client-"));
    return entry && new URL(entry.name).pathname;
  });

/** The paths in the worker's precache (Workbox's cache; an activated worker has dropped what its build lacks). */
const precachedPaths = (page: Page) =>
  page.evaluate(async () => {
    const paths: string[] = [];
    for (const name of await caches.keys()) {
      if (!name.startsWith("workbox-precache")) continue;
      for (const request of await (await caches.open(name)).keys()) paths.push(new URL(request.url).pathname);
    }
    return paths;
  });

test.describe("with the worker", () => {
  test.use({ serviceWorkers: "allow" });

  test.beforeAll(() => {
    // npm run test:e2e builds it beforehand; a run of this file alone after a new build builds it here.
    test.setTimeout(180_000);
    if (nextBuildIsStale()) buildNext();
  });

  test("a deploy is noticed, offered as a reload, and the reload lands on the new build and its worker", async ({
    page,
  }) => {
    // A hang guard: installing a worker precaches a whole build, twice here, on two busy cores.
    test.setTimeout(120_000);
    // The next build's server starts while the page installs the first build's worker.
    const nextServer = startServer({ BUILD_DIR: NEXT_BUILD_DIR });
    const proxy = await startSwitchingProxy(`http://127.0.0.1:${PORT}`);
    try {
      const consoleIsClean = watchConsole(page);
      await page.goto(`${proxy.origin}/prime-factorization-engine`);
      // The app registers the worker after hydration; its first install is announced once.
      await expect(page.getByRole("status").filter({ hasText: "ready to work offline" })).toBeVisible({
        timeout: 60_000,
      });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      expect(await runsNextBuild(page)).toBe(false);
      const firstEntry = await entryChunk(page);
      expect(await precachedPaths(page)).toContain(firstEntry);

      // The deploy: the same origin now serves the next build.
      proxy.switchTo((await nextServer).url);
      // Coming back to the tab checks for a new build (as the 5-minute poll would).
      await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
      const prompt = page.getByRole("status").filter({ hasText: "A new version of Numberlab is available." });

      // Reload waits for the next build's worker to install and take over, then reloads into that build.
      const reloaded = page.waitForEvent("load", { timeout: 60_000 });
      await prompt.getByRole("button", { name: "Reload" }).click();
      await reloaded;
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1, { timeout: 15_000 });
      expect(await runsNextBuild(page)).toBe(true);
      // The next build's worker controls the page: it precached its build and, activated, dropped the first.
      const precached = await precachedPaths(page);
      expect(precached).toContain(await entryChunk(page));
      expect(precached).not.toContain(firstEntry);
      expect(
        await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting ?? null),
      ).toBeNull();
      await expect(prompt).toHaveCount(0);
      consoleIsClean();
    } finally {
      await proxy.close();
      await (await nextServer).stop();
    }
  });
});

test("without a worker, a new build is offered too; over a typed answer Reload asks first", async ({ page }) => {
  const consoleIsClean = watchConsole(page);
  // The server says it runs another build, as after a deploy (no second build needed without a worker).
  await page.route("**/builds/latest.json?*", (route) =>
    route.fulfill({ json: { id: "next-build", timestamp: new Date().toISOString() } }),
  );
  const documents = recordDocuments(page);
  const started = page.waitForResponse((response) => response.url().includes("/builds/meta/"));
  await gotoHydrated(page, "/tests/quiz_test");
  await started;
  // Service workers are blocked here: the failed registration is recorded for the diagnostics lab.
  await expect
    .poll(() => page.evaluate((key) => localStorage.getItem(key), SW_REGISTRATION_FAILURE_KEY))
    .toMatch(/^\{"reason":".+","at":"\d{4}-\d\d-\d\dT[^"]+Z"\}$/);

  // An answer typed, not checked yet.
  const card = page.getByRole("region", { name: /^Question 1 of/ });
  const field = card.locator("math-field").first();
  if ((await field.count()) > 0) {
    await expect(async () => {
      await field.click();
      await expect(field).toBeFocused({ timeout: 500 });
    }).toPass();
    await page.keyboard.type("7");
  } else {
    await card.locator("input[type=radio], input[type=checkbox]").first().check();
  }

  const prompt = page.getByRole("status").filter({ hasText: "A new version of Numberlab is available." });
  const question = page.getByRole("dialog", { name: "Reload with unsaved work?" });
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await prompt.getByRole("button", { name: "Reload" }).click();
  await question.getByRole("button", { name: "Not now" }).click();
  await expect(question).toHaveCount(0);
  await expect(prompt).toHaveCount(0);

  // The next check offers it again; this time the learner reloads anyway.
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  const reloaded = page.waitForEvent("load");
  await prompt.getByRole("button", { name: "Reload" }).click();
  await question.getByRole("button", { name: "Reload anyway" }).click();
  await reloaded;
  expect(documents).toEqual(["/tests/quiz_test", "/tests/quiz_test"]);
  consoleIsClean();
});
