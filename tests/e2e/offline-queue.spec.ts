import { expect, test, type Page } from "@playwright/test";
import { attemptOfUser } from "#app/models/quiz.server";
import { loadQuestions } from "#app/quiz/quiz.server";
import { asNewClient, gotoHydrated, logIn, watchConsole } from "./helpers";
import { answerPart } from "./quiz-answers";
import { createTestAccount, withServerDatabase } from "./test-accounts";

/**
 * Marks and answers made without a connection wait on the device and reach the server once it
 * returns (docs/offline.md): offline as the browser reports it, and a connection that fails under a
 * browser that believes it is online.
 */

/** What the browser logs for a request that found no network: expected while offline. */
const NO_NETWORK = /net::ERR_INTERNET_DISCONNECTED/;

async function signedIn(page: Page, prefix: string) {
  await asNewClient(page);
  const account = await createTestAccount(prefix);
  await logIn(page, account.email, account.password);
  await page.waitForURL("**/profile");
  return account;
}

test.describe("the offline queue", () => {
  test("a section marked read offline is sent when the connection returns, and applied once", async ({
    page,
    context,
  }) => {
    const checkConsole = watchConsole(page, { expectedMessages: [NO_NETWORK] });
    const learner = await signedIn(page, "offline-reader");
    await gotoHydrated(page, "/chapter/fundamentals-of-algebra");
    const toggle = page.getByRole("button", { name: /^Mark as read: / }).first();
    const title = (await toggle.getAttribute("aria-label"))!.replace("Mark as read: ", "");
    const progress = page.getByText(/^0 of \d+ sections read$/);
    await expect(progress).toBeVisible();

    await context.setOffline(true);
    await toggle.click();
    const marked = page.getByRole("button", { name: `Read: ${title}, mark as not read` });
    await expect(marked).toBeVisible();
    await expect(marked).toHaveAccessibleDescription(
      "Marked read on this device: it is sent when you are back online.",
    );
    const marks = () =>
      withServerDatabase((db) =>
        db.selectFrom("section_progress").select("read_at").where("user_id", "=", learner.id).execute(),
      );
    expect(await marks()).toEqual([]);

    await context.setOffline(false);
    // Sent, then the chapter is read again: a long page, on a machine shared with another journey.
    await expect(
      page.getByRole("status").filter({ hasText: "1 reading mark you made offline was sent" }),
    ).toContainText(`Mark as read: ${title}`, { timeout: 20_000 });
    await expect(marked).not.toHaveAccessibleDescription(/on this device/);
    await expect(page.getByText(/^1 of \d+ sections read$/)).toBeVisible({ timeout: 20_000 });
    expect(await marks()).toHaveLength(1);
    const receipts = await withServerDatabase((db) =>
      db.selectFrom("idempotent_submissions").select("scope").where("user_id", "=", learner.id).execute(),
    );
    expect(receipts).toEqual([{ scope: expect.stringMatching(/^section-progress:/) }]);

    // A fresh page finds the mark on the server and nothing left to send.
    await gotoHydrated(page, "/chapter/fundamentals-of-algebra");
    await expect(page.getByRole("button", { name: `Read: ${title}, mark as not read` })).toBeVisible();
    await expect(page.getByText("on this device")).toHaveCount(0);
    checkConsole();
  });

  test("quiz answers given without a connection are graded once it returns, in order", async ({ page, context }) => {
    test.slow();
    const checkConsole = watchConsole(page, { expectedMessages: [NO_NETWORK] });
    const learner = await signedIn(page, "offline-quiz");
    await gotoHydrated(page, "/chapter/atomic-model-of-numbers/quiz");
    await page.getByRole("button", { name: "Start the quiz" }).click();
    await page.waitForURL(/\/quiz\/[0-9a-f-]{36}$/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const attemptId = new URL(page.url()).pathname.split("/").at(-1)!;
    const { items, questions } = await withServerDatabase(async (db) => {
      const attempt = (await attemptOfUser(db, attemptId, learner.id))!;
      return { items: attempt.items, questions: await loadQuestions(db, attempt.items) };
    });
    const cards = page.getByRole("region", { name: /^Question \d of 5/ });
    const answer = async (index: number) => {
      const question = questions[index]!;
      for (const [part, { key }] of question.parts.entries()) {
        await answerPart(cards.nth(index), part, question.parts.length, key, true);
      }
      await cards.nth(index).getByRole("button", { name: "Check answer" }).click();
    };
    const waiting = "Your answer is saved on this device. It will be checked when you are back online.";

    // The browser thinks it is online, but the answer never reaches the server.
    await page.route("**/*.data", (route) =>
      route.request().method() === "POST" ? route.abort("internetdisconnected") : route.continue(),
    );
    await answer(0);
    await expect(cards.nth(0).getByRole("status").filter({ hasText: waiting })).toBeVisible();
    // Offline as the browser reports it: the next answer waits behind the first.
    await page.unroute("**/*.data");
    await context.setOffline(true);
    await answer(1);
    await expect(cards.nth(1).getByRole("status").filter({ hasText: waiting })).toBeVisible();
    const answered = () =>
      withServerDatabase(async (db) =>
        (await attemptOfUser(db, attemptId, learner.id))!.items.filter((item) => item.answeredAt !== null),
      );
    expect(await answered()).toEqual([]);

    await context.setOffline(false);
    const report = page.getByRole("status").filter({ hasText: "2 answers you made offline were sent" });
    await expect(report).toContainText("Answer to question 1 of 5 (Chapter quiz): correct", { timeout: 20_000 });
    await expect(report).toContainText("Answer to question 2 of 5 (Chapter quiz): correct");
    for (const index of [0, 1]) {
      await expect(cards.nth(index).getByRole("region", { name: "Worked solution" })).toBeVisible({ timeout: 20_000 });
      await expect(
        cards
          .nth(index)
          .getByText(/^Correct/)
          .first(),
      ).toBeVisible();
    }
    await expect(page.getByRole("main").getByRole("status").first()).toHaveText("2 of 5 answered.");
    const stored = await answered();
    expect(stored.map((item) => item.id)).toEqual([items[0]!.id, items[1]!.id]);
    // In the order they were given.
    expect(stored[0]!.answeredAt! <= stored[1]!.answeredAt!).toBe(true);
    checkConsole();
  });
});
