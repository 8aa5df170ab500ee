import { expect, test, type Page } from "@playwright/test";
import { createQuizSet } from "#app/models/quiz-set.server";
import { attemptOfUser } from "#app/models/quiz.server";
import { loadQuestions } from "#app/quiz/quiz.server";
import { generateQuestion } from "#core/quiz/templates/index";
import { storageStatePath } from "./accounts";
import { asNewClient, gotoHydrated, logIn, watchConsole } from "./helpers";
import { answerPart } from "./quiz-answers";
import { createTestAccount, withServerDatabase } from "./test-accounts";

/**
 * The questions of a learner's attempt as the server will make them again (authors' questions, which
 * other journeys may publish meanwhile, read from the database): the test's oracle for right answers.
 */
async function questionsOf(attemptId: string, userId: string) {
  return withServerDatabase(async (db) => {
    const attempt = await attemptOfUser(db, attemptId, userId);
    if (!attempt) throw new Error(`No attempt ${attemptId} of user ${userId}`);
    return loadQuestions(db, attempt.items);
  });
}

async function startChapterQuiz(page: Page, chapter: string): Promise<string> {
  await gotoHydrated(page, `/chapter/${chapter}/quiz`);
  await page.getByRole("button", { name: "Start the quiz" }).click();
  await page.waitForURL(/\/quiz\/[0-9a-f-]{36}$/);
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  return new URL(page.url()).pathname.split("/").at(-1)!;
}

