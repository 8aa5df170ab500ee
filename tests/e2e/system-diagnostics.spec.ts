import { expect, test } from "@playwright/test";
import { SW_REGISTRATION_FAILURE_KEY } from "#app/offline/offline-config";
import { storageStatePath } from "./accounts";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";

// The lab with a working worker is checked in installable.spec.ts, which installs one anyway. Here the
// browser allows workers, so the app's own registration meets the refusal below.
test.use({ storageState: storageStatePath("admin"), serviceWorkers: "allow" });

test("the diagnostics lab shows why the offline worker could not be registered", async ({ page }) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  // The browser refuses the worker, as it does for a script it cannot fetch or a page it does not trust.
  await page.addInitScript(() => {
    navigator.serviceWorker.register = () => Promise.reject(new TypeError("refused by the test"));
  });
  await gotoHydrated(page, "/tests/test");
  const worker = page.getByRole("table", { name: "Offline worker in this browser" });
  const failure = worker.getByRole("row", { name: /^Registration failure / });
  // The app records the failure once the page has loaded; the lab reads it again on request.
  await page.waitForFunction((key) => localStorage.getItem(key) !== null, SW_REGISTRATION_FAILURE_KEY);
  await page.getByRole("button", { name: "Read again" }).click();
  await expect(failure).toContainText("TypeError: refused by the test");
  await expect(failure.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);
  await expect(worker.getByRole("row", { name: /^Registration scope / })).toHaveText(
    "Registration scopeNot registered",
  );
  checkConsole();
});
