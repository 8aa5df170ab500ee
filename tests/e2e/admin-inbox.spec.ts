import { expect, test, type Browser, type Page } from "@playwright/test";
import { accounts, storageStatePath } from "./accounts";
import { asNewClient, gotoHydrated, logIn, watchConsole } from "./helpers";
import { waitForMail } from "./mail-sink";
import { createTestAccount } from "./test-accounts";

/** Text no other journey's messages contain, so a search finds this journey's message alone. */
const uniqueText = (label: string) => `${label} ${crypto.randomUUID().slice(0, 13)}`;

async function adminPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ storageState: storageStatePath("admin") });
  const page = await context.newPage();
  await asNewClient(page);
  return page;
}

async function search(page: Page, text: string) {
  const field = page.getByRole("searchbox", { name: "Search name, e-mail, subject or text" });
  await field.fill(text);
  await page.getByRole("search").getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text).replace(/%20/g, "\\+")}`));
  // The address changes before React commits the searched page (a transition): until then the filter
  // links are the unsearched page's, and a click on one would drop the search.
  await expect(page.getByRole("status").first()).toContainText(`matching “${text}”`);
}

test.describe("the admin inbox", () => {
  test("a visitor's message is found, read, answered by e-mail, archived and found again under archived", async ({
    page,
    browser,
  }) => {
    test.slow();
    const token = uniqueText("Inbox journey");
    const visitor = `inbox-${Date.now()}-${process.pid}@example.org`;
    const subject = `About periods, ${token}`;

    // A visitor writes through the contact form.
    await asNewClient(page);
    await gotoHydrated(page, "/contact");
    await page.getByLabel("Your name").fill("Visiting Grace");
    await page.getByLabel("Your e-mail address").fill(visitor);
    await page.getByLabel("Subject").fill(subject);
    await page.getByLabel("Message").fill(`Why is the period of 1/7 six digits long? (${token})`);
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByRole("status")).toContainText("your message was received");

    const admin = await adminPage(browser);
    const checkConsole = watchConsole(admin);
    await gotoHydrated(admin, "/admin/adminMessage");
    // The menu counts the unread messages.
    await expect(
      admin.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: /^Messages\s*\d+ unread$/ }),
    ).toBeVisible();

    await search(admin, token.toUpperCase());
    await expect(admin.getByRole("status").first()).toHaveText(
      `1 message in the inbox matching “${token.toUpperCase()}”.`,
    );
    const card = admin.getByRole("article", { name: subject });
    await expect(card).toContainText("Unread");
    await expect(card).toContainText(visitor);
    await expect(card).toContainText("Why is the period of 1/7 six digits long?");

    // Opening the thread reads it.
    await card.getByRole("link", { name: subject }).click();
    await expect(admin.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    await expect(admin.getByText(/^Received .* · read /)).toBeVisible();
    await expect(admin.getByRole("region", { name: "Replies" })).toContainText("No reply yet.");
    await admin.getByRole("link", { name: "Back to the messages" }).click();
    await expect(card).toBeVisible();
    await expect(card.getByText("Unread", { exact: true })).toHaveCount(0);

    // Marked unread from the list, it says so again.
    await card.getByRole("button", { name: `Mark unread: ${subject}` }).click();
    await expect(admin.getByRole("status").filter({ hasText: "is marked unread" })).toBeVisible();
    await expect(card.getByText("Unread", { exact: true })).toBeVisible();

    // The reply goes out by e-mail and stays on the thread.
    await card.getByRole("link", { name: subject }).click();
    await expect(admin.getByRole("heading", { level: 1, name: subject })).toBeVisible();
    const form = admin.getByRole("region", { name: "Reply by e-mail" });
    await expect(form.getByLabel("Subject")).toHaveValue(`Re: ${subject}`);
    const answer = `Because 10 has order 6 modulo 7. (${token})`;
    const since = Date.now();
    await form.getByLabel("Your reply").fill(answer);
    await form.getByRole("button", { name: "Send reply" }).click();
    await expect(form.getByRole("status")).toHaveText(`Reply sent to ${visitor}.`);
    await expect(form.getByLabel("Your reply")).toHaveValue("");
    const mail = await waitForMail(visitor, since);
    expect(mail.subject).toBe(`Re: ${subject}`);
    expect(mail.text).toContain(answer);
    expect(mail.text).toContain(`Visiting Grace wrote:\n> Why is the period of 1/7 six digits long? (${token})`);
    const replies = admin.getByRole("region", { name: "Replies (1)" });
    const reply = replies.getByRole("article", { name: `Re: ${subject}` });
    await expect(reply).toContainText(answer);
    await expect(reply).toContainText(`By ${accounts.admin} · to ${visitor}`);
    await expect(reply.locator("time")).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT/);

    // Archived, it leaves the inbox and is found under archived.
    await admin.getByRole("button", { name: `Archive: ${subject}` }).click();
    await expect(admin.getByRole("status").filter({ hasText: "Archived." })).toBeVisible();
    await expect(admin.getByRole("button", { name: `Move to inbox: ${subject}` })).toBeVisible();
    await admin.getByRole("link", { name: "Back to the messages" }).click();
    await expect(admin.getByRole("status").first()).toHaveText(
      `No messages in the inbox matching “${token.toUpperCase()}”.`,
    );
    await admin
      .getByRole("navigation", { name: "Show" })
      .getByRole("link", { name: /^Archived \(1\)$/ })
      .click();
    await expect(admin).toHaveURL(/state=archived/);
    const archived = admin.getByRole("article", { name: subject });
    await expect(archived).toContainText("1 reply");
    await expect(admin.getByRole("status").first()).toHaveText(`1 message archived matching “${token.toUpperCase()}”.`);
    checkConsole();
    await admin.context().close();
  });

  test("a learner's question report appears under its kind, linked to what was reported", async ({ page, browser }) => {
    test.slow();
    const token = uniqueText("Report journey");
    await asNewClient(page);
    const learner = await createTestAccount("inbox-reporter");
    await logIn(page, learner.email);
    await page.waitForURL("**/profile");
    await gotoHydrated(page, "/chapter/atomic-model-of-numbers/quiz");
    await page.getByRole("button", { name: "Start the quiz" }).click();
    await page.waitForURL(/\/quiz\/[0-9a-f-]{36}$/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const first = page.getByRole("region", { name: /^Question 1 of/ });
    await first.getByRole("button", { name: "Report this question" }).click();
    await first.getByLabel("What is wrong with this question?").fill(`The hint is unclear. ${token}`);
    await first.getByRole("button", { name: "Send report" }).click();
    await expect(first.getByText("Thank you: the report has reached the editors.")).toBeVisible();

    const admin = await adminPage(browser);
    const checkConsole = watchConsole(admin);
    await gotoHydrated(admin, "/admin/adminMessage");
    await search(admin, token);
    const kinds = admin.getByRole("navigation", { name: "Kind" });
    await expect(kinds.getByRole("link", { name: "Question reports (1)" })).toBeVisible();
    await expect(kinds.getByRole("link", { name: "Contact messages (0)" })).toBeVisible();
    await kinds.getByRole("link", { name: "Question reports (1)" }).click();
    await expect(admin).toHaveURL(/kind=report/);
    const card = admin.getByRole("article", { name: /^Question report: / });
    await expect(card).toContainText("Question report");
    await expect(card).toContainText(learner.email);

    await kinds.getByRole("link", { name: "Contact messages (0)" }).click();
    await expect(admin).toHaveURL(/kind=contact/);
    await expect(admin.getByRole("status").first()).toHaveText(`No contact messages in the inbox matching “${token}”.`);
    await expect(admin.getByRole("article")).toHaveCount(0);

    // The thread says what was reported: an author's question links to its editor, a generated one names its template.
    await kinds.getByRole("link", { name: "Question reports (1)" }).click();
    await card.getByRole("link", { name: /^Question report: / }).click();
    await expect(admin.getByRole("heading", { level: 1, name: /^Question report: / })).toBeVisible();
    await expect(
      admin
        .getByRole("link", { name: "the reported question in the content editor" })
        .or(admin.getByText("About a generated question: its template, seed and difficulty are in the subject.")),
    ).toBeVisible();
    await expect(admin.getByRole("link", { name: "their account" })).toHaveAttribute(
      "href",
      `/admin/adminUser?q=${encodeURIComponent(learner.email)}`,
    );
    checkConsole();
    await admin.context().close();
  });
});
