import { expect, test, type Page } from "@playwright/test";
import { gotoHydrated } from "./helpers";

// A deploy removed the chunks the open page asks for: the test answers 404 for one. The service
// worker is kept out, since its precache would still hold the chunk.
test.use({ serviceWorkers: "block" });

/** MathLive, which the formula scratchpad imports after hydration (an app dynamic import). */
const MATHLIVE_CHUNK = "**/assets/mathlive.min-*.js";
/** The About page's route module, which React Router imports on a client-side navigation. */
const ABOUT_ROUTE_CHUNK = "**/assets/about-*.js";

/** The paths of the documents the page loads: its first visit and each reload. */
function recordDocuments(page: Page): string[] {
  const paths: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame())
      paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** Fails on console errors but those of the missing chunk: the browser's 404 and React Router's report. */
function watchConsoleButMissingChunk(page: Page): () => void {
  const problems: string[] = [];
  page.on("console", (message) => {
    const text = message.text();
    if (message.type() !== "error") return;
    if (text.startsWith("Failed to load resource: the server responded with a status of 404")) return;
    if (text.startsWith("Error loading route module") || text.includes("Failed to fetch dynamically imported module")) {
      return;
    }
    problems.push(text);
  });
  page.on("pageerror", (error) => problems.push(String(error)));
  return () => expect(problems, "console errors").toEqual([]);
}

const chunkLoadError = (page: Page) =>
  page.getByRole("alert").filter({ hasText: "Part of this page could not be loaded." });

test.beforeEach(async ({ page }) => {
  // Time stands still in the page, so the reload guard's 10-second window cannot end between two
  // failures however slow the machine is.
  await page.clock.setFixedTime(new Date("2026-06-01T12:00:00Z"));
});

test("a chunk missing when the page loads reloads it once; still missing, the page says so and Retry recovers", async ({
  page,
}) => {
  const consoleIsClean = watchConsoleButMissingChunk(page);
  const documents = recordDocuments(page);
  await page.route(MATHLIVE_CHUNK, (route) => route.fulfill({ status: 404 }));

  await page.goto("/tests/editor2");
  // Two loads of the page, each hydrated: more than the default wait on a busy machine.
  await expect(chunkLoadError(page)).toBeVisible({ timeout: 20_000 });
  // One reload, then the error instead of a second: the error shows when the guard refuses.
  expect(documents).toEqual(["/tests/editor2", "/tests/editor2"]);

  await page.unroute(MATHLIVE_CHUNK);
  await chunkLoadError(page).getByRole("button", { name: "Retry" }).click();
  await expect(page.getByRole("button", { name: "Insert in the text" })).toBeEnabled();
  await expect(chunkLoadError(page)).toHaveCount(0);
  expect(documents).toHaveLength(3);
  consoleIsClean();
});

test("a route module missing on navigation reloads once; still missing, the page says so and Retry opens the page", async ({
  page,
}) => {
  const consoleIsClean = watchConsoleButMissingChunk(page);
  await page.route(ABOUT_ROUTE_CHUNK, (route) => route.fulfill({ status: 404 }));
  await gotoHydrated(page, "/");
  const documents = recordDocuments(page);
  const about = page.getByRole("contentinfo").getByRole("link", { name: "About" });

  // React Router reloads the page the reader is on; the guard lets this first reload happen.
  const reloaded = page.waitForEvent("load");
  await about.click();
  await reloaded;
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(documents).toEqual(["/"]);

  // The second failure within the window: the guard cancels React Router's reload and says so.
  await about.click();
  await expect(chunkLoadError(page)).toBeVisible();
  expect(documents).toEqual(["/"]);

  await page.unroute(ABOUT_ROUTE_CHUNK);
  await chunkLoadError(page).getByRole("button", { name: "Retry" }).click();
  await expect(page).toHaveURL(/\/about$/);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  expect(documents).toEqual(["/", "/about"]);
  consoleIsClean();
});
