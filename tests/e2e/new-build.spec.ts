import { expect, test, type Page } from "@playwright/test";
import { PORT } from "./e2e-ports";
import { watchConsole } from "./helpers";
import { buildNext, NEXT_BUILD_DIR, nextBuildIsStale } from "./next-build";
import { NEXT_BUILD_MARKER } from "./next-build.vite.config";
import { startServer } from "./server-process";
import { startSwitchingProxy } from "./switching-proxy";

test.use({ serviceWorkers: "allow" });

test.beforeAll(() => {
  // npm run test:e2e builds it beforehand; a run of this file alone after a new build builds it here.
  test.setTimeout(180_000);
  if (nextBuildIsStale()) buildNext();
});

/** Whether the page runs the next build's code (tests/e2e/next-build.vite.config.ts marks it). */
const runsNextBuild = (page: Page) => page.evaluate((marker) => marker in window, NEXT_BUILD_MARKER);

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
