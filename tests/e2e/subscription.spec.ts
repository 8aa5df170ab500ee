import { expect, test, type Browser, type Locator, type Page } from "@playwright/test";
import { baseURL } from "./e2e-ports";
import { asNewClient, gotoHydrated, watchConsole } from "./helpers";
import { receivedMails, type ReceivedMail } from "./mail-sink";
import { createTestAccount } from "./test-accounts";

/**
 * A learner's subscription through the built-in test-mode provider (docs/payments.md): its hosted
 * checkout and portal, its webhooks POSTed to the server's own endpoint, and the chapter that premium
 * opens. Every test uses fresh accounts; nothing here touches the shared learner, premium or admin.
 */

const CHAPTER = "/chapter/remainder-calculation-sequences";
/** A section the lock hides (only the introduction of a premium chapter is free). */
const PREMIUM_SECTION = "Division with remainder";
const PREMIUM_CHAPTERS = ["Remainder calculation and sequences", "Exponential remainders", "Periods and primes"];
const CARDS = {
  succeeds: "4242 4242 4242 4242",
  declined: "4000 0000 0000 0002",
  needsConfirmation: "4000 0025 0000 3155",
};
/** The default settings: 4.99 EUR a month after a 7-day trial (SPEC.md §5). */
const MONTHLY = "€4.99";
/** Webhooks arrive within moments; a reload every half second finds the state they bring. */
const POLL = { intervals: [250, 500], timeout: 15_000 };

/**
 * A fresh learner, signed in through the login form's POST in the page's cookie jar (the login page
 * itself is journeyed elsewhere; skipping it keeps these journeys fast).
 */
async function signedInLearner(page: Page, prefix: string) {
  const ip = await asNewClient(page);
  const account = await createTestAccount(prefix);
  const response = await page.request.post("/login", {
    form: { intent: "login", email: account.email, password: account.password, redirectTo: "/profile" },
    headers: { Origin: baseURL, "X-Forwarded-For": ip },
    maxRedirects: 0,
  });
  expect(response.status(), await response.text()).toBe(302);
  return account;
}

async function expectChapterLocked(page: Page) {
  await page.goto(CHAPTER);
  await expect(page.getByTestId("premium-call")).toBeVisible();
  await expect(page.getByRole("heading", { name: PREMIUM_SECTION, exact: true })).toHaveCount(0);
}

async function expectChapterOpen(page: Page) {
  await page.goto(CHAPTER);
  await expect(page.getByRole("heading", { name: PREMIUM_SECTION, exact: true })).toBeVisible();
  await expect(page.getByTestId("premium-call")).toHaveCount(0);
}

/** The test checkout, after the app redirected there; checks the label every test-mode screen carries. */
async function expectTestCheckout(page: Page, plan: "monthly" | "yearly") {
  await expect(page).toHaveURL(/\/test-payments\/checkout\/[^/?]+$/);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByTestId("test-mode-banner")).toContainText("Test mode: no real money");
  await expect(page.getByRole("heading", { name: `Numberlab Premium, ${plan} plan` })).toBeVisible();
}

/** Types a test card into the checkout's (or the portal's) card form and sends it. */
async function payWith(page: Page, card: string, submit: string) {
  await page.getByLabel("Name on the card").fill("Ada Lovelace");
  await page.getByLabel("Card number").fill(card);
  await page.getByLabel("Expiry (MM/YY)").fill("12/34");
  await page.getByLabel("CVC").fill("123");
  await page.getByRole("button", { name: submit }).click();
}

/** A signed-in learner takes the monthly plan (with its trial) with the succeeding card. */
async function subscribeMonthly(page: Page): Promise<void> {
  await gotoHydrated(page, "/subscribe?plan=monthly");
  await page.getByRole("button", { name: "Continue to payment" }).click();
  await expectTestCheckout(page, "monthly");
  await payWith(page, CARDS.succeeds, "Start the free trial");
  await expect(page).toHaveURL(/\/success\?session_id=/);
  await expect(page.getByText("Premium is open on your account now.")).toBeVisible();
}

function planRegion(page: Page) {
  return page.getByRole("region", { name: "Your plan" });
}

/** What a plan form answered: the status message that is not the plan's own state. */
function feedback(region: Locator) {
  return region.locator('[role="status"]:not([data-testid="plan-status"])');
}

/** Reloads the profile until its plan section shows `text` (the change comes by webhook). */
async function reloadProfileUntil(page: Page, text: string | RegExp) {
  await expect(async () => {
    await page.goto("/profile");
    await expect(planRegion(page)).toContainText(text, { timeout: 500 });
  }).toPass(POLL);
}

