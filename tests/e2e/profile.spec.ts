import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { storageStatePath } from "./accounts";
import { asNewClient, logIn, watchConsole } from "./helpers";
import { createTestAccount } from "./test-accounts";

test.describe("the profile", () => {
  test("name and preferences", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const account = await createTestAccount("profile-name");
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);

    const details = page.getByRole("region", { name: "Your details" });
    await details.getByLabel("Display name").fill("Sophie Germain");
    await details.getByRole("button", { name: "Save name" }).click();
    await expect(details.getByRole("status")).toHaveText("Your name was saved.");
    await expect(page.getByText("Signed in as Sophie Germain")).toBeVisible();

    const preferences = page.getByRole("region", { name: "Preferences" });
    await preferences.getByLabel("Dark").check();
    await preferences.getByLabel("Larger text").check();
    await preferences.getByRole("button", { name: "Save preferences" }).click();
    await expect(preferences.getByRole("status")).toHaveText("Your preferences were saved.");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.locator("html")).toHaveAttribute("data-larger-text", "");
    await page.reload();
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.locator("html")).toHaveAttribute("data-larger-text", "");
    // The global stylesheet turns the attribute into larger type (112.5 % of 16 px) and the dark body.
    await expect(page.locator("html")).toHaveCSS("font-size", "18px");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(18, 18, 18)");
    await expect(preferences.getByLabel("Larger text")).toBeChecked();
    await expect(page.getByText("Signed in as Sophie Germain")).toBeVisible();
    checkConsole();
  });

  test("password and sessions", async ({ page, browser }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    const ip = await asNewClient(page);
    const account = await createTestAccount("profile");
    const elsewhere = await browser.newContext({
      extraHTTPHeaders: { "X-Forwarded-For": ip },
      userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0",
    });
    const other = await elsewhere.newPage();
    await logIn(other, account.email, account.password);
    await expect(other).toHaveURL(/\/profile$/);
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);

    const sessions = page.getByRole("region", { name: "Where you are signed in" });
    await expect(sessions.getByText("Firefox on Windows")).toBeVisible();
    await expect(sessions.getByText("This device")).toBeVisible();

    const password = page.getByRole("region", { name: "Password" });
    await password.getByLabel("Current password").fill("wrong password here");
    await password.getByLabel("New password").fill("a better passphrase 1");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByText("That is not your current password.")).toBeVisible();
    await password.getByLabel("Current password").fill(account.password);
    await password.getByLabel("New password").fill(account.email);
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByText("The password must not be your e-mail address.", { exact: false })).toBeVisible();
    await password.getByLabel("New password").fill("a better passphrase 1");
    await password.getByRole("button", { name: "Change password" }).click();
    await expect(password.getByRole("status")).toHaveText(
      "Your password was changed and 1 other session was signed out.",
    );
    await expect(sessions.getByText("Firefox on Windows")).toHaveCount(0);
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/login/);

    // A new session elsewhere, signed out from here.
    await logIn(other, account.email, "a better passphrase 1");
    await expect(other).toHaveURL(/\/profile$/);
    await page.reload();
    // The sign-out button answers in place only once the page is hydrated; a click before that posts the form.
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await expect(sessions.getByText("Firefox on Windows")).toBeVisible();
    await sessions.getByRole("button", { name: /^Sign out Firefox on Windows/ }).click();
    await expect(sessions.getByRole("status")).toHaveText("That session was signed out.");
    await other.goto("/profile");
    await expect(other).toHaveURL(/\/login/);

    await elsewhere.close();
    checkConsole();
  });

  test("export my data, then delete my account", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400, 401] });
    await asNewClient(page);
    const account = await createTestAccount("leaving");
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);

    const data = page.getByRole("region", { name: "Your data" });
    const downloading = page.waitForEvent("download");
    await data.getByRole("link", { name: "Export my data (JSON)" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^numberlab-data-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, "utf8")) as {
      account: { email: string; hasPassword: boolean };
      sessions: unknown[];
    };
    expect(exported.account).toMatchObject({ email: account.email, hasPassword: true });
    expect(exported.sessions).toHaveLength(1);
    expect(JSON.stringify(exported)).not.toContain("argon2");

    await data.getByRole("link", { name: "Delete my account…" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Delete your account");
    await page.getByLabel("Your password").fill("not the password");
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert")).toHaveText("That is not your current password. Nothing was deleted.");
    await page.getByLabel("Your password").fill(account.password);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL(/\/login\?accountDeleted=1$/);
    await expect(page.getByRole("status")).toContainText("Your account and everything stored about it were deleted.");
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();

    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByRole("alert")).toContainText("The e-mail address or password is incorrect.");
    checkConsole();
  });

  test("an administrator's profile links the admin area; a learner's does not", async ({ browser }) => {
    for (const role of ["admin", "user"] as const) {
      const context = await browser.newContext({ storageState: storageStatePath(role) });
      const page = await context.newPage();
      await page.goto("/profile");
      const administration = page.getByRole("region", { name: "Administration" });
      if (role === "admin") {
        await administration.getByRole("link", { name: "Open the admin area" }).click();
        await expect(page).toHaveURL(/\/admin$/);
        await expect(page.getByRole("heading", { level: 1 })).toHaveText("Administration");
      } else {
        await expect(administration).toHaveCount(0);
      }
      await context.close();
    }
  });
});
