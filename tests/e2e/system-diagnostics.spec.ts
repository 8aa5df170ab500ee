import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { SW_REGISTRATION_FAILURE_KEY } from "#app/offline/offline-config";
import { accounts, storageStatePath } from "./accounts";
import { oidcTestProviders, SMTP_PORT } from "./e2e-ports";
import { waitForMail } from "./mail-sink";
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

test("the diagnostics lab shows the server's set-up without its secrets, and sends a test mail", async ({ page }) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  await gotoHydrated(page, "/tests/test");

  const server = page.getByRole("table", { name: "Server" });
  await expect(server.getByRole("row", { name: /^Node\.js / })).toContainText(/v\d+\.\d+\.\d+/);
  await expect(server.getByRole("row", { name: /^Build / })).not.toHaveText("Build");
  const database = page.getByRole("table", { name: "Database" });
  await expect(database.getByRole("row", { name: /^Dialect / })).toHaveText("DialectSQLite");
  await expect(database.getByRole("row", { name: /^Size / })).toContainText(
    /^Size\d+(\.\d)? (KB|MB|GB) \(database file .+, write-ahead log .+\)$/,
  );

  const mail = page.getByRole("table", { name: "Mail" });
  await expect(mail.getByRole("row", { name: /^Transport / })).toHaveText("TransportSMTP server (SMTP_URL)");
  await expect(mail.getByRole("row", { name: /^Server / })).toHaveText(`Server127.0.0.1:${SMTP_PORT}`);
  await expect(mail.getByRole("row", { name: /^Signs in / })).toHaveText("Signs inNo");

  const providers = page.getByRole("table", { name: "Sign-in providers (OpenID Connect)" });
  for (const provider of Object.values(oidcTestProviders)) {
    await expect(providers.getByRole("row", { name: new RegExp(`^${provider.name} `) })).toContainText(provider.issuer);
  }
  await expect(
    page.getByRole("table", { name: "Push notifications" }).getByRole("row", { name: /^Private key / }),
  ).toHaveText("Private keyNever shown");
  await expect(page.getByRole("table", { name: "Payments" }).getByRole("row", { name: /^Provider / })).toContainText(
    "The built-in test mode",
  );
  // No secret reaches the page: the providers' client secret, the VAPID private key.
  const html = await page.content();
  for (const provider of Object.values(oidcTestProviders)) expect(html).not.toContain(provider.clientSecret);
  const keys = JSON.parse(readFileSync(path.join(process.env.E2E_DATA_DIR!, "vapid-keys.json"), "utf8")) as {
    publicKey: string;
    privateKey: string;
  };
  expect(html).toContain(keys.publicKey);
  expect(html).not.toContain(keys.privateKey);

  const since = Date.now();
  await page.getByRole("button", { name: "Send test mail" }).click();
  await expect(page.getByRole("status").filter({ hasText: "test mail" })).toHaveText(
    `The test mail to ${accounts.admin} was handed to the SMTP server. Check that inbox (and its spam folder).`,
  );
  const received = await waitForMail(accounts.admin, since);
  expect(received.subject).toBe("Numberlab test mail");
  expect(received.text).toContain("If it reached you, mail from the site works.");
  checkConsole();
});
