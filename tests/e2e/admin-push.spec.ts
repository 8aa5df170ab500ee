import { expect, request, test, type Page } from "@playwright/test";
import type { PushPayload } from "#app/models/push-vocabulary";
import { saveSubscription } from "#app/models/push-subscription.server";
import { createUser } from "#app/models/user.server";
import { hashPassword } from "#app/auth/password.server";
import { formatUtc } from "#app/utils/format-date";
import { startLocalPushService, type LocalPushService } from "#tests/setup/local-push-service";
import { PASSWORD, storageStatePath, uniqueClientIp } from "./accounts";
import { baseURL } from "./e2e-ports";
import { asNewClient, gotoHydrated, logIn, watchConsole } from "./helpers";
import { createTestAccount, withServerDatabase } from "./test-accounts";

/**
 * The admin's side of web push (issue 21): /admin/sendNotification composes with a preview, sends a
 * test to the admin's own device and shows its report reaching "sent" (the device is a subscription on
 * the local push service, which checks the VAPID token and decrypts what arrives), schedules a send and
 * cancels it, and refuses an address no account has. Each test signs in an admin of its own, so "your
 * devices" are only the ones it made.
 */

const PAGE = "/admin/sendNotification";

let pushService: LocalPushService;
/** The administrators these journeys made: they are learners again at the end (playwright.config.ts). */
const madeAdmins: string[] = [];
test.beforeAll(async () => {
  pushService = await startLocalPushService();
});
test.afterAll(async () => {
  await pushService.stop();
  if (madeAdmins.length > 0) {
    await withServerDatabase((db) =>
      db.updateTable("users").set({ role: "user" }).where("id", "in", madeAdmins).execute(),
    );
  }
});

/** A new admin account, signed in through the login form in `page`. */
async function signedInAdmin(page: Page, name: string) {
  const email = `${name}-${process.pid}-${Date.now()}@example.org`;
  const passwordHash = await hashPassword(PASSWORD);
  const admin = await withServerDatabase((db) => createUser(db, { email, passwordHash, role: "admin" }));
  madeAdmins.push(admin.id);
  await asNewClient(page);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/profile$/);
  return admin;
}

/** Makes this browser's session one of the admin's push devices, on the local push service. */
async function addDevice(adminId: string) {
  const subscriber = await pushService.newSubscriber();
  await withServerDatabase(async (db) => {
    const session = await db
      .selectFrom("sessions")
      .select("id")
      .where("user_id", "=", adminId)
      .executeTakeFirstOrThrow();
    const saved = await saveSubscription(db, {
      userId: adminId,
      sessionId: session.id,
      endpoint: subscriber.endpoint,
      p256dh: subscriber.keys.p256dh,
      auth: subscriber.keys.auth,
      userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/156.0",
    });
    expect(saved.status).toBe("stored");
  });
  return subscriber;
}

