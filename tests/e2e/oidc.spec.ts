import { expect, test, type Page } from "@playwright/test";
import { createUser, setDisabled } from "#app/models/user.server";
import { hashPassword } from "#app/auth/password.server";
import { oidcTestProviders } from "./e2e-ports";
import { addTestAccount, type TestAccount } from "../setup/oidc-test-provider";
import { accounts, PASSWORD } from "./accounts";
import { asNewClient, logOut, watchConsole } from "./helpers";
import { withServerDatabase } from "./test-accounts";

const { issuer } = oidcTestProviders.local;

let count = 0;
/** A person at the test provider with a subject and address no other test uses. */
async function providerPerson(overrides: Partial<TestAccount> = {}) {
  count += 1;
  const id = `${process.pid}-${Date.now()}-${count}`;
  const person = {
    sub: `person-${id}`,
    email: `oidc-${id}@example.org`,
    email_verified: true,
    name: `Person ${count}`,
    ...overrides,
  };
  await addTestAccount(issuer, person);
  return person;
}

async function accountOf(email: string) {
  return withServerDatabase(async (db) => {
    const users = await db
      .selectFrom("users")
      .select(["id", "password_hash", "email_verified_at"])
      .where("email", "=", email)
      .execute();
    const identities = users[0]
      ? await db.selectFrom("identities").select(["provider", "subject"]).where("user_id", "=", users[0].id).execute()
      : [];
    return { users, identities };
  });
}

async function createPasswordAccount(email: string) {
  return withServerDatabase(async (db) => createUser(db, { email, passwordHash: await hashPassword(PASSWORD) }));
}

async function pendingLinkCookie(page: Page) {
  return (await page.context().cookies()).find((cookie) => cookie.name === "__oidc_link");
}

/** At the provider's own sign-in page: type the login and any password. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
  await page.getByLabel("Login").fill(login);
  await page.getByLabel("Password").fill("whatever the provider wants");
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * Catches the provider's redirect back to us after the person signs in, and
 * keeps the browser where it is. Playwright routes only the first request of
 * a redirect chain, so the route takes the sign-in form's POST and follows the
 * provider's redirects itself, with the browser's cookies.
 */
async function catchCallback(page: Page): Promise<() => Promise<URL>> {
  let caught: URL | undefined;
  await page.route(`${issuer}/interaction/*`, async (route) => {
    if (route.request().method() !== "POST") return route.continue();
    let response = await route.fetch({ maxRedirects: 0 });
    let location = new URL(response.headers()["location"]!, issuer);
    while (location.origin === issuer) {
      response = await page.request.get(location.href, { maxRedirects: 0 });
      location = new URL(response.headers()["location"]!, location);
    }
    caught = location;
    await route.fulfill({ status: 204 });
  });
  return async () => {
    await expect.poll(() => caught).toBeDefined();
    await page.unroute(`${issuer}/interaction/*`);
    return caught!;
  };
}

