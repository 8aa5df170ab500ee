import { createHash } from "node:crypto";
import { expect, test, type Browser, type BrowserContext, type Page } from "@playwright/test";
import { countActiveAdmins, createUser, findUserByEmail, type User } from "#app/models/user.server";
import { hashPassword } from "#app/auth/password.server";
import { setClock } from "#app/utils/clock";
import { accounts, PASSWORD, storageStatePath, uniqueClientIp } from "./accounts";
import { asNewClient, logIn, watchConsole } from "./helpers";
import { withServerDatabase } from "./test-accounts";

const USERS = "/admin/adminUser";
const AUDIT = "/admin/adminUser/audit";
const DISABLED_MESSAGE = "This account has been disabled.";

// The last-admin test needs to know every admin there is, so this file's tests run one after another.
test.describe.configure({ mode: "default" });
test.use({ storageState: storageStatePath("admin") });

let serial = 0;
function uniqueEmail(name: string): string {
  serial += 1;
  return `${name}-${Date.now()}-${serial}@example.org`;
}

const passwordHash = hashPassword(PASSWORD);

async function newAccount(email: string, displayName: string | null = null): Promise<User> {
  const hash = await passwordHash;
  return withServerDatabase((db) => createUser(db, { email, passwordHash: hash, displayName }));
}

/** A separate browser, signed in through the login form as `email`. */
async function signedInAs(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ storageState: { cookies: [], origins: [] } });
  const page = await context.newPage();
  await asNewClient(page);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  return { context, page };
}

async function searchFor(page: Page, text: string) {
  await page.goto(USERS);
  await page.getByLabel("Search by e-mail or name").fill(text);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

function usersTable(page: Page) {
  return page.getByRole("region", { name: /account/ });
}

async function firstColumn(page: Page): Promise<string[]> {
  const cells = usersTable(page).getByRole("row").locator("td:first-child");
  return (await cells.allInnerTexts()).map((text) => text.replace(" (you)", "").trim());
}

/** Clicks a row action that asks first, then confirms it in the dialog. */
async function confirmAction(page: Page, button: string, confirm: string) {
  await page.getByRole("button", { name: button }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: confirm, exact: true }).click();
  await expect(dialog).toBeHidden();
}

async function auditWhat(page: Page, email: string): Promise<{ who: string; what: string }[]> {
  await page.goto(`${AUDIT}?${new URLSearchParams({ user: email })}`);
  const rows = page.getByRole("region", { name: /entr/ }).getByRole("row");
  const result: { who: string; what: string }[] = [];
  for (const row of (await rows.all()).slice(1)) {
    const cells = await row.getByRole("cell").allInnerTexts();
    result.push({ who: cells[1]!, what: cells[2]! });
  }
  return result;
}

