import { expect, test } from "@playwright/test";
import { storageStatePath, uniqueClientIp } from "./accounts";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";

const SCRIPT_TEXT = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2">`;

test.describe("contact form", () => {
  test("names every missing field and sends nothing", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    await asNewClient(page);
    await gotoHydrated(page, "/contact");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText("Enter your name.")).toBeVisible();
    await expect(page.getByText("Enter your e-mail address.")).toBeVisible();
    await expect(page.getByText("Enter a subject.")).toBeVisible();
    await expect(page.getByText("Enter your message.")).toBeVisible();
    checkConsole();
  });

  test("keeps the text on error, shows markup as text, then stores the message for admins", async ({
    page,
    browser,
  }) => {
    await asNewClient(page);
    await page.goto("/contact");
    const subject = `Question ${Date.now()}`;
    await page.getByLabel("Your name").fill(SCRIPT_TEXT.slice(0, 100));
    await page.getByLabel("Your e-mail address").fill("not an address");
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill(`Hello! ${SCRIPT_TEXT}`);
    await page.getByRole("button", { name: "Send message" }).click();

    await expect(page.getByText("Enter a valid e-mail address, like name@example.com.")).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue(SCRIPT_TEXT.slice(0, 100));
    await expect(page.getByLabel("Message")).toHaveValue(`Hello! ${SCRIPT_TEXT}`);

    await page.getByLabel("Your e-mail address").fill("reader@example.org");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status")).toContainText("your message was received");

    const admin = await browser.newContext({ storageState: storageStatePath("admin") });
    const inbox = await admin.newPage();
    await inbox.goto(`/admin/adminMessage?${new URLSearchParams({ q: subject })}`);
    const card = inbox.getByRole("article").filter({ hasText: subject });
    await expect(card).toContainText(`Hello! ${SCRIPT_TEXT}`);
    await expect(card).toContainText("reader@example.org");
    expect(await inbox.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
    await admin.close();
  });

  test("refuses oversized and wrongly typed fields with a clear message, without JavaScript too", async ({
    request,
    baseURL,
  }) => {
    const headers = { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() };
    const oversized = await request.post("/contact", {
      headers,
      form: { name: "N".repeat(101), email: "a@example.org", subject: "S", message: "M".repeat(5001) },
    });
    expect(oversized.status()).toBe(400);
    const html = await oversized.text();
    expect(html).toContain("Your name must be at most 100 characters.");
    expect(html).toContain("Your message must be at most 5000 characters.");

    const repeated = await request.post("/contact", {
      headers,
      multipart: { name: "Ada", email: "a@example.org", subject: "Hi", message: "A real message." },
    });
    expect(repeated.status()).toBe(200);

    const body = new URLSearchParams([
      ["name", "Ada"],
      ["name", "Grace"],
      ["email", "a@example.org"],
      ["subject", "Two names"],
      ["message", "This has two names."],
    ]).toString();
    const twice = await request.post("/contact", {
      headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
      data: body,
    });
    expect(twice.status()).toBe(400);
    expect(await twice.text()).toContain("Your name must be a single piece of text.");

    const file = await request.post("/contact", {
      headers,
      multipart: {
        name: "Ada",
        email: "a@example.org",
        subject: "A file",
        message: { name: "m.txt", mimeType: "text/plain", buffer: Buffer.from("A message in a file.") },
      },
    });
    expect(file.status()).toBe(400);
    expect(await file.text()).toContain("Your message must be a single piece of text.");
  });

  test("a filled honeypot looks sent but stores nothing", async ({ request, baseURL, browser }) => {
    const subject = `Bot ${Date.now()}`;
    const response = await request.post("/contact", {
      headers: { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() },
      form: {
        name: "Bot",
        email: "bot@example.org",
        subject,
        message: "Buy cheap things now!",
        website: "http://spam",
      },
    });
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain("your message was received");
    const admin = await browser.newContext({ storageState: storageStatePath("admin") });
    const inbox = await admin.newPage();
    await inbox.goto(`/admin/adminMessage?${new URLSearchParams({ q: subject })}`);
    await expect(inbox.getByRole("heading", { level: 1, name: "Messages" })).toBeVisible();
    await expect(inbox.getByRole("status").first()).toHaveText(`No messages in the inbox matching “${subject}”.`);
    await expect(inbox.getByRole("article")).toHaveCount(0);
    await admin.close();
  });

  test("is rate limited per client, with the text kept", async ({ request, baseURL }) => {
    const headers = { Origin: baseURL!, "X-Forwarded-For": uniqueClientIp() };
    const form = { name: "Ada", email: "a@example.org", subject: "Again", message: "Once more, with feeling." };
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await request.post("/contact", { headers, form })).status(), `attempt ${attempt}`).toBe(200);
    }
    const limited = await request.post("/contact", { headers, form });
    expect(limited.status()).toBe(429);
    expect(limited.headers()["retry-after"]).toMatch(/^\d+$/);
    const html = await limited.text();
    expect(html).toContain("Too many attempts. Please wait");
    expect(html).toContain("Once more, with feeling.");
    // Another client is not affected.
    const other = await request.post("/contact", {
      headers: { ...headers, "X-Forwarded-For": uniqueClientIp() },
      form,
    });
    expect(other.status()).toBe(200);
  });

  test("refuses a post from another site", async ({ request }) => {
    const response = await request.post("/contact", {
      headers: { Origin: "http://evil.example", "X-Forwarded-For": uniqueClientIp() },
      form: { name: "Ada", email: "a@example.org", subject: "CSRF", message: "From another site." },
    });
    expect(response.status()).toBe(403);
  });
});