test.describe("signing in with an OpenID provider", () => {
  test("a new visitor signs up with the provider, then signs in with it again", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const person = await providerPerson();
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    await signInAtProvider(page, person.sub);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();

    const created = await accountOf(person.email);
    expect(created.users).toHaveLength(1);
    expect(created.users[0]!.password_hash).toBeNull();
    expect(created.users[0]!.email_verified_at).not.toBeNull();
    expect(created.identities).toEqual([{ provider: "local", subject: person.sub }]);

    await logOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    // The provider remembers the person: straight back, into the same account.
    await expect(page).toHaveURL(/\/profile$/);
    expect(await accountOf(person.email)).toEqual(created);
    checkConsole();
  });

  test("an existing account is linked only after its password is given", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [401] });
    await asNewClient(page);
    const person = await providerPerson();
    await createPasswordAccount(person.email);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    await signInAtProvider(page, person.sub);

    await expect(page).toHaveURL(/\/login\/link-account$/);
    await expect(page.getByText(`A Numberlab account with ${person.email} already exists`)).toBeVisible();
    expect((await accountOf(person.email)).identities).toEqual([]);
    // Reloading keeps the pending link, under the same token: showing it does not use it.
    const cookie = await pendingLinkCookie(page);
    expect(cookie?.value).toMatch(/^[\w-]{43}$/);
    await page.reload();
    expect((await pendingLinkCookie(page))?.value).toBe(cookie!.value);
    await page.getByLabel("Password").fill("not the password at all");
    await page.getByRole("button", { name: "Link Local ID and log in" }).click();
    await expect(page.getByRole("alert")).toHaveText("The password is incorrect.");
    expect((await accountOf(person.email)).identities).toEqual([]);

    // A wrong password leaves the pending link (and its token) for another try.
    expect((await pendingLinkCookie(page))?.value).toBe(cookie!.value);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Link Local ID and log in" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect((await accountOf(person.email)).identities).toEqual([{ provider: "local", subject: person.sub }]);
    expect(await pendingLinkCookie(page)).toBeUndefined();

    // Next time the provider signs straight in.
    await logOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    await expect(page).toHaveURL(/\/profile$/);
    expect((await accountOf(person.email)).users).toHaveLength(1);
    checkConsole();
  });

  test("a signed-in learner links a provider, signs in with it, and removes it", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const email = `linker-${process.pid}-${Date.now()}@example.org`;
    await createPasswordAccount(email);
    // The provider's address need not be the account's.
    const person = await providerPerson();
    await page.goto("/login");
    await page.getByLabel("E-mail address").fill(email);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);

    await page.getByRole("button", { name: "Link Local ID" }).click();
    await signInAtProvider(page, person.sub);
    await expect(page).toHaveURL(/\/profile\?linked=local$/);
    expect((await accountOf(email)).identities).toEqual([{ provider: "local", subject: person.sub }]);
    expect((await accountOf(person.email)).users).toEqual([]);

    await logOut(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    await expect(page).toHaveURL(/\/profile$/);

    // With the password still there, the provider can go.
    const [identity] = await withServerDatabase((db) =>
      db.selectFrom("identities").select("id").where("subject", "=", person.sub).execute(),
    );
    const removed = await page.request.post("/profile/identities", {
      form: { intent: "remove", identityId: identity!.id },
      maxRedirects: 0,
    });
    expect(removed.headers()["location"]).toBe("/profile?unlinked=local");
    expect((await accountOf(email)).identities).toEqual([]);
    checkConsole();
  });

  test("the only way to sign in cannot be removed", async ({ page }) => {
    await asNewClient(page);
    const person = await providerPerson();
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    await signInAtProvider(page, person.sub);
    await expect(page).toHaveURL(/\/profile$/);
    const [identity] = await withServerDatabase((db) =>
      db.selectFrom("identities").select("id").where("subject", "=", person.sub).execute(),
    );
    const refused = await page.request.post("/profile/identities", {
      form: { intent: "remove", identityId: identity!.id },
      maxRedirects: 0,
    });
    expect(refused.headers()["location"]).toBe("/profile?identityError=last-method");
    expect((await accountOf(person.email)).identities).toHaveLength(1);
  });

  test("a tampered state is refused, and the sign-in cannot be replayed", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    await asNewClient(page);
    const person = await providerPerson();
    const callback = await catchCallback(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    await signInAtProvider(page, person.sub);
    const original = await callback();
    expect(original.pathname).toBe("/auth/oidc/local/callback");
    expect(original.searchParams.get("code")).toBeTruthy();

    const tampered = new URL(original);
    tampered.searchParams.set("state", `${original.searchParams.get("state")}x`);
    const response = await page.goto(tampered.href);
    expect(response?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText(
      "This answer from Local ID does not belong to the sign-in you started",
    );
    // The untouched answer is no good either now: each started sign-in is used once.
    expect((await page.goto(original.href))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("This sign-in with Local ID was not started in this browser");
    expect((await accountOf(person.email)).users).toEqual([]);

    await page.getByRole("link", { name: "Back to log in" }).click();
    await expect(page).toHaveURL(/\/login$/);
    checkConsole();
  });

  test("a code that expired before it reached us is refused with a clear message", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    await asNewClient(page);
    const person = await providerPerson({ codeExpired: true });
    const callback = await catchCallback(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    await signInAtProvider(page, person.sub);
    // The way back took longer than the code lives.
    const code = await callback();
    expect((await page.goto(code.href))?.status()).toBe(400);
    await expect(page.getByRole("alert")).toContainText("Local ID did not accept this sign-in");
    expect((await accountOf(person.email)).users).toEqual([]);
    checkConsole();
  });

  test("cancelling at the provider says so", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    await asNewClient(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    await expect(page).toHaveURL(new RegExp(`^${issuer}/interaction/`));
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Sign-in with Local ID was cancelled. You can try again, or log in another way.",
    );
    checkConsole();
  });

  test("a provider that is down gets a clear message, and password login still works", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [503] });
    await asNewClient(page);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Down ID" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Sign-in with Down ID is not available right now. Please try again later, or log in with your e-mail address and password.",
    );
    await page.getByRole("link", { name: "Back to log in" }).click();
    await page.getByLabel("E-mail address").fill(accounts.user);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Log in", exact: true }).click();
    await expect(page).toHaveURL(/\/profile$/);
    checkConsole();
  });

  test("a first sign-in with an address the provider has not confirmed creates nothing, and says the same whether or not the address has an account", async ({
    page,
  }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [409] });
    await asNewClient(page);
    const messages: string[] = [];
    const stranger = await providerPerson({ email_verified: false });
    const victim = `victim-${process.pid}-${Date.now()}@example.org`;
    await createPasswordAccount(victim);
    const impostor = await providerPerson({ email: victim, email_verified: false });
    for (const person of [stranger, impostor]) {
      // A fresh browser each time, so the provider asks who is signing in.
      await page.context().clearCookies();
      await page.goto("/login");
      await page.getByRole("button", { name: "Continue with Local ID" }).click();
      await signInAtProvider(page, person.sub);
      await expect(page.getByRole("heading", { name: "Sign-in problem" })).toBeVisible();
      messages.push((await page.getByRole("alert").textContent()) ?? "");
      await expect(page.getByRole("link", { name: "Back to log in" })).toBeVisible();
      await expect(page).toHaveURL(/\/auth\/oidc\/local\/callback\?/);
    }
    expect(messages[0]).toBe(
      "Local ID has not confirmed that the e-mail address it gave us is yours, so it cannot be used to sign in here. Sign up with your e-mail address and a password (or log in, if you already have an account), then link Local ID from your profile.",
    );
    expect(messages[1]).toBe(messages[0]);
    expect(await accountOf(stranger.email)).toEqual({ users: [], identities: [] });
    const existing = await accountOf(victim);
    expect(existing.users).toHaveLength(1);
    expect(existing.identities).toEqual([]);
    // No one was signed in.
    await expect(page.getByRole("banner").getByRole("link", { name: "Log in" })).toBeVisible();
    checkConsole();
  });

  test("a pending link ends with a clear page when the account turns out to be disabled", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [403] });
    await asNewClient(page);
    const person = await providerPerson();
    const owner = await createPasswordAccount(person.email);
    await page.goto("/login");
    await page.getByRole("button", { name: "Continue with Local ID" }).click();
    await signInAtProvider(page, person.sub);
    await expect(page).toHaveURL(/\/login\/link-account$/);
    await withServerDatabase((db) => setDisabled(db, owner.id, true));

    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Link Local ID and log in" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "This account has been disabled. If you think this is a mistake, write to us through the contact page.",
    );
    // The pending link is gone, so there is no form to fill in again, only a way back.
    await expect(page.getByLabel("Password")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to log in" })).toBeVisible();
    expect(await pendingLinkCookie(page)).toBeUndefined();
    expect((await accountOf(person.email)).identities).toEqual([]);

    await page.reload();
    await expect(page.getByRole("alert")).toContainText("There is no sign-in waiting to be linked in this browser");
    checkConsole();
  });

  test("a sign-in started with a foreign redirectTo still ends on this site", async ({ page, baseURL }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const person = await providerPerson();
    const started = await page.request.post("/auth/oidc/local", {
      headers: { Origin: baseURL! },
      form: { intent: "sign-in", redirectTo: "https://evil.example/" },
      maxRedirects: 0,
    });
    expect(started.status()).toBe(302);
    await page.goto(started.headers()["location"]!);
    await signInAtProvider(page, person.sub);
    // A new account: its landing carries the sign-up marker until the page has counted it.
    await expect(page).toHaveURL(new RegExp(`^${baseURL}/profile(#signed-up=oidc)?$`));
    await expect(page.getByRole("banner").getByRole("button", { name: "Log out" })).toBeVisible();
    checkConsole();
  });

  test("starting a sign-in is POST only, for configured providers only", async ({ request, baseURL }) => {
    const get = await request.get("/auth/oidc/local", { maxRedirects: 0 });
    expect(get.status()).toBe(302);
    expect(get.headers()["location"]).toBe("/login");
    const unknown = await request.post("/auth/oidc/nowhere", {
      headers: { Origin: baseURL! },
      form: { intent: "sign-in" },
      maxRedirects: 0,
    });
    expect(unknown.status()).toBe(404);
    const started = await request.post("/auth/oidc/local", {
      headers: { Origin: baseURL! },
      form: { intent: "sign-in", redirectTo: "https://evil.example/" },
      maxRedirects: 0,
    });
    expect(started.status()).toBe(302);
    const location = new URL(started.headers()["location"]!);
    expect(location.origin).toBe(issuer);
    expect(location.searchParams.get("code_challenge_method")).toBe("S256");
    const cookie = started.headers()["set-cookie"]!;
    expect(cookie).toMatch(
      /^__oidc_flow=[\w-]{43}; Path=\/auth\/oidc\/local\/callback; Max-Age=600; HttpOnly; SameSite=Lax$/,
    );
    // Linking needs a signed-in user.
    const link = await request.post("/auth/oidc/local", {
      headers: { Origin: baseURL! },
      form: { intent: "link" },
      maxRedirects: 0,
    });
    expect(link.headers()["location"]).toBe("/login?redirectTo=%2Fprofile");
  });
});