/** Waits for a mail to `to` with this subject (or one matching it), received since `since`. */
async function expectMail(to: string, since: number, subject: string | RegExp): Promise<ReceivedMail> {
  const subjects = () => receivedMails(to, since).map((mail) => mail.subject);
  await expect
    .poll(subjects, { timeout: 15_000 })
    .toContainEqual(typeof subject === "string" ? subject : expect.stringMatching(subject));
  return receivedMails(to, since).find((mail) =>
    typeof subject === "string" ? mail.subject === subject : subject.test(mail.subject),
  )!;
}

/** Opens the test portal from the profile's "Card and receipts". */
async function openPortal(page: Page) {
  await gotoHydrated(page, "/profile");
  await planRegion(page).getByRole("link", { name: "Card and receipts" }).click();
  await expect(page).toHaveURL(/\/test-payments\/portal\/[^/?]+$/);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await expect(page.getByTestId("test-mode-banner")).toContainText("Test mode: no real money");
}

async function advanceTestClock(page: Page, label: string) {
  await page
    .getByRole("region", { name: "Test clock (test-mode simulation)" })
    .getByRole("button", { name: label })
    .click();
  await expect(page.getByRole("status")).toContainText(/^Test clock: this customer's time moved \d+ days ahead/);
}

async function newBrowserPage(browser: Browser) {
  const context = await browser.newContext();
  return { context, page: await context.newPage() };
}

test.describe("subscribing through the test-mode checkout", () => {
  test("a free learner meets the lock, pays with the succeeding card and the chapter opens; /success is theirs alone", async ({
    page,
    browser,
  }) => {
    const checkConsole = watchConsole(page);
    const learner = await signedInLearner(page, "subscriber");
    const since = Date.now();

    await gotoHydrated(page, CHAPTER);
    const call = page.getByTestId("premium-call");
    await expect(call).toContainText("The rest of this chapter is part of Numberlab Premium");
    await call.getByRole("link", { name: "See the plans" }).click();
    await expect(page).toHaveURL(`/subscribe?returnTo=${encodeURIComponent(CHAPTER)}`);
    await expect(page.getByTestId("test-mode-notice")).toBeVisible();
    await page.getByRole("button", { name: "Try monthly free for 7 days" }).click();

    await expectTestCheckout(page, "monthly");
    await expect(page.getByText(`${MONTHLY} a month`, { exact: true })).toBeVisible();
    await expect(page.getByText("7-day free trial: nothing is charged today.")).toBeVisible();
    await expect(page.getByText(`For the account ${learner.email}.`)).toBeVisible();
    await payWith(page, CARDS.succeeds, "Start the free trial");

    await expect(page).toHaveURL(/\/success\?session_id=[^&]+$/);
    const sessionId = new URL(page.url()).searchParams.get("session_id")!;
    await expect(page.getByRole("heading", { name: "Welcome to premium" })).toBeVisible();
    await expect(page.getByText("Thank you! Premium is open on your account now.")).toBeVisible();
    const unlocked = page.getByRole("list").filter({ hasText: "Unlimited quizzes, every day" });
    for (const title of PREMIUM_CHAPTERS) await expect(unlocked.getByRole("link", { name: title })).toBeVisible();
    await expect(page.getByText(/Your free trial runs until .+\. Nothing is charged before then/)).toBeVisible();
    await page.getByRole("link", { name: "Continue where you were" }).click();

    await expect(page).toHaveURL(CHAPTER);
    await expect(page.getByRole("heading", { name: PREMIUM_SECTION, exact: true })).toBeVisible();
    await expect(page.getByTestId("premium-call")).toHaveCount(0);
    await gotoHydrated(page, "/profile");
    await expect(planRegion(page).getByText("Premium", { exact: true })).toBeVisible();
    await expect(planRegion(page).getByTestId("plan-status")).toContainText("Monthly plan: Free trial");
    // A trial charges nothing, so no receipt is mailed (and the trial-ending notice is days away).
    expect(receivedMails(learner.email, since)).toEqual([]);
    checkConsole();

    // Another learner, a guest and a made-up id are all sent to the plans.
    const other = await newBrowserPage(browser);
    await signedInLearner(other.page, "not-the-subscriber");
    for (const id of [sessionId, "cs_test_forged0000000000000000"]) {
      await other.page.goto(`/success?session_id=${id}`);
      await expect(other.page).toHaveURL("/subscribe");
    }
    await expectChapterLocked(other.page);
    await other.context.close();
    const guest = await newBrowserPage(browser);
    await guest.page.goto(`/success?session_id=${sessionId}`);
    await expect(guest.page).toHaveURL("/subscribe");
    await guest.context.close();
  });

  test("the declined card shows the provider's message and changes nothing", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [402] });
    await signedInLearner(page, "declined");
    await gotoHydrated(page, `/subscribe?returnTo=${encodeURIComponent(CHAPTER)}`);
    await page.getByRole("button", { name: "Try monthly free for 7 days" }).click();
    await expectTestCheckout(page, "monthly");
    const checkoutUrl = page.url();
    await payWith(page, CARDS.declined, "Start the free trial");
    await expect(page.getByRole("alert")).toHaveText("Your card was declined.");
    await expect(page).toHaveURL(checkoutUrl);
    await expect(page.getByTestId("test-mode-banner")).toBeVisible();

    await expectChapterLocked(page);
    await gotoHydrated(page, "/profile");
    await expect(planRegion(page).getByText("Free plan", { exact: true })).toBeVisible();
    await expect(planRegion(page).getByTestId("plan-status")).toHaveCount(0);
    await expect(planRegion(page).getByRole("link", { name: "Unlock every chapter" })).toBeVisible();
    checkConsole();
  });

  test("a card that asks for confirmation: Fail charges nothing, Complete subscribes", async ({ page }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [402] });
    await signedInLearner(page, "confirming");
    await gotoHydrated(page, "/subscribe?plan=monthly");
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expectTestCheckout(page, "monthly");

    await payWith(page, CARDS.needsConfirmation, "Start the free trial");
    const confirm = page.getByRole("region", { name: "Confirm this payment" });
    await expect(confirm).toContainText("The bank of the card ending in 3155 asks you to confirm");
    await confirm.getByRole("button", { name: "Fail" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "We could not confirm this payment with your bank. Nothing was charged: try again or use another card.",
    );
    await expect(confirm).toHaveCount(0);
    await expect(page.getByRole("region", { name: "Pay by card" })).toBeVisible();
    await payWith(page, CARDS.needsConfirmation, "Start the free trial");
    await confirm.getByRole("button", { name: "Complete" }).click();
    await expect(page).toHaveURL(/\/success\?session_id=/);
    await expect(page.getByText("Thank you! Premium is open on your account now.")).toBeVisible();
    await page.getByRole("link", { name: "Go to the course" }).click();
    await expect(page).toHaveURL("/chapter");
    await expectChapterOpen(page);
    // Only the confirmed attempt made a subscription: one checkout, one plan.
    await gotoHydrated(page, "/profile");
    await expect(planRegion(page).getByTestId("plan-status")).toContainText("Monthly plan: Free trial");
    checkConsole();
  });

  test("cancelling at the period end keeps the chapter open until the test clock reaches the end", async ({ page }) => {
    const checkConsole = watchConsole(page);
    const learner = await signedInLearner(page, "canceller");
    await subscribeMonthly(page);
    const since = Date.now();

    // A second tab keeps the profile as it was before the cancellation.
    const staleTab = await page.context().newPage();
    const checkStaleConsole = watchConsole(staleTab, { expectedStatuses: [409] });
    await gotoHydrated(staleTab, "/profile");
    await gotoHydrated(page, "/profile");
    await planRegion(page).getByRole("button", { name: "Cancel at the end of the period" }).click();
    await expect(feedback(planRegion(page))).toContainText(
      /^Your plan is cancelled\. Premium stays open until (.+), and nothing more is charged\.$/,
    );
    const status = planRegion(page).getByTestId("plan-status");
    await expect(status).toContainText(/Monthly plan: Cancels on \d/);
    await expect(status).toContainText("Premium stays open until then, and nothing more is charged.");
    await expect(planRegion(page).getByRole("button", { name: "Resume my plan" })).toBeVisible();
    // Cancelling again from the stale tab is refused, and that tab then shows the plan as it is.
    await planRegion(staleTab).getByRole("button", { name: "Cancel at the end of the period" }).click();
    await expect(
      planRegion(staleTab).getByRole("alert").filter({ hasText: "Your plan is already cancelled" }),
    ).toHaveText("Your plan is already cancelled at the end of the period.");
    await expect(planRegion(staleTab).getByTestId("plan-status")).toContainText("Monthly plan: Cancels on");
    await expect(planRegion(staleTab).getByRole("button", { name: "Resume my plan" })).toBeVisible();
    await staleTab.close();
    checkStaleConsole();
    const cancelled = await expectMail(
      learner.email,
      since,
      /^Your Numberlab subscription is cancelled: premium until/,
    );
    expect(cancelled.text).toContain("Test mode: no real money was charged or refunded.");
    await expectChapterOpen(page);

    await openPortal(page);
    await expect(page.getByRole("region", { name: "Plan" })).toContainText("Cancels on");
    await advanceTestClock(page, "Advance to the end of the trial (the plan ends)");
    await expect(page.getByRole("region", { name: "Plan" })).toContainText("Ended");
    await page.getByRole("link", { name: "Return to Numberlab" }).click();
    await expect(page).toHaveURL(/\/profile#plan$/);

    await reloadProfileUntil(page, "Free plan");
    await expect(planRegion(page).getByTestId("plan-status")).toHaveCount(0);
    await expectChapterLocked(page);
    await expectMail(learner.email, since, "Your Numberlab subscription has ended");
    checkConsole();
  });

  test("withdrawing after the first charge refunds it in full and closes the chapter at once", async ({ page }) => {
    const checkConsole = watchConsole(page);
    const learner = await signedInLearner(page, "withdrawer");
    await subscribeMonthly(page);
    const since = Date.now();

    // The trial charges nothing, so there is nothing to refund yet: the test clock ends it with the first charge.
    await openPortal(page);
    await advanceTestClock(page, "Advance to the end of the trial (the first charge)");
    const invoices = page.getByRole("region", { name: "Invoices and receipts" });
    await expect(invoices.getByRole("row").filter({ hasText: MONTHLY })).toContainText("Paid");
    const receipt = await expectMail(learner.email, since, `Your Numberlab receipt: ${MONTHLY}`);
    expect(receipt.text).toContain(`Amount paid: ${MONTHLY}`);
    await page.getByRole("link", { name: "Return to Numberlab" }).click();

    await reloadProfileUntil(page, "Monthly plan: Active");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const plan = planRegion(page);
    await plan.getByRole("button", { name: "Withdraw with a full refund…" }).click();
    const dialog = plan.getByRole("alertdialog");
    await expect(dialog).toContainText(`You get ${MONTHLY} back in full to your card, and premium ends at once.`);
    await dialog.getByRole("button", { name: "Yes, withdraw and refund" }).click();
    await expect(feedback(plan)).toHaveText(
      `You have withdrawn from your plan: ${MONTHLY} is refunded to your card, and premium has ended.`,
    );
    await expect(plan.getByText("Free plan", { exact: true })).toBeVisible();
    await expect(plan.getByTestId("plan-status")).toHaveCount(0);
    await expectChapterLocked(page);

    const refund = await expectMail(learner.email, since, `Your Numberlab refund: ${MONTHLY}`);
    expect(refund.text).toContain(`We have refunded your payment of ${MONTHLY} in full`);
    checkConsole();
  });

  test("a guest's plan choice survives signing in, back to the chapter that asked", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const learner = await createTestAccount("guest-chooser");
    await gotoHydrated(page, `/subscribe?returnTo=${encodeURIComponent(CHAPTER)}`);
    await page.getByRole("button", { name: "Try yearly free for 7 days" }).click();
    const back = `/subscribe?plan=yearly&returnTo=${encodeURIComponent(CHAPTER)}`;
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(back)}`);
    await page.getByLabel("E-mail address").fill(learner.email);
    await page.getByLabel("Password").fill(learner.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();

    await expect(page).toHaveURL(back);
    await expect(page.getByRole("heading", { name: "Your choice: the yearly plan" })).toBeVisible();
    await page.getByRole("button", { name: "Continue to payment" }).click();
    await expectTestCheckout(page, "yearly");
    await payWith(page, CARDS.succeeds, "Start the free trial");
    await expect(page).toHaveURL(/\/success\?session_id=/);
    await page.getByRole("link", { name: "Continue where you were" }).click();
    await expect(page).toHaveURL(CHAPTER);
    await expect(page.getByRole("heading", { name: PREMIUM_SECTION, exact: true })).toBeVisible();
    checkConsole();
  });

  test("/tests/buy opens the monthly checkout in one click, after signing in for a guest", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const learner = await createTestAccount("one-click");
    await gotoHydrated(page, "/tests/buy");
    await page.getByRole("button", { name: `Sign in and buy monthly for ${MONTHLY}` }).click();
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/tests/buy?plan=monthly")}`);
    await page.getByLabel("E-mail address").fill(learner.email);
    await page.getByLabel("Password").fill(learner.password);
    await page.getByRole("button", { name: "Log in", exact: true }).click();

    await expect(page).toHaveURL("/tests/buy?plan=monthly");
    await expect(page.getByRole("status")).toHaveText("You are signed in: one more click opens the checkout.");
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    await page.getByRole("button", { name: `Buy monthly for ${MONTHLY}` }).click();
    await expectTestCheckout(page, "monthly");
    await expect(page.getByText(`For the account ${learner.email}.`)).toBeVisible();
    checkConsole();
  });
});
