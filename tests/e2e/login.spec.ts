import { expect, test } from "@playwright/test";
import { accounts, PASSWORD, uniqueClientIp } from "./accounts";
import { asNewClient, logIn, logOut, watchConsole } from "./helpers";
import { firstLink, waitForMail } from "./mail-sink";
import { createTestAccount, withServerDatabase } from "./test-accounts";

const BAD_CREDENTIALS = "The e-mail address or password is incorrect.";

test.describe("sign-up, login and logout", () => {
  test("a new learner signs up, confirms by e-mail, logs out and logs in again", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const email = `new-${Date.now()}@example.org`;
    const since = Date.now();
    await page.goto("/login");
    await page.getByRole("tab", { name: "Create account" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Create your account");
    await page.getByLabel("E-mail address").fill(email.toUpperCase());
    await page.getByLabel("Password").fill("another long password");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByRole("status")).toContainText(`Check your inbox at ${email.toUpperCase()}`);

    const mail = await waitForMail(email, since);
    expect(mail.subject).toBe("Confirm your Numberlab account");
    const link = firstLink(mail);
    expect(link).toMatch(/\/signup\/confirm\?token=[\w-]{43}$/);
    await page.goto(link);
    await expect(page.getByText(`Create the Numberlab account for ${email}`)).toBeVisible();
    await page.getByRole("button", { name: "Create my account" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();

    await page.getByRole("banner").getByRole("button", { name: "Log out" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();

    // The link works once.
    await page.goto(link);
    await expect(page.getByRole("alert")).toContainText("This link is not valid any more");

    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password").fill("another long password");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    checkConsole();
  });

  test("signing up with a registered address answers the same, and only the inbox is told", async ({
    request,
    baseURL,
  }) => {
    const signUp = async (email: string) => {
      const response = await request.post("/login", {
        headers: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
        form: { intent: "signup", email, password: "any password at all" },
      });
      return { status: response.status(), html: await response.text() };
    };
    const since = Date.now();
    const fresh = `fresh-${Date.now()}@example.org`;
    const [registered, unregistered] = [await signUp(accounts.user), await signUp(fresh)];
    expect(registered.status).toBe(200);
    expect(unregistered.status).toBe(200);
    const strip = (html: string, email: string) =>
      html
        .replaceAll(email, "EMAIL")
        .replace(/nonce="[^"]*"/g, "")
        .replace(/"_\d+"/g, "");
    expect(strip(registered.html, accounts.user)).toBe(strip(unregistered.html, fresh));

    const notice = await waitForMail(accounts.user, since);
    expect(notice.subject).toBe("You already have a Numberlab account");
    expect(notice.text).not.toContain("/signup/confirm");
    expect((await waitForMail(fresh, since)).subject).toBe("Confirm your Numberlab account");
  });

  test("a forged or missing confirmation token creates nothing", async ({ request, baseURL }) => {
    const headers = { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() };
    for (const token of ["forged-token", "", "x".repeat(500)]) {
      const page = await request.get(`/signup/confirm?token=${token}`);
      expect(page.status()).toBe(200);
      expect(await page.text()).toContain("This link is not valid any more");
      const post = await request.post("/signup/confirm", { headers, form: { token }, maxRedirects: 0 });
      expect(post.status(), token).toBe(400);
      expect(post.headers()["set-cookie"]).toBeUndefined();
    }
  });

  test("sign-up e-mails to one address are rate limited", async ({ request, baseURL }) => {
    const email = `flood-${Date.now()}@example.org`;
    const statuses: number[] = [];
    for (let attempt = 1; attempt <= 4; attempt += 1) {
      const response = await request.post("/login", {
        headers: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
        form: { intent: "signup", email, password: "a long enough password" },
      });
      statuses.push(response.status());
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  test("an unknown address and a wrong password get the same answer", async ({ request, baseURL }) => {
    const headers = { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() };
    const unknown = await request.post("/login", {
      headers,
      form: { intent: "login", email: "nobody-here@example.org", password: "whatever it is" },
    });
    const wrong = await request.post("/login", {
      headers,
      form: { intent: "login", email: accounts.user, password: "not the password" },
    });
    expect(unknown.status()).toBe(401);
    expect(wrong.status()).toBe(401);
    const [unknownHtml, wrongHtml] = [await unknown.text(), await wrong.text()];
    expect(unknownHtml).toContain(BAD_CREDENTIALS);
    expect(wrongHtml).toContain(BAD_CREDENTIALS);
    // Apart from the typed address, the two pages are the same.
    const strip = (html: string, email: string) =>
      html
        .replaceAll(email, "EMAIL")
        .replace(/nonce="[^"]*"/g, "")
        .replace(/"_\d+"/g, "");
    expect(strip(unknownHtml, "nobody-here@example.org")).toBe(strip(wrongHtml, accounts.user));
  });

  test("bad input: empty, oversized, markup and wrong types", async ({ page, request, baseURL }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400, 401] });
    await asNewClient(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("Enter your e-mail address.")).toBeVisible();
    await expect(page.getByText("Enter your password.")).toBeVisible();

    const markup = `<img src=x onerror="window.__pwned=1">@example.org`;
    await page.getByLabel("E-mail address").fill(markup);
    await page.getByLabel("Password").fill("x");
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page.getByText("Enter a valid e-mail address, like name@example.com.")).toBeVisible();
    await expect(page.getByLabel("E-mail address")).toHaveValue(markup);
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    checkConsole();

    const headers = { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() };
    const long = await request.post("/login", {
      headers,
      form: { intent: "login", email: `${"a".repeat(250)}@example.org`, password: "p".repeat(201) },
    });
    expect(long.status()).toBe(400);
    const longHtml = await long.text();
    expect(longHtml).toContain("The e-mail address must be at most 254 characters.");
    expect(longHtml).toContain("The password must be at most 200 characters.");

    const twice = await request.post("/login", {
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
      data: `intent=login&email=${encodeURIComponent(accounts.user)}&password=a&password=b`,
    });
    expect(twice.status()).toBe(400);
    expect(await twice.text()).toContain("The password must be a single piece of text.");

    const noIntent = await request.post("/login", { headers, form: { email: accounts.user, password: PASSWORD } });
    expect(noIntent.status()).toBe(400);
    expect(await noIntent.text()).toContain("Choose whether to log in or create an account.");

    const shortSignup = await request.post("/login", {
      headers,
      form: { intent: "signup", email: "short@example.org", password: "short" },
    });
    expect(shortSignup.status()).toBe(400);
    expect(await shortSignup.text()).toContain("Choose a password of at least 10 characters.");
  });

  test("redirectTo must be a same-site path", async ({ request, baseURL }) => {
    for (const [redirectTo, landing] of [
      ["/chapter/fundamentals-of-algebra?step=2", "/chapter/fundamentals-of-algebra?step=2"],
      ["https://evil.example/phish", "/profile"],
      ["//evil.example/phish", "/profile"],
      ["/\\evil.example", "/profile"],
    ] as const) {
      const response = await request.post("/login", {
        headers: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
        form: { intent: "login", email: accounts.user, password: PASSWORD, redirectTo },
        maxRedirects: 0,
      });
      expect(response.status(), redirectTo).toBe(302);
      expect(response.headers()["location"], redirectTo).toBe(landing);
    }
  });

  test("each login gets a fresh random session id, and logging out revokes it on the server", async ({
    playwright,
    baseURL,
  }) => {
    const client = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
    });
    const login = () =>
      client.post("/login", { form: { intent: "login", email: accounts.user, password: PASSWORD }, maxRedirects: 0 });
    await login();
    const first = (await client.storageState()).cookies.find((cookie) => cookie.name === "__session");
    expect(first?.httpOnly).toBe(true);
    expect(first?.sameSite).toBe("Lax");
    const again = await playwright.request.newContext({
      baseURL,
      extraHTTPHeaders: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
    });
    await again.post("/login", {
      form: { intent: "login", email: accounts.user, password: PASSWORD },
      maxRedirects: 0,
    });
    const second = (await again.storageState()).cookies.find((cookie) => cookie.name === "__session");
    expect(second?.value).not.toBe(first?.value);
    // Logging out revokes exactly that session on the server.
    await client.post("/logout", { maxRedirects: 0 });
    const stale = await playwright.request.newContext({
      baseURL,
      storageState: { cookies: [first!], origins: [] },
    });
    expect((await stale.get("/profile", { maxRedirects: 0 })).status()).toBe(302);
    expect((await again.get("/profile", { maxRedirects: 0 })).status()).toBe(200);
    await Promise.all([client.dispose(), again.dispose(), stale.dispose()]);
  });

  test("guesses at one address are slowed down, but cannot lock its owner out of their own browser", async ({
    page,
    request,
    baseURL,
  }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const victim = await createTestAccount("lockout-target");
    await logIn(page, victim.email, victim.password);
    await expect(page).toHaveURL(/\/profile$/);
    await logOut(page);

    // An attacker elsewhere, from a different client address each time.
    const answers: { status: number; retryAfter?: string; text: string }[] = [];
    for (let attempt = 1; attempt <= 14; attempt += 1) {
      const response = await request.post("/login", {
        headers: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
        form: { intent: "login", email: victim.email, password: `guess number ${attempt}` },
      });
      answers.push({
        status: response.status(),
        retryAfter: response.headers()["retry-after"],
        text: await response.text(),
      });
    }
    expect(answers.slice(0, 10).map((answer) => answer.status)).toEqual(Array(10).fill(401));
    // Then each guess waits longer: a few seconds at first, not a 15-minute block.
    const slowed = answers.find((answer) => answer.status === 429);
    expect(Number(slowed?.retryAfter)).toBeGreaterThan(0);
    expect(Number(slowed?.retryAfter)).toBeLessThanOrEqual(16);
    expect(slowed?.text).toContain("Too many wrong passwords were tried for this e-mail address");

    // The owner, in the browser they signed in with before, gets in at once.
    await logIn(page, victim.email, victim.password);
    await expect(page).toHaveURL(/\/profile$/);
    checkConsole();
  });

  test("a session left unused for too long ends, and the login page says why", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const account = await createTestAccount("idle");
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);
    // Fifteen days without a request: past the learners' default idle timeout of 14 days.
    const fifteenDaysAgo = new Date(Date.now() - 15 * 24 * 60 * 60 * 1000).toISOString();
    await withServerDatabase((db) =>
      db.updateTable("sessions").set({ last_used_at: fifteenDaysAgo }).where("user_id", "=", account.id).execute(),
    );
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile&signedOut=idle$/);
    await expect(page.getByRole("status")).toHaveText(
      "You were signed out because your session had not been used for a while. Please log in again to continue.",
    );
    await page.getByLabel("E-mail address").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    checkConsole();
  });

  test("logging out is POST only", async ({ request }) => {
    const response = await request.get("/logout", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers()["set-cookie"]).toBeUndefined();
  });
});
