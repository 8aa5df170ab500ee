import http from "node:http";
import { expect, test } from "@playwright/test";
import { uniqueClientIp } from "./accounts";
import { asNewClient, logIn, logOut, watchConsole } from "./helpers";
import { firstLink, receivedMails, waitForMail } from "./mail-sink";
import { createTestAccount } from "./test-accounts";

/** A form POST with the headers given, Host included (which fetch and Playwright choose themselves). */
function postWithHost(
  baseURL: string,
  path: string,
  headers: Record<string, string>,
  form: Record<string, string>,
): Promise<number> {
  const body = new URLSearchParams(form).toString();
  const { port } = new URL(baseURL);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: "127.0.0.1",
        port,
        path,
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "Content-Length": body.length, ...headers },
      },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

test.describe("e-mailed account links", () => {
  test("a reader who forgot their password resets it from the login page", async ({ page, browser }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400, 401] });
    const ip = await asNewClient(page);
    const account = await createTestAccount("forgetful");
    // Signed in elsewhere: the reset must end that session.
    const elsewhere = await browser.newContext({ extraHTTPHeaders: { "X-Forwarded-For": ip } });
    const other = await elsewhere.newPage();
    await logIn(other, account.email, account.password);
    await expect(other).toHaveURL(/\/profile$/);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Reset your password");
    const since = Date.now();
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("status")).toContainText(`If an account uses ${account.email}`);

    const mail = await waitForMail(account.email, since);
    expect(mail.subject).toBe("Reset your Numberlab password");
    const link = firstLink(mail);
    await page.goto(link);
    await expect(page.getByText(`Choose a new password for ${account.email}`)).toBeVisible();
    await page.getByLabel("New password").fill("password123");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page.getByText(/one of the 10,000 most common/)).toBeVisible();
    await page.getByLabel("New password").fill("my fresh reset passphrase");
    await page.getByRole("button", { name: "Save the new password" }).click();
    await expect(page).toHaveURL(/\/profile\?passwordReset=1$/);

    await other.goto("/profile");
    await expect(other).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("This link is not valid any more");

    await logOut(page);
    await logIn(page, account.email, account.password);
    await expect(page.getByRole("alert")).toContainText("The e-mail address or password is incorrect.");
    await logIn(page, account.email, "my fresh reset passphrase");
    await expect(page).toHaveURL(/\/profile$/);
    await elsewhere.close();
    checkConsole();
  });

  test("asking to reset an unknown address answers the same and sends nothing", async ({ request, baseURL }) => {
    const ask = async (email: string) => {
      const response = await request.post("/reset-password", {
        headers: {
          Origin: baseURL!,
          "X-Forwarded-For": `10.200.${Date.now() % 250}.${Math.floor(Math.random() * 250)}`,
        },
        form: { email },
      });
      return {
        status: response.status(),
        html: (await response.text()).replaceAll(email, "EMAIL").replace(/nonce="[^"]*"/g, ""),
      };
    };
    const known = await createTestAccount("known");
    const since = Date.now();
    const [a, b] = [await ask(known.email), await ask(`unknown-${Date.now()}@example.org`)];
    expect(a.status).toBe(200);
    expect(b).toEqual(a);
    await waitForMail(known.email, since);
  });

  test("a forged Host cannot get a reset link mailed that points at another site", async ({ baseURL }) => {
    const account = await createTestAccount("forged-host");
    const { port } = new URL(baseURL!);
    const since = Date.now();
    const ask = (headers: Record<string, string>) =>
      postWithHost(
        baseURL!,
        "/reset-password",
        { "X-Forwarded-For": uniqueClientIp(), ...headers },
        {
          email: account.email,
        },
      );
    // The attack of issue 16: the request names the attacker's host, and its Origin matches it.
    expect(await ask({ Host: "evil.example", Origin: "http://evil.example" })).toBe(421);
    expect(await ask({ Host: `evil.example:${port}`, Origin: `http://evil.example:${port}` })).toBe(421);
    // The server trusts loopback proxies here, so a forwarded host is what it judges.
    expect(
      await ask({ Host: `localhost:${port}`, "X-Forwarded-Host": "evil.example", Origin: "http://evil.example" }),
    ).toBe(421);
    // 127.0.0.1 is this machine too and is served, but its link still names the one public origin.
    expect(await ask({ Host: `127.0.0.1:${port}`, Origin: `http://127.0.0.1:${port}` })).toBe(200);

    const mail = await waitForMail(account.email, since);
    expect(firstLink(mail).startsWith(`${baseURL}/reset-password/confirm?token=`)).toBe(true);
    expect(receivedMails(account.email, since)).toHaveLength(1);
  });

  test("a reader confirms their address, changes it, and signs in by an e-mailed link", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    await asNewClient(page);
    const account = await createTestAccount("changer", { emailVerified: false });
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);
    const details = page.getByRole("region", { name: "Your details" });
    await expect(details.getByText("Not confirmed")).toBeVisible();

    let since = Date.now();
    await details.getByRole("button", { name: "Send me a confirmation link" }).click();
    await expect(details.getByRole("status")).toContainText(`We sent a confirmation link to ${account.email}`);
    await page.goto(firstLink(await waitForMail(account.email, since)));
    await page.getByRole("button", { name: "Confirm my address" }).click();
    await expect(page.getByRole("status")).toContainText(`${account.email} is confirmed`);
    await page.getByRole("link", { name: "Go to your profile" }).click();
    await expect(details.getByText("Confirmed", { exact: true })).toBeVisible();

    const newEmail = account.email.replace("changer", "moved");
    since = Date.now();
    await details.getByLabel("New e-mail address").fill(newEmail);
    await details.getByLabel("Current password").fill("not my password at all");
    await details.getByRole("button", { name: "Change e-mail address" }).click();
    await expect(details.getByText("That is not your current password.")).toBeVisible();
    await details.getByLabel("Current password").fill(account.password);
    await details.getByRole("button", { name: "Change e-mail address" }).click();
    await expect(details.getByRole("status")).toContainText(`We sent a link to ${newEmail}`);
    expect((await waitForMail(account.email, since)).subject).toBe("Your Numberlab e-mail address is about to change");
    await page.goto(firstLink(await waitForMail(newEmail, since)));
    await page.getByRole("button", { name: "Use this address" }).click();
    await expect(page.getByRole("status")).toContainText(`Your account now uses ${newEmail}`);

    await logOut(page);
    since = Date.now();
    // What the e-mail link form of /tests/newlogin posts.
    const response = await page.request.post("/login/email-link", {
      form: { intent: "request", email: newEmail, redirectTo: "/chapter/atomic-model-of-numbers" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(200);
    const signInMail = await waitForMail(newEmail, since);
    expect(signInMail.subject).toBe("Your Numberlab sign-in link");
    await page.goto(firstLink(signInMail));
    await expect(page.getByText(`Sign in to Numberlab as ${newEmail}`)).toBeVisible();
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/chapter\/atomic-model-of-numbers$/);
    checkConsole();
  });

  test("a visitor sent to log in from a chapter signs up and lands back on that chapter", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const email = `from-chapter-${Date.now()}@example.org`;
    await page.goto("/chapter/exponential-remainders");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fchapter%2Fexponential-remainders$/);
    await page.getByRole("tab", { name: "Create account" }).click();
    const since = Date.now();
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password").fill("a chapter reader's passphrase");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("status")).toContainText("Check your inbox");
    const link = firstLink(await waitForMail(email, since));
    expect(link).toContain("redirectTo=%2Fchapter%2Fexponential-remainders");
    await page.goto(link);
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL(/\/chapter\/exponential-remainders$/);
    checkConsole();
  });

  test("a sign-in link never leads off the site, whatever redirectTo says", async ({ page, request, baseURL }) => {
    const account = await createTestAccount("redirect");
    const since = Date.now();
    const asked = await request.post("/login/email-link", {
      headers: { Origin: baseURL!, "X-Forwarded-For": "10.202.0.1" },
      form: { intent: "request", email: account.email, redirectTo: "//evil.example/phish" },
    });
    expect(asked.status()).toBe(200);
    const link = firstLink(await waitForMail(account.email, since));
    expect(link).not.toContain("evil");
    // A tampered link is cleaned again when it is used.
    const tampered = `${link.replace(/&redirectTo=[^&]*/, "")}&redirectTo=${encodeURIComponent("https://evil.example")}`;
    await asNewClient(page);
    await page.goto(tampered);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/profile$/);
  });

  test("a foreign site cannot post to the profile (CSRF)", async ({ page }) => {
    await asNewClient(page);
    const account = await createTestAccount("csrf");
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);
    const response = await page.request.post("/profile", {
      headers: { Origin: "https://evil.example" },
      form: { intent: "display-name", displayName: "Hacked" },
    });
    expect(response.status()).toBe(403);
    await page.reload();
    await expect(page.getByLabel("Display name")).toHaveValue("");
  });

  test("forged, reused and missing tokens change nothing", async ({ request, baseURL }) => {
    const headers = { Origin: baseURL!, "X-Forwarded-For": "10.201.0.1" };
    for (const [path, form] of [
      ["/reset-password/confirm", { token: "forged", password: "a brand new passphrase" }],
      ["/verify-email", { token: "forged" }],
      ["/change-email/confirm", { token: "" }],
      ["/login/email-link", { intent: "confirm", token: "x".repeat(500) }],
    ] as const) {
      const response = await request.post(path, { headers, form });
      expect(response.status(), path).toBe(400);
      expect(await response.text(), path).toContain("This link is not valid any more");
    }
  });
});