test.describe("quizzes", () => {
  test("a learner takes a chapter quiz with the maths field, gets feedback, a hint and solutions, and sees mastery on the profile", async ({
    page,
  }) => {
    test.slow();
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const learner = await createTestAccount("quiz-taker");
    await logIn(page, learner.email);
    await page.waitForURL("**/profile");

    const attemptId = await startChapterQuiz(page, "atomic-model-of-numbers");
    const questions = await questionsOf(attemptId, learner.id);
    expect(questions).toHaveLength(5);
    // The page holds no answer key and no solution before answering.
    const html = await page.content();
    for (const question of questions) expect(html).not.toContain(question.solution.slice(0, 60));

    const cards = page.getByRole("region", { name: /^Question \d of 5/ });
    // The first question: a hint, then a wrong answer; the rest right.
    for (const [index, question] of questions.entries()) {
      const card = cards.nth(index);
      if (index === 0) {
        // The maths fields have loaded (each posts through a hidden input) before the hint is asked for.
        const typedParts = question.parts.filter((part) => part.key.kind !== "choice").length;
        await expect(card.locator('input[type="hidden"][name^="part-"]')).toHaveCount(typedParts);
        await card.getByRole("button", { name: /Show a hint \(1 of/ }).click();
        await expect(card.getByText("Hint 1.")).toBeVisible();
      }
      for (const [part, { key }] of question.parts.entries()) {
        await answerPart(card, part, question.parts.length, key, index !== 0);
      }
      await card.getByRole("button", { name: "Check answer" }).click();
      await expect(card.getByRole("region", { name: "Worked solution" })).toBeVisible();
      // The grader's sentence is the verdict ("Correct.", "Not the right answer: …"), with none added before it.
      if (index === 0) await expect(card.getByText(/^Correct/)).toHaveCount(0);
      else await expect(card.getByText(/^Correct/).first()).toBeVisible();
      await expect(card.getByText(/^(Not right|Right)\./)).toHaveCount(0);
    }
    // A question can be reported; the report reaches the admins' inbox.
    const first = cards.nth(0);
    await first.getByRole("button", { name: "Report this question" }).click();
    await first.getByLabel("What is wrong with this question?").fill("The hint could say more about the first step.");
    await first.getByRole("button", { name: "Send report" }).click();
    await expect(first.getByText("Thank you: the report has reached the editors.")).toBeVisible();
    const reports = await withServerDatabase((db) =>
      db.selectFrom("contact_messages").select(["subject"]).where("email", "=", learner.email).execute(),
    );
    expect(reports.map((report) => report.subject)).toEqual([
      expect.stringMatching(/^Question report: [a-z-]+, seed \d+/),
    ]);

    await expect(page.getByRole("status").filter({ hasText: "answered" })).toHaveText("5 of 5 answered.");
    await page.getByRole("button", { name: "See your results" }).click();
    await expect(page.getByRole("heading", { name: "Chapter quiz: results" })).toBeVisible();
    await expect(page.getByText("You answered 4 of 5 questions right.")).toBeVisible();

    await gotoHydrated(page, "/profile");
    const mastery = page.getByRole("region", { name: "Quiz mastery" });
    await expect(mastery.getByRole("link", { name: "The atomic model of numbers" })).toBeVisible();
    await expect(mastery.getByText(/: (Attempted|Familiar|Proficient)/).first()).toBeVisible();

    // Practice now draws on the chapter's skills.
    await gotoHydrated(page, "/practice");
    await expect(page.getByRole("heading", { name: /^Skills you have met/ })).toBeVisible();
    await page.getByRole("button", { name: "Start practising" }).click();
    await page.waitForURL(/\/quiz\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Practice" })).toBeVisible();
    checkConsole();
  });

  test("answers are graded on the server: a second answer, another learner's attempt and a forged question change nothing", async ({
    page,
    browser,
  }) => {
    await asNewClient(page);
    const learner = await createTestAccount("quiz-tamper");
    await logIn(page, learner.email);
    await page.waitForURL("**/profile");
    const attemptId = await startChapterQuiz(page, "fundamentals-of-algebra");
    const [first] = await withServerDatabase((db) =>
      db.selectFrom("quiz_items").select(["id"]).where("attempt_id", "=", attemptId).orderBy("position").execute(),
    );
    const post = (form: Record<string, string>) =>
      page.request.post(`/quiz/${attemptId}`, {
        form,
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });

    expect((await post({ intent: "answer", itemId: first!.id, "part-0": "1", "part-1": "1" })).status()).toBe(200);
    const second = await post({ intent: "answer", itemId: first!.id, "part-0": "2", "part-1": "2" });
    expect(second.status()).toBe(409);
    const stored = await withServerDatabase((db) =>
      db.selectFrom("quiz_items").select(["answers"]).where("id", "=", first!.id).executeTakeFirstOrThrow(),
    );
    expect(JSON.parse(stored.answers!)[0]).toBe("1");

    expect((await post({ intent: "answer", itemId: crypto.randomUUID(), "part-0": "1" })).status()).toBe(400);

    // Another learner cannot see or answer this attempt.
    const other = await browser.newContext({ storageState: storageStatePath("user") });
    const response = await other.request.post(`/quiz/${attemptId}`, {
      form: { intent: "answer", itemId: first!.id, "part-0": "1" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(404);
    expect((await other.request.get(`/quiz/${attemptId}`)).status()).toBe(404);
    await other.close();
  });

  test.describe("in a time zone half an hour off the hour from UTC", () => {
    test.use({ timezoneId: "Asia/Kolkata" });

    test("a free learner's quiz counts from its first answer; at the limit the page says what is left and when it resets, and the start is disabled", async ({
      page,
    }) => {
      const checkConsole = watchConsole(page);
      await asNewClient(page);
      const learner = await createTestAccount("quiz-limit");
      // Four quizzes already count today: each has an answered question.
      await withServerDatabase(async (db) => {
        const now = new Date().toISOString();
        for (let index = 0; index < 4; index++) {
          const attemptId = crypto.randomUUID();
          await db
            .insertInto("quiz_attempts")
            .values({
              id: attemptId,
              user_id: learner.id,
              mode: "practice",
              chapter_slug: null,
              set_id: null,
              started_at: now,
              finished_at: now,
            })
            .execute();
          await db
            .insertInto("quiz_items")
            .values({
              id: crypto.randomUUID(),
              attempt_id: attemptId,
              position: 0,
              template_id: "power-modulo",
              skill_id: "power-mod",
              seed: index,
              difficulty: 1,
              hints_used: 0,
              answers: JSON.stringify(["1"]),
              part_results: JSON.stringify([false]),
              correct: 0,
              time_ms: 1000,
              answered_at: now,
            })
            .execute();
        }
      });
      await logIn(page, learner.email);
      await page.waitForURL("**/profile");
      const quizPage = "/chapter/atomic-model-of-numbers/quiz";
      await gotoHydrated(page, quizPage);
      await expect(
        page.getByText(/^1 of 5 free quizzes left today\. A quiz counts once you check its first answer/),
      ).toBeVisible();

      // Started and left unanswered, a quiz uses nothing, and waits to be continued.
      const attemptId = await startChapterQuiz(page, "atomic-model-of-numbers");
      await expect(page.getByRole("button", { name: "Abandon this quiz" })).toBeVisible();
      await gotoHydrated(page, quizPage);
      await expect(page.getByText(/^1 of 5 free quizzes left today/)).toBeVisible();
      await page.getByRole("link", { name: "Continue the quiz you started" }).click();
      await page.waitForURL(`**/quiz/${attemptId}`);
      await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

      // Its first answer counts it: the fifth of five.
      const [question] = await questionsOf(attemptId, learner.id);
      const card = page.getByRole("region", { name: /^Question 1 of 5/ });
      for (const [part, { key }] of question!.parts.entries()) {
        await answerPart(card, part, question!.parts.length, key, true);
      }
      await card.getByRole("button", { name: "Check answer" }).click();
      await expect(card.getByRole("region", { name: "Worked solution" })).toBeVisible();

      // At the limit: what was used, when it resets (in the reader's time too), premium said once.
      await gotoHydrated(page, "/chapter/fundamentals-of-algebra/quiz");
      const start = page.getByRole("button", { name: "Start the quiz" });
      await expect(start).toBeDisabled();
      const noteId = await start.getAttribute("aria-describedby");
      const note = page.locator(`[id="${noteId}"]`);
      await expect(note).toHaveText(
        /^You have used 5 of 5 free quizzes today\. They reset at midnight UTC \(05:30\s?(AM)? your time\), in (\d+ (hours?|minutes?)|less than a minute)\. Premium has unlimited quizzes\.$/,
      );
      await expect(page.getByText("Premium has unlimited quizzes.")).toHaveCount(1);
      // The quiz already counted can still be finished.
      await gotoHydrated(page, quizPage);
      await expect(page.getByRole("link", { name: "Continue your quiz (1 of 5 answered)" })).toBeVisible();

      // The server refuses a start however it is asked, and starts nothing.
      const refused = await page.request.post("/chapter/fundamentals-of-algebra/quiz", {
        headers: { Origin: new URL(page.url()).origin },
        maxRedirects: 0,
      });
      expect(refused.status()).toBe(429);
      const attempts = await withServerDatabase((db) =>
        db.selectFrom("quiz_attempts").select("id").where("user_id", "=", learner.id).execute(),
      );
      expect(attempts).toHaveLength(5);
      checkConsole();
    });
  });

  test("a question is checked whole, and keys typed right after clicking a maths field land in that field", async ({
    page,
  }) => {
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    await asNewClient(page);
    const learner = await createTestAccount("quiz-parts");
    // A quiz of one question with two typed parts: the gcd and the lcm.
    const set = await withServerDatabase((db) =>
      createQuizSet(db, {
        title: "Two parts",
        kind: "quiz",
        items: [{ templateId: "gcd-lcm-from-factors", skillId: "gcd-lcm-from-factors", seed: 7, difficulty: 1 }],
        createdBy: learner.id,
      }),
    );
    await logIn(page, learner.email);
    await page.waitForURL("**/profile");
    await gotoHydrated(page, `/quiz/set/${set.id}`);

    // Hold MathLive back to measure the page with the plain fields: the maths fields take their place exactly.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/assets/mathlive.min-*.js", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Start the quiz" }).click();
    await page.waitForURL(/\/quiz\/[0-9a-f-]{36}$/);
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
    const card = page.getByRole("region", { name: /^Question 1 of 1/ });
    const check = card.getByRole("button", { name: "Check answer" });
    // Typed in the plain field, part b's answer and its focus carry over to the maths field.
    await card.getByRole("textbox", { name: "Answer to part b" }).fill("7");
    const before = await check.boundingBox();
    release();
    const fields = card.locator("math-field");
    await expect(fields).toHaveCount(2);
    await expect(fields.nth(1)).toBeVisible();
    expect((await check.boundingBox())?.y).toBe(before?.y);
    await expect(fields.nth(1)).toBeFocused();
    await page.keyboard.type("0");
    const values = () =>
      fields.evaluateAll((elements) => elements.map((element) => (element as HTMLInputElement).value));
    await expect.poll(values).toEqual(["", "70"]);

    // Part b alone: refused, part a marked, nothing stored.
    await check.click();
    await expect(card.getByText("Answer every part before checking: part a is blank.")).toBeVisible();
    await expect(card.getByText("Give an answer to this part.")).toBeVisible();
    await expect(fields.nth(0)).toHaveAttribute("aria-invalid", "true");
    await expect(card.getByRole("region", { name: "Worked solution" })).toHaveCount(0);
    const item = () =>
      withServerDatabase((db) =>
        db
          .selectFrom("quiz_items")
          .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
          .select(["quiz_items.answers"])
          .where("quiz_attempts.user_id", "=", learner.id)
          .executeTakeFirstOrThrow(),
      );
    expect((await item()).answers).toBeNull();

    // Typing at once after each click, no waits: each key lands in the field clicked.
    await fields.nth(0).click();
    await page.keyboard.type("1");
    await fields.nth(1).click();
    await page.keyboard.type("2");
    // Where the click puts the caret in "70" does not matter; which field the keys reach does.
    const partB = expect.stringMatching(/^(270|720|702)$/);
    await expect.poll(values).toEqual(["1", partB]);

    // Whole, it is checked, with one verdict sentence per part.
    await check.click();
    await expect(card.getByRole("region", { name: "Worked solution" })).toBeVisible();
    await expect(card.getByText(/^(Correct|Not )/)).toHaveCount(2);
    await expect(card.getByText(/^Not right\./)).toHaveCount(0);
    expect(JSON.parse((await item()).answers!)).toEqual(["1", partB]);
    checkConsole();
  });

  test("the sample quiz works without an account and stores nothing", async ({ page }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/quiz_test");
    const card = page.getByRole("region", { name: /^Question 1 of/ });
    // The question is named by its template and seed alone; other tests' quizzes run meanwhile, so the check
    // below looks for this question, not at the table's size.
    const [, templateId, seed] = (await card.locator('input[name="itemId"]').first().inputValue()).split(":");
    // The maths fields have loaded (each posts through a hidden input) before the hint is asked for.
    const question = generateQuestion(templateId!, Number(seed), 1);
    const typedParts = question.parts.filter((part) => part.key.kind !== "choice").length;
    await expect(card.locator('input[type="hidden"][name^="part-"]')).toHaveCount(typedParts);
    await card.getByRole("button", { name: /Show a hint \(1 of/ }).click();
    await expect(card.getByText("Hint 1.")).toBeVisible();
    await expect(card.locator("math-field, input[type=radio], input[type=checkbox]").first()).toBeVisible();
    const field = card.locator("math-field").first();
    if ((await field.count()) > 0) {
      await expect(async () => {
        await field.click();
        await expect(field).toBeFocused({ timeout: 500 });
      }).toPass();
      await page.keyboard.type("7");
    } else {
      await card.locator("input[type=radio], input[type=checkbox]").first().check();
    }
    await card.getByRole("button", { name: "Check answer" }).click();
    await expect(card.getByRole("region", { name: "Worked solution" })).toBeVisible();
    await expect(card.getByText(/^(Not right|Right)\./)).toHaveCount(0);
    const stored = await withServerDatabase((db) =>
      db
        .selectFrom("quiz_items")
        .select("id")
        .where("template_id", "=", templateId!)
        .where("seed", "=", Number(seed))
        .execute(),
    );
    expect(templateId).toMatch(/^[a-z-]+$/);
    expect(stored).toEqual([]);
    checkConsole();
  });
});

test.describe("quiz tools for admins", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("preview a template with any seed, validate answers, and generate, publish and print a problem set", async ({
    page,
  }) => {
    const checkConsole = watchConsole(page);
    await gotoHydrated(page, "/tests/quiz?template=last-digits-of-power&seed=42&difficulty=2");
    await expect(page.getByRole("heading", { name: "Answer key" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "How each template fares" })).toBeVisible();

    await gotoHydrated(page, "/tests/validator?kind=expression&expected=x%2B1+in+x&given=(x%5E2-1)%2F(x-1)");
    await expect(page.getByText("Refused.")).toBeVisible();
    await expect(page.getByText(/x = 1/).first()).toBeVisible();
    await gotoHydrated(page, "/tests/validator?kind=expression&expected=2x%2B2+in+x&given=2(x%2B1)");
    await expect(page.getByText("Accepted.")).toBeVisible();

    // The daily limit is a setting; changing it is audited.
    await gotoHydrated(page, "/admin/application");
    // The browser refuses a negative number in the form; the server refuses it from anywhere.
    const refused = await page.request.post("/admin/application", {
      form: { freeQuizAttemptsPerDay: "-1" },
      headers: { Origin: new URL(page.url()).origin },
    });
    expect(refused.status()).toBe(400);
    const limit = page.getByLabel("Free quiz attempts a day");
    await expect(limit).toHaveValue("5");
    // The plans' prices sit in the same form, typed in the currency's major unit.
    await expect(page.getByLabel("Currency")).toHaveValue("EUR");
    await expect(page.getByLabel("Monthly plan price")).toHaveValue("4.99");
    await expect(page.getByLabel("Yearly plan price")).toHaveValue("39.99");
    await expect(page.getByText("12 monthly payments come to €59.88: the yearly plan saves 33 %.")).toBeVisible();
    await limit.fill("6");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    await page.getByLabel("Free quiz attempts a day").fill("5");
    await page.getByRole("button", { name: "Save" }).click();
    // The first save's "Saved." is still shown: the audit log tells when the second has landed.
    const latestAudit = () =>
      withServerDatabase((db) =>
        db
          .selectFrom("audit_log")
          .select(["details"])
          .where("action", "=", "settings.update")
          .orderBy("created_at", "desc")
          .limit(2)
          .execute(),
      ).then((audit) => audit.map((entry) => JSON.parse(entry.details!) as unknown));
    await expect.poll(latestAudit).toEqual([
      { setting: "free quiz attempts a day", from: 6, to: 5 },
      { setting: "free quiz attempts a day", from: 5, to: 6 },
    ]);
    await expect(page.getByLabel("Free quiz attempts a day")).toHaveValue("5");

    await gotoHydrated(page, "/admin/generate");
    await page.getByLabel("Last digits of powers").check();
    await page.getByLabel("Questions").fill("3");
    await page.getByRole("button", { name: "Preview" }).click();
    await expect(page.getByRole("region", { name: /^Question \d of 3/ })).toHaveCount(3);
    await page.getByLabel("Title").fill("Last digits, sheet 1");
    await page.getByLabel("Publish as").click();
    await page.getByRole("option", { name: "a problem set to print" }).click();
    await page.getByRole("button", { name: "Publish" }).click();
    await page.waitForURL(/\/admin\/generate\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "Last digits, sheet 1" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Answers and worked solutions" })).toBeVisible();
    checkConsole();
  });
});