test.describe("sending notifications", () => {
  test("the admin composes, previews, sends a test to their device and sees the report reach sent", async ({
    page,
  }) => {
    const checkConsole = watchConsole(page);
    const admin = await signedInAdmin(page, "push-tester");
    await gotoHydrated(page, PAGE);
    await expect(page.getByRole("heading", { level: 1, name: "Send a notification" })).toBeVisible();
    await expect(page.getByText("A test goes to your own devices, and none has notifications on yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "your profile, under Notifications" })).toHaveAttribute(
      "href",
      "/profile#notifications",
    );

    const subscriber = await addDevice(admin.id);
    await gotoHydrated(page, PAGE);
    await expect(page.getByText("A test goes at once to your own 1 device with notifications on")).toBeVisible();

    const form = page.getByRole("form", { name: "Compose a notification" });
    await form.getByLabel("Title").fill("A new chapter is out");
    await form.getByLabel("Message").fill("Periods and primes: why 1/7 repeats every six digits.");
    await form.getByLabel("Opens the page").fill("/chapter/periods-and-primes");
    await expect(form.getByText("20 of at most 120 characters.")).toBeVisible();

    const preview = page.getByRole("figure", { name: "Preview" });
    await expect(preview).toContainText("A new chapter is out");
    await expect(preview).toContainText("Periods and primes: why 1/7 repeats every six digits.");
    await expect(preview).toContainText(`Numberlab · ${new URL(baseURL).host}`);
    await expect(preview).toContainText("Opens /chapter/periods-and-primes");

    await form.getByRole("button", { name: "Send a test to me" }).click();
    await expect(page.getByRole("status")).toContainText("Test sent to your 1 device.");
    await page.getByRole("link", { name: "See its delivery report" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Delivery report" })).toBeVisible();
    // The report asks again by itself until the delivery has gone.
    await expect(page.getByText("Done: 1 of 1 sent.")).toBeVisible({ timeout: 30_000 });
    await expect(page.getByText("Nothing is left to deliver")).toBeVisible();
    const deliveries = page.getByRole("region", { name: "Deliveries: 1" });
    await expect(deliveries.getByRole("row", { name: /^Sent 1/ })).toBeVisible();

    const [received] = await pushService.waitFor(1, subscriber.endpoint);
    const sendId = new URL(page.url()).pathname.split("/").at(-1)!;
    expect(JSON.parse(received!.payload) as PushPayload).toEqual({
      title: "A new chapter is out",
      body: "Periods and primes: why 1/7 repeats every six digits.",
      url: "/chapter/periods-and-primes",
      campaign: `push:${sendId}`,
    });
    // A test is wanted now: high urgency, short-lived.
    expect(received!.urgency).toBe("high");

    await page.getByRole("link", { name: "All notifications" }).click();
    const history = page.getByRole("region", { name: /^History/ });
    const row = history.getByRole("row").filter({ hasText: "A new chapter is out" });
    await expect(row).toContainText("Test");
    await expect(row).toContainText(`Own devices (${admin.email})`);
    await expect(row).toContainText("Sent out");
    checkConsole();
  });

  test.describe("in the admin's own time zone", () => {
    test.use({ timezoneId: "Europe/Paris" });

    test("schedules a send for later, audited, and cancels it before it goes", async ({ page }) => {
      const checkConsole = watchConsole(page);
      const admin = await signedInAdmin(page, "push-scheduler");
      const learner = await createTestAccount("push-recipient");
      await gotoHydrated(page, PAGE);

      const form = page.getByRole("form", { name: "Compose a notification" });
      await form.getByLabel("Title").fill("Quiz night");
      await form.getByLabel("Message").fill("Ten questions on remainders, tomorrow.");
      await form.getByLabel("Topic", { exact: true }).selectOption({ label: "Announcements" });
      await form.getByRole("radio", { name: /^One account/ }).check();
      await form.getByLabel("Account e-mail").fill(learner.email);
      // The learner chose no topic: nobody would get it now, which a later send may still change.
      await expect(form.getByText("Reaches nobody now")).toBeVisible();
      await form.getByRole("radio", { name: "At a date and time" }).check();

      // Two days ahead, to the minute, as a clock in Paris shows it.
      const at = new Date(Math.floor((Date.now() + 2 * 24 * 60 * 60 * 1000) / 60_000) * 60_000);
      const parisTime = at.toLocaleString("sv-SE", { timeZone: "Europe/Paris" }).replace(" ", "T").slice(0, 16);
      await form.getByLabel("Goes out at").fill(parisTime);
      const utc = formatUtc(at.toISOString());
      await expect(form.getByText(`In your time zone (Europe/Paris): ${utc}.`)).toBeVisible();
      await form.getByRole("button", { name: "Schedule" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Delivery report" })).toBeVisible();
      await expect(page.getByText(`Scheduled: goes out at ${utc}.`)).toBeVisible();
      await expect(page.getByText(`This report refreshes itself at ${utc}, when it goes out.`)).toBeVisible();
      const sendId = new URL(page.url()).pathname.split("/").at(-1)!;

      await page.getByRole("button", { name: "Cancel this send" }).click();
      await expect(page.getByRole("status")).toHaveText("Cancelled “Quiz night”: it will not go out.");
      await expect(page.getByText("Cancelled: it did not go out.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Cancel this send" })).toHaveCount(0);

      const entries = await withServerDatabase((db) =>
        db
          .selectFrom("audit_log")
          .select(["action", "details", "target_email"])
          .where("actor_id", "=", admin.id)
          .orderBy("created_at")
          .execute(),
      );
      expect(entries.map((entry) => [entry.action, entry.target_email])).toEqual([
        ["push.schedule", learner.email],
        ["push.cancel", null],
      ]);
      expect(JSON.parse(entries[0]!.details!)).toMatchObject({ sendId, audience: "user", topic: "announcements" });

      // The audit log names both in words.
      await page.goto(`/admin/adminUser/audit?${new URLSearchParams({ user: learner.email })}`);
      await expect(
        page.getByText(`Scheduled the notification “Quiz night” for ${utc}, to ${learner.email}`),
      ).toBeVisible();
      await page.goto(`/admin/adminUser/audit?${new URLSearchParams({ action: "push.cancel" })}`);
      await expect(page.getByText(`Cancelled the notification “Quiz night” due ${utc}`).first()).toBeVisible();
      checkConsole();
    });
  });

  test("refuses an address no account has, naming it, and sends nothing", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    const admin = await signedInAdmin(page, "push-mistyper");
    await gotoHydrated(page, PAGE);
    const form = page.getByRole("form", { name: "Compose a notification" });
    await form.getByLabel("Title").fill("Hello");
    await form.getByLabel("Message").fill("Just you.");
    await form.getByRole("radio", { name: /^One account/ }).check();
    const nobody = `nobody-${Date.now()}@example.org`;
    await form.getByLabel("Account e-mail").fill(nobody);
    await expect(form.getByText(`No account has the address ${nobody}.`)).toBeVisible();
    await form.getByRole("button", { name: "Send now" }).click();
    const field = form.getByRole("textbox", { name: "Account e-mail" });
    await expect(field).toHaveAccessibleDescription(`No account has the address ${nobody}.`);
    await expect(field).toHaveAttribute("aria-invalid", "true");
    // What was typed stays.
    await expect(form.getByLabel("Title")).toHaveValue("Hello");
    // Nothing was written by this admin (other journeys send meanwhile).
    const sends = await withServerDatabase((db) =>
      db.selectFrom("push_sends").select("id").where("created_by", "=", admin.id).execute(),
    );
    expect(sends).toEqual([]);
    checkConsole();
  });

  test("a learner's post is refused with 403 and writes nothing", async () => {
    const learner = await request.newContext({
      baseURL,
      storageState: storageStatePath("user"),
      extraHTTPHeaders: { Origin: baseURL, "X-Forwarded-For": uniqueClientIp() },
    });
    const answer = await learner.post(PAGE, {
      form: {
        intent: "send",
        title: "Spam",
        body: "Spam",
        url: "/",
        topic: "announcements",
        audience: "subscribers",
        when: "now",
        confirmed: "yes",
      },
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(403);
    const spam = await withServerDatabase((db) =>
      db.selectFrom("push_sends").select("id").where("title", "=", "Spam").execute(),
    );
    expect(spam).toEqual([]);
    await learner.dispose();
  });
});
