import { expect, test } from "@playwright/test";
import { createQuizQuestion, listQuizQuestionRevisions } from "#app/models/quiz-question.server";
import { loadQuestions } from "#app/quiz/quiz.server";
import { storageStatePath } from "./accounts";
import { asNewClient, gotoHydrated, logIn, watchConsole } from "./helpers";
import { answerPart, typeInMathField } from "./quiz-answers";
import { createTestAccount, withServerDatabase } from "./test-accounts";

test.use({ storageState: storageStatePath("admin") });

/** The skill this journey writes for; no other journey publishes questions, so its learner meets this one. */
const SKILL = "Solve linear equations";
const SKILL_ID = "solve-linear-equations";

test.describe("authors' quiz questions", () => {
  test("an admin writes a question with a live preview, mends a refused key, publishes it, and a learner's chapter quiz asks it", async ({
    page,
    browser,
  }) => {
    test.slow();
    const checkConsole = watchConsole(page, { expectedStatuses: [400] });
    const marker = `e2e-${process.pid}-${Date.now()}`;
    // A question left published by an earlier try of this journey would compete for the learner's quiz.
    await withServerDatabase((db) =>
      db
        .updateTable("quiz_questions")
        .set({ published_at: null })
        .where(
          "id",
          "in",
          db.selectFrom("quiz_question_revisions").select("question_id").where("skill_id", "=", SKILL_ID),
        )
        .execute(),
    );

    await gotoHydrated(page, "/admin/content");
    await page.getByRole("link", { name: "New question" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New quiz question" })).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

    await page.getByRole("combobox", { name: "Skill" }).click();
    await page.getByRole("option", { name: SKILL }).click();
    await page.getByRole("textbox", { name: "Question" }).fill(`Solve $3(x - 2) = 2x + 5$. (${marker})`);
    await page.getByRole("textbox", { name: /What this part asks/ }).fill("What is $x$?");
    // A key the grader cannot use: refused on the field, and nothing is created.
    await page.getByRole("textbox", { name: "Answer key" }).fill("11.5");
    await page.getByRole("button", { name: "Add a hint" }).click();
    await page.getByRole("textbox", { name: "Hint 1" }).fill("Expand the bracket first: $3x - 6$.");
    await page
      .getByRole("textbox", { name: "Worked solution" })
      .fill("$3x - 6 = 2x + 5$, so $x = 11$. Check: $3 \\cdot 9 = 27 = 22 + 5$.");

    const preview = page.getByRole("region", { name: "Preview" });
    await expect(preview.getByText("The preview waits for")).toBeVisible();
    await expect(preview.getByText(/Part a, answer key: An integer key is digits/)).toBeVisible();
    await page.getByRole("button", { name: "Create question" }).click();
    await expect(page.getByText("Not saved: mend the fields marked below.")).toBeVisible();
    await expect(page.getByText(/^An integer key is digits/)).toBeVisible();
    expect(new URL(page.url()).pathname).toBe("/admin/content/questions/new");

    // Mended, the preview typesets the question as learners see it, and answers can be tried there.
    await page.getByRole("textbox", { name: "Answer key" }).fill("11");
    await expect(preview.getByText("the integer 11")).toBeVisible();
    await expect(preview.locator(".katex").first()).toBeVisible();
    await expect(preview.getByText("Hint 1.")).toBeVisible();
    await typeInMathField(preview, 0, "Your answer", "12");
    await preview.getByRole("button", { name: "Check answer" }).click();
    await expect(preview.getByText("Not the right answer: it is one more than the answer.")).toBeVisible();

    await page.getByRole("button", { name: "Create question" }).click();
    await page.waitForURL(/\/admin\/content\/questions\/[0-9a-f-]{36}$/);
    const questionId = new URL(page.url()).pathname.split("/").at(-1)!;
    await expect(page.getByRole("heading", { level: 1, name: "Quiz question" })).toBeVisible();
    await expect(page.getByText("Draft: learners do not see it yet.")).toBeVisible();
    await expect(page.locator("html[data-hydrated]")).toHaveCount(1);

    // A second part, an expression to be written expanded, saved as revision 2, then published.
    await page.getByRole("button", { name: "Add a part" }).click();
    const partB = page.getByRole("region", { name: "Part b" });
    await partB.getByRole("textbox", { name: "What this part asks" }).fill("Write $3(x - 2)$ expanded.");
    await partB.getByRole("combobox", { name: "Kind of answer" }).click();
    await page.getByRole("option", { name: "Expression" }).click();
    await partB.getByRole("textbox", { name: "Answer key" }).fill("3x - 6 in x expanded");
    await page
      .getByRole("region", { name: "Part a" })
      .getByRole("textbox", { name: "What this part asks" })
      .fill("What is $x$?");
    await expect(preview.getByText("an expression equal to 3x - 6 in x, in expanded form")).toBeVisible();
    await page.getByRole("button", { name: "Save revision" }).click();
    await expect(page.getByText("Saved as revision 2.")).toBeVisible();
    await page.getByRole("button", { name: "Publish", exact: true }).click();
    await expect(page.getByText("Published: chapter quizzes and practice ask it.")).toBeVisible();

    await gotoHydrated(page, "/admin/content");
    const row = page.getByRole("row").filter({ hasText: marker });
    await expect(row.getByText(SKILL)).toBeVisible();
    await expect(row.getByText("Published")).toBeVisible();

    // A new learner's chapter quiz asks it, graded on the server against its key.
    const learnerContext = await browser.newContext({ storageState: { cookies: [], origins: [] } });
    const learnerPage = await learnerContext.newPage();
    const checkLearnerConsole = watchConsole(learnerPage);
    await asNewClient(learnerPage);
    const learner = await createTestAccount("question-learner");
    await logIn(learnerPage, learner.email);
    await learnerPage.waitForURL("**/profile");
    await gotoHydrated(learnerPage, "/chapter/fundamentals-of-algebra/quiz");
    await learnerPage.getByRole("button", { name: "Start the quiz" }).click();
    await learnerPage.waitForURL(/\/quiz\/[0-9a-f-]{36}$/);
    await expect(learnerPage.locator("html[data-hydrated]")).toHaveCount(1);
    const attemptId = new URL(learnerPage.url()).pathname.split("/").at(-1)!;
    const items = await withServerDatabase((db) =>
      db.selectFrom("quiz_items").selectAll().where("attempt_id", "=", attemptId).orderBy("position").execute(),
    );
    const asked = items.findIndex((item) => item.template_id === `fixed:${questionId}`);
    expect(asked, "the quiz asks the new question").toBeGreaterThanOrEqual(0);
    expect(items[asked]!.seed).toBe(2);
    const [question] = await withServerDatabase((db) =>
      loadQuestions(db, [{ templateId: `fixed:${questionId}`, skillId: SKILL_ID, seed: 2, difficulty: 1 }]),
    );
    const card = learnerPage.getByRole("region", { name: `Question ${asked + 1} of 5` });
    await expect(card.getByText(marker)).toBeVisible();
    for (const [index, part] of question!.parts.entries()) await answerPart(card, index, 2, part.key, true);
    await card.getByRole("button", { name: "Check answer" }).click();
    await expect(card.getByText(/^Correct/)).toHaveCount(2);
    await expect(card.getByRole("region", { name: "Worked solution" })).toContainText("Check:");
    checkLearnerConsole();
    await learnerContext.close();

    // The author sees the answer counted.
    await gotoHydrated(page, `/admin/content/questions/${questionId}`);
    await expect(page.getByText(/^Answered 1 time: 100 % right/)).toBeVisible();
    // Left unpublished, so later journeys' quizzes are not changed by it.
    await page.getByRole("button", { name: "Unpublish" }).click();
    await expect(page.getByText("Draft: learners do not see it yet.")).toBeVisible();
    checkConsole();
  });

  test("the server refuses bad questions and non-admins, whatever the form says", async ({ page, browser }) => {
    await gotoHydrated(page, "/admin/content/questions/new");
    const origin = new URL(page.url()).origin;
    const post = (path: string, form: Record<string, string>, context = page.request) =>
      context.post(path, { form, headers: { Origin: origin }, maxRedirects: 0 });
    // This test's questions only: the other journeys of this file save questions at the same time.
    const token = `Refused question ${crypto.randomUUID().slice(0, 13)}`;
    const count = () =>
      withServerDatabase(async (db) =>
        Number(
          (
            await db
              .selectFrom("quiz_question_revisions")
              .where("content", "like", `%${token}%`)
              .select((eb) => eb.fn.countAll().as("n"))
              .executeTakeFirstOrThrow()
          ).n,
        ),
      );
    const before = await count();
    const valid = {
      intent: "save",
      skillId: SKILL_ID,
      difficulty: "1",
      prompt: "Solve $2x = 8$.",
      "parts.0.prompt": "",
      "parts.0.kind": "integer",
      "parts.0.key": "4",
      solution: `Divide by 2: $x = 4$. ${token}`,
    };
    for (const [change, message] of [
      [{ skillId: "no-such-skill" }, "Choose the skill this question practises."],
      [{ "parts.0.kind": "matrix" }, "Choose the kind of answer from the list."],
      [{ "parts.0.kind": "expression", "parts.0.key": "2y in x" }, "not among the variables"],
      [{ prompt: "x".repeat(4_001) }, "Use at most 4,000 characters for the question."],
    ] as const) {
      const response = await post("/admin/content/questions/new", { ...valid, ...change });
      expect(response.status()).toBe(400);
      expect(await response.text()).toContain(message);
    }
    expect(await count()).toBe(before);

    // A learner can neither open the editor nor post to it.
    const learner = await browser.newContext({ storageState: storageStatePath("user") });
    const refused = await post("/admin/content/questions/new", valid, learner.request);
    expect([403, 404]).toContain(refused.status());
    expect((await learner.request.get("/admin/content/questions/new")).status()).toBe(refused.status());
    await learner.close();
    expect(await count()).toBe(before);
    expect((await page.request.get(`/admin/content/questions/${crypto.randomUUID()}`)).status()).toBe(404);
  });

  test("two admins editing one question: the later save is refused with who saved, and can be based on theirs", async ({
    page,
    browser,
  }) => {
    const question = await withServerDatabase((db) =>
      createQuizQuestion(db, {
        content: {
          skillId: SKILL_ID,
          difficulty: 1,
          prompt: "Solve $5x = 35$.",
          parts: [{ prompt: "", key: { kind: "integer", value: "7" } }],
          hints: [],
          solution: "Divide by 5: $x = 7$.",
        },
        authorId: null,
      }),
    );
    const path = `/admin/content/questions/${question.id}`;
    const other = await browser.newContext({ storageState: storageStatePath("admin") });
    const otherPage = await other.newPage();
    await gotoHydrated(page, path);
    await gotoHydrated(otherPage, path);

    await page.getByRole("textbox", { name: "Question" }).fill("Solve $5x = 35$ for $x$.");
    await page.getByRole("button", { name: "Save revision" }).click();
    await expect(page.getByText("Saved as revision 2.")).toBeVisible();

    await otherPage.getByRole("textbox", { name: "Worked solution" }).fill("Divide both sides by 5: $x = 7$.");
    await otherPage.getByRole("button", { name: "Save revision" }).click();
    await expect(otherPage.getByText("Not saved: this question changed while you were editing")).toBeVisible();
    await expect(otherPage.getByText(/Revision 2 was saved by admin@example\.org/)).toBeVisible();
    await otherPage.getByRole("button", { name: "Base my text on revision 2" }).click();
    await otherPage.getByRole("button", { name: "Save revision" }).click();
    await expect(otherPage.getByText("Saved as revision 3.")).toBeVisible();
    await other.close();

    const revisions = await withServerDatabase((db) => listQuizQuestionRevisions(db, question.id));
    expect(revisions.map((revision) => [revision.number, revision.content.prompt, revision.content.solution])).toEqual([
      [3, "Solve $5x = 35$.", "Divide both sides by 5: $x = 7$."],
      [2, "Solve $5x = 35$ for $x$.", "Divide by 5: $x = 7$."],
      [1, "Solve $5x = 35$.", "Divide by 5: $x = 7$."],
    ]);
  });
});