test.describe("user administration", () => {
  test("searches by e-mail or name and sorts by column, with the state in the address", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const token = `srch${Date.now()}`;
    // Each created a millisecond after the last on this process's clock, so "newest first" has one right answer.
    const start = Date.now();
    const createdAt = async (offset: number, email: string, name: string | null = null) => {
      setClock({ now: () => new Date(start + offset) });
      try {
        return await newAccount(email, name);
      } finally {
        setClock();
      }
    };
    const c = await createdAt(0, `${token}-c@example.org`, "Ann");
    const a = await createdAt(1, `${token}-a@example.org`, "bob");
    const b = await createdAt(2, `${token}-b@example.org`);

    await searchFor(page, token.toUpperCase());
    await expect(page.getByRole("heading", { name: `3 accounts matching “${token.toUpperCase()}”` })).toBeVisible();
    // Newest first by default.
    await expect.poll(() => firstColumn(page)).toEqual([b.email, a.email, c.email]);

    const emailHeader = page.getByRole("columnheader", { name: "E-mail" });
    await emailHeader.getByRole("link").click();
    await expect(page).toHaveURL(/sort=email/);
    await expect(emailHeader).toHaveAttribute("aria-sort", "ascending");
    await expect.poll(() => firstColumn(page)).toEqual([a.email, b.email, c.email]);
    await emailHeader.getByRole("link").click();
    await expect(emailHeader).toHaveAttribute("aria-sort", "descending");
    await expect.poll(() => firstColumn(page)).toEqual([c.email, b.email, a.email]);

    // A name sort puts accounts without a name last.
    await page.getByRole("columnheader", { name: "Name" }).getByRole("link").click();
    await expect(page).toHaveURL(/sort=name/);
    await expect.poll(() => firstColumn(page)).toEqual([c.email, a.email, b.email]);

    // The name is searched too, and the address alone reproduces the view.
    await page.goto(`${USERS}?q=${token}&sort=email&dir=desc`);
    await expect.poll(() => firstColumn(page)).toEqual([c.email, b.email, a.email]);
    await searchFor(page, "BOB");
    await expect(usersTable(page)).toContainText(a.email);
    checkConsole();
  });

  test("search, sort and pages work without JavaScript", async ({ browser }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: storageStatePath("admin"),
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    });
    const page = await context.newPage();
    const token = `nojs${Date.now()}`;
    for (let index = 0; index < 27; index += 1)
      await newAccount(`${token}-${String(index).padStart(2, "0")}@example.org`);
    await searchFor(page, token);
    await page.getByRole("columnheader", { name: "E-mail" }).getByRole("link").click();
    await expect(page).toHaveURL(new RegExp(`q=${token}&sort=email`));
    await expect.poll(() => firstColumn(page)).toHaveLength(25);
    expect((await firstColumn(page))[0]).toBe(`${token}-00@example.org`);
    await page.getByRole("navigation", { name: "Pages of users" }).getByRole("link", { name: "Go to page 2" }).click();
    await expect(page).toHaveURL(/page=2/);
    await expect.poll(() => firstColumn(page)).toEqual([`${token}-25@example.org`, `${token}-26@example.org`]);
    await context.close();
  });

  test("grants and then revokes the admin role, both in the audit log", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const user = await newAccount(uniqueEmail("promoted"));
    await searchFor(page, user.email);

    await page.getByRole("button", { name: `Make admin ${user.email}` }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`${user.email} is now an administrator.`);
    await expect(usersTable(page).getByRole("row").filter({ hasText: user.email })).toContainText("Administrator");
    expect((await withServerDatabase((db) => findUserByEmail(db, user.email)))?.role).toBe("admin");

    // Cancelling the dialog changes nothing.
    await page.getByRole("button", { name: `Remove admin ${user.email}` }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
    expect((await withServerDatabase((db) => findUserByEmail(db, user.email)))?.role).toBe("admin");

    await confirmAction(page, `Remove admin ${user.email}`, "Remove admin");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`${user.email} is no longer an administrator.`);
    expect((await withServerDatabase((db) => findUserByEmail(db, user.email)))?.role).toBe("user");

    expect(await auditWhat(page, user.email)).toEqual([
      { who: accounts.admin, what: `Took the administrator role from ${user.email}` },
      { who: accounts.admin, what: `Made ${user.email} an administrator` },
    ]);
    checkConsole();
  });

  test("gives complimentary premium until a day and withdraws it, both in the audit log", async ({ page }) => {
    // The refused grant answers 400.
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    await asNewClient(page);
    const user = await newAccount(uniqueEmail("gifted"));
    await searchFor(page, user.email);
    const row = usersTable(page).getByRole("row").filter({ hasText: user.email });
    await expect(row).toContainText("Free");

    await page.getByRole("link", { name: `Premium ${user.email}` }).click();
    const panel = page.getByRole("region", { name: `Complimentary premium for ${user.email}` });
    await expect(panel).toContainText("No premium now.");
    // A day that is taken: the server says what is wrong and changes nothing.
    await panel.getByLabel("Premium until").fill("2001-01-01");
    await panel.getByRole("button", { name: "Give premium" }).click();
    await expect(panel).toContainText("Choose a day in the future");
    await expect(panel).toContainText("Enter a reason.");

    const day = new Date(Date.now() + 60 * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    await panel.getByLabel("Premium until").fill(day);
    await panel.getByLabel("Reason").fill("Teacher at a partner school");
    await panel.getByRole("button", { name: "Give premium" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(
      `${user.email} has complimentary premium until`,
    );
    await expect(row).toContainText("Complimentary");
    await expect(panel).toContainText("Teacher at a partner school");
    expect((await withServerDatabase((db) => findUserByEmail(db, user.email)))?.isPremium).toBe(true);

    await page.getByRole("button", { name: /^Withdraw the grant until / }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toContainText(`Withdraw the complimentary premium of ${user.email}?`);
    await dialog.getByRole("button", { name: "Withdraw", exact: true }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      `Withdrew the complimentary premium of ${user.email}.`,
    );
    await expect(row).toContainText("Free");
    expect((await withServerDatabase((db) => findUserByEmail(db, user.email)))?.isPremium).toBe(false);

    expect(await auditWhat(page, user.email)).toEqual([
      {
        who: accounts.admin,
        what: `Withdrew the complimentary premium of ${user.email} that ran until ${day} 00:00 UTC`,
      },
      {
        who: accounts.admin,
        what: `Gave ${user.email} complimentary premium until ${day} 00:00 UTC (Teacher at a partner school)`,
      },
    ]);
    checkConsole();
  });

  test("disabling a signed-in account signs it out at once and refuses its password, until enabled", async ({
    page,
    browser,
  }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const email = uniqueEmail("disabled");
    await newAccount(email);
    const learner = await signedInAs(browser, email);

    await searchFor(page, email);
    await expect(usersTable(page).getByRole("row").filter({ hasText: email })).toContainText("Password");
    await confirmAction(page, `Disable ${email}`, "Disable");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(
      `${email} is disabled and was signed out (1 session ended).`,
    );
    await expect(usersTable(page).getByRole("row").filter({ hasText: email })).toContainText("Disabled");

    await learner.page.goto("/profile");
    await expect(learner.page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
    await logIn(learner.page, email);
    await expect(learner.page.getByRole("alert")).toContainText(DISABLED_MESSAGE);

    await page.getByRole("button", { name: `Enable ${email}` }).click();
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`${email} can sign in again.`);
    await logIn(learner.page, email);
    await expect(learner.page).toHaveURL(/\/profile$/);
    await learner.context.close();

    expect(await auditWhat(page, email)).toEqual([
      { who: accounts.admin, what: `Enabled ${email} again` },
      { who: accounts.admin, what: `Disabled ${email} and ended 1 session` },
    ]);
    checkConsole();
  });

  test("ends every session of an account", async ({ page, browser }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const email = uniqueEmail("signed-out");
    await newAccount(email);
    const phone = await signedInAs(browser, email);
    const laptop = await signedInAs(browser, email);

    await searchFor(page, email);
    await expect(usersTable(page).getByRole("row").filter({ hasText: email }).getByRole("cell").nth(7)).toHaveText("2");
    await confirmAction(page, `End sessions ${email}`, "End sessions");
    await expect(page.getByRole("main").getByRole("status")).toHaveText(`Ended 2 sessions of ${email}.`);
    for (const device of [phone, laptop]) {
      await device.page.goto("/profile");
      await expect(device.page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
      await device.context.close();
    }
    // The account itself stays usable.
    expect(await auditWhat(page, email)).toEqual([{ who: accounts.admin, what: `Ended 2 sessions of ${email}` }]);
    checkConsole();
  });

  test("without JavaScript a destructive action asks first, and bad requests change nothing", async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({
      javaScriptEnabled: false,
      storageState: storageStatePath("admin"),
      extraHTTPHeaders: { "X-Forwarded-For": uniqueClientIp() },
    });
    const page = await context.newPage();
    const user = await newAccount(uniqueEmail("nojs-disable"));
    await searchFor(page, user.email);
    await page.getByRole("button", { name: `Disable ${user.email}` }).click();
    const ask = page.getByRole("alertdialog");
    await expect(ask).toContainText(`Disable ${user.email}?`);
    expect(
      await withServerDatabase((db) =>
        db.selectFrom("users").select("disabled_at").where("id", "=", user.id).executeTakeFirst(),
      ),
    ).toEqual({
      disabled_at: null,
    });
    await ask.getByRole("button", { name: "Disable" }).click();
    await expect(page.getByRole("main").getByRole("status")).toContainText(`${user.email} is disabled`);
    await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(user.email)}`));

    const headers = { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() };
    const post = async (form: Record<string, string>) => {
      const response = await context.request.post(USERS, { headers, form });
      return { status: response.status(), html: await response.text() };
    };
    const other = await newAccount(uniqueEmail("bad-requests"));
    const unknown = await post({ intent: "grant-admin", userId: crypto.randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain("No account has this id (it may have been removed). Nothing was changed.");
    const badIntent = await post({ intent: "delete", userId: other.id });
    expect(badIntent.status).toBe(400);
    expect(badIntent.html).toContain("Choose one of the actions in the table.");
    const badId = await post({ intent: "grant-admin", userId: "' or 1=1 --" });
    expect(badId.status).toBe(400);
    expect(badId.html).toContain("Choose an account from the table.");
    const badConfirm = await post({ intent: "disable", userId: other.id, confirmed: "maybe" });
    expect(badConfirm.status).toBe(400);
    const selfDisable = await post({ intent: "disable", userId: (await findAdmin()).id, confirmed: "yes" });
    expect(selfDisable.status).toBe(409);
    expect(selfDisable.html).toContain("You cannot disable your own account.");
    const after = await withServerDatabase((db) => findUserByEmail(db, other.email));
    expect(after?.role).toBe("user");
    await context.close();
  });

  test("a non-admin gets 403 on these pages and their actions", async ({ browser, baseURL }) => {
    for (const role of ["user", "premium"] as const) {
      const context = await browser.newContext({ storageState: storageStatePath(role) });
      const api = context.request;
      for (const path of [USERS, `${USERS}?q=a&sort=email`, AUDIT, "/tests/user-info"]) {
        const response = await api.get(path, { maxRedirects: 0 });
        expect(response.status(), `${role} ${path}`).toBe(403);
        expect(await response.text()).toContain("This page is for administrators.");
      }
      const me = await withServerDatabase((db) => findUserByEmail(db, accounts[role]));
      const response = await api.post(USERS, {
        headers: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
        form: { intent: "grant-admin", userId: me!.id },
        maxRedirects: 0,
      });
      expect(response.status()).toBe(403);
      expect((await withServerDatabase((db) => findUserByEmail(db, accounts[role])))?.role).toBe("user");
      await context.close();
    }
  });

  test("the last administrator cannot give up the role", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [409] });
    await asNewClient(page);
    const activeAdmins = await withServerDatabase((db) =>
      db.selectFrom("users").select("email").where("role", "=", "admin").where("disabled_at", "is", null).execute(),
    );
    // Other specs share this server; none of them may leave an extra admin behind.
    expect(activeAdmins.map((row) => row.email)).toEqual([accounts.admin]);
    try {
      await searchFor(page, accounts.admin);
      await page.getByRole("button", { name: `Remove admin ${accounts.admin}` }).click();
      await expect(page.getByRole("dialog")).toContainText("Give up your administrator role?");
      await page.getByRole("dialog").getByRole("button", { name: "Remove admin" }).click();
      await expect(page.getByRole("alert")).toHaveText(
        "You are the last administrator, so you cannot give up the role. Make someone else an administrator first.",
      );
      expect((await findAdmin()).role).toBe("admin");
      // The admin cannot disable themselves either: the row offers no such button.
      await expect(page.getByRole("button", { name: `Disable ${accounts.admin}` })).toHaveCount(0);
    } finally {
      // Should the guard ever fail, give the shared admin its role back for the other specs.
      await withServerDatabase((db) =>
        db.updateTable("users").set({ role: "admin" }).where("email", "=", accounts.admin).execute(),
      );
    }
    checkConsole();
  });

  test("an admin may end their own sessions, and give up the role while another admin remains", async ({ browser }) => {
    const email = uniqueEmail("second-admin");
    const second = await newAccount(email);
    await withServerDatabase((db) =>
      db.updateTable("users").set({ role: "admin" }).where("id", "=", second.id).execute(),
    );
    try {
      let admin = await signedInAs(browser, email);
      await searchFor(admin.page, email);
      await confirmAction(admin.page, `End sessions ${email}`, "End sessions");
      await expect(admin.page).toHaveURL(/\/login$/);
      await admin.context.close();

      admin = await signedInAs(browser, email);
      await searchFor(admin.page, email);
      await admin.page.getByRole("button", { name: `Remove admin ${email}` }).click();
      await expect(admin.page.getByRole("dialog")).toContainText("Give up your administrator role?");
      await admin.page.getByRole("dialog").getByRole("button", { name: "Remove admin" }).click();
      await expect(admin.page).toHaveURL(/\/profile$/);
      expect((await withServerDatabase((db) => findUserByEmail(db, email)))?.role).toBe("user");
      await admin.context.close();
    } finally {
      // Leave no extra admin behind for the last-admin test.
      await withServerDatabase((db) =>
        db.updateTable("users").set({ role: "user" }).where("id", "=", second.id).execute(),
      );
    }
  });

  test("the audit log is linked from the users page and filters by account and action", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const user = await newAccount(uniqueEmail("audited"));
    await searchFor(page, user.email);
    await page.getByRole("button", { name: `Make admin ${user.email}` }).click();
    await expect(page.getByRole("main").getByRole("status")).toBeVisible();
    await confirmAction(page, `Remove admin ${user.email}`, "Remove admin");
    await expect(page.getByRole("main").getByRole("status")).toContainText("no longer an administrator");

    await page.getByRole("link", { name: `History ${user.email}` }).click();
    await expect(page).toHaveURL(new RegExp(`${AUDIT}\\?user=`));
    await expect(page.getByRole("heading", { name: `2 entries about ${user.email}` })).toBeVisible();
    await page.getByLabel("Action").selectOption({ label: "Administrator role granted" });
    await page.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/action=role.grant/);
    await expect(page.getByRole("heading", { level: 2 })).toHaveText(
      `1 entry about ${user.email} · Administrator role granted`,
    );
    const cells = page.getByRole("region", { name: /entr/ }).getByRole("row").nth(1).getByRole("cell");
    await expect(cells.nth(0)).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
    await expect(cells.nth(1)).toHaveText(accounts.admin);

    await page.getByRole("link", { name: "Back to users" }).click();
    // On the users page before leaving it: a navigation cut short by the next one leaves React Router's
    // aborted fetch as an unhandled rejection (remix-run/react-router#14203), which fails the console check.
    await expect(page).toHaveURL(/\/admin\/adminUser$/);
    // The users page's own link (the admin menu beside it has one too).
    await page.getByRole("main").getByRole("link", { name: "Audit log" }).click();
    await expect(page).toHaveURL(new RegExp(`${AUDIT}$`));

    await page.goto(`${AUDIT}?user=not-an-address`);
    await expect(page.getByText("The account filter was not applied")).toBeVisible();
    checkConsole();
  });

  test("/tests/user-info shows the admin's session, role and entitlements, and no secrets", async ({
    page,
    context,
  }) => {
    const checkConsole = watchConsole(page);
    await page.goto("/tests/user-info");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Session details");
    const admin = await findAdmin();
    const main = page.getByRole("main");
    await expect(main).toContainText(admin.id);
    await expect(main).toContainText(accounts.admin);
    await expect(main).toContainText("Administrator");
    const fact = (term: string) => main.locator("dt", { hasText: term }).locator("xpath=following-sibling::dd[1]");
    for (const entitlement of ["Admin area", "Premium chapters", "Unlimited quizzes"]) {
      await expect(fact(entitlement)).toHaveText("Yes");
    }
    await expect(fact("Role")).toHaveText("Administrator");
    await expect(fact("Expires")).toHaveText(/^\d{4}-\d\d-\d\d \d\d:\d\d UTC$/);
    checkConsole();

    const cookie = (await context.cookies()).find((entry) => entry.name === "__session")!;
    const signed = decodeURIComponent(cookie.value);
    const token = JSON.parse(
      Buffer.from(signed.slice(0, signed.lastIndexOf(".")), "base64").toString("utf8"),
    ) as string;
    const tokenHash = createHash("sha256").update(token).digest("hex");
    const row = await withServerDatabase((db) =>
      db.selectFrom("users").select("password_hash").where("email", "=", accounts.admin).executeTakeFirstOrThrow(),
    );
    // The session found by the hash is this one, so the check below looks for the right strings.
    expect(
      await withServerDatabase((db) =>
        db.selectFrom("sessions").select("user_id").where("id", "=", tokenHash).executeTakeFirst(),
      ),
    ).toEqual({
      user_id: admin.id,
    });
    for (const path of ["/tests/user-info", "/tests/user-info.data"]) {
      const body = await (await context.request.get(path)).text();
      expect(body).toContain(accounts.admin);
      for (const secret of [token, tokenHash, signed, row.password_hash!]) {
        expect(body.includes(secret), `${path} leaks a secret`).toBe(false);
      }
    }
  });

  // Here, not in profile.spec.ts: this file's tests run one after another, so no other test has added an admin.
  test("the last administrator cannot delete their account", async ({ browser }) => {
    expect(await withServerDatabase((db) => countActiveAdmins(db))).toBe(1);
    const context = await browser.newContext({ storageState: storageStatePath("admin") });
    const page = await context.newPage();
    await asNewClient(page);
    await page.goto("/profile/delete");
    await page.getByLabel("Your password").fill(PASSWORD);
    await page.getByRole("button", { name: "Delete my account" }).click();
    await expect(page.getByRole("alert")).toContainText("You are the last administrator.");
    await page.goto("/profile");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your profile");
    await context.close();
  });
});

async function findAdmin(): Promise<User> {
  const admin = await withServerDatabase((db) => findUserByEmail(db, accounts.admin));
  if (!admin) throw new Error("The shared admin account is missing");
  return admin;
}
