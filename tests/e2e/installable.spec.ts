import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { chromium, expect, test, type BrowserContext, type Page } from "@playwright/test";
import { WEB_APP_MANIFEST_URL } from "#app/offline/offline-config";
import { APP_ICONS, APPLE_TOUCH_ICON, webAppManifest } from "#app/offline/web-app-manifest";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/setup/chromium";
import { storageStatePath, uniqueClientIp } from "./accounts";
import { gotoHydrated, watchConsole } from "./helpers";

/** An administrator's browser with a profile on disk: Chromium never installs from an incognito context, which every test context is. */
async function persistentAdminContext(baseURL: string, profile: string): Promise<BrowserContext> {
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: CHROMIUM_ARGS,
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    // The suite blocks workers by default (playwright.config.ts), and the runner's defaults reach this context too.
    serviceWorkers: "allow",
  });
  const { cookies } = JSON.parse(await readFile(storageStatePath("admin"), "utf8")) as {
    cookies: Parameters<BrowserContext["addCookies"]>[0];
  };
  await context.addCookies(cookies);
  return context;
}

/** Waits until the worker the app registered is activated and controls the page. */
async function workerControls(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const active = (await navigator.serviceWorker.ready).active!;
    if (active.state === "activated") return;
    await new Promise((resolve) =>
      active.addEventListener("statechange", () => active.state === "activated" && resolve(null)),
    );
  });
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

// One worker install serves both checks: it is the slowest step of an offline journey.
test("Chromium finds the app installable, and the diagnostics lab shows its worker in control", async ({ baseURL }) => {
  // The worker's install downloads the precache and saves 13 tool pages: several journeys' worth on two cores.
  test.setTimeout(120_000);
  const profile = await mkdtemp(path.join(os.tmpdir(), "numberlab-install-"));
  const context = await persistentAdminContext(baseURL!, profile);
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/");
    await workerControls(page);

    const href = await page.locator('link[rel="manifest"]').getAttribute("href");
    expect(href).toBe(WEB_APP_MANIFEST_URL);
    const manifest = await page.request.get(href!);
    expect(manifest.headers()["content-type"]).toMatch(/^application\/manifest\+json\b/);
    expect(await manifest.json()).toEqual(webAppManifest());
    for (const icon of [...APP_ICONS, APPLE_TOUCH_ICON]) {
      const response = await page.request.get(icon.src);
      expect(response.headers()["content-type"], icon.src).toBe("image/png");
    }
    const devTools = await context.newCDPSession(page);
    const parsed = await devTools.send("Page.getAppManifest");
    expect(parsed.url).toBe(new URL(WEB_APP_MANIFEST_URL, baseURL).href);
    expect(parsed.errors).toEqual([]);
    expect(await devTools.send("Page.getInstallabilityErrors")).toEqual({ installabilityErrors: [] });

    await gotoHydrated(page, "/tests/test");
    const build = (await (await page.request.get("/builds/latest.json")).json()) as { id: string };
    await expect(page.getByRole("table", { name: "Server" }).getByRole("row", { name: /^Build / })).toContainText(
      build.id,
    );
    const database = page.getByRole("table", { name: "Database" });
    await expect(database.getByRole("row", { name: /^Dialect / })).toHaveText(/^Dialect(SQLite|PostgreSQL)$/);
    await expect(database.getByRole("row", { name: /^Migrations applied / })).toHaveText(
      /^Migrations applied(\d+) of \1$/,
    );
    const worker = page.getByRole("table", { name: "Offline worker in this browser" });
    await expect(worker.getByRole("row", { name: /^Registration scope / })).toContainText(`${baseURL}/`);
    await expect(worker.getByRole("row", { name: /^Active worker / })).toHaveText("Active workeractivated");
    await expect(worker.getByRole("row", { name: /^Controls this page / })).toHaveText("Controls this pageYes");
    await expect(worker.getByRole("row", { name: /^Registration failure / })).toHaveText(
      "Registration failureNone recorded",
    );
    await expect(page.getByRole("main").getByRole("status")).toHaveText(/^Read at /);
    const caches = page.getByRole("table", { name: "Cache Storage" });
    await expect(caches.getByRole("row", { name: /^workbox-precache/ })).toHaveText(/[1-9]\d*$/);
    checkConsole();
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
