import { readFileSync } from "node:fs";
import { expect, test, type Locator } from "@playwright/test";
import { checkWidget } from "#app/components/lesson-widgets/catalog";
import { parseChapterFile } from "#app/markdown/chapter-file";
import { renderLesson } from "#app/markdown/render-lesson";
import type { AnswerKey } from "#core/quiz/question";
import { skillById } from "#core/quiz/skills";
import { asNewClient, gotoHydrated, logIn, watchConsole } from "./helpers";
import { answerPart } from "./quiz-answers";
import { createTestAccount, withServerDatabase } from "./test-accounts";

const CHAPTER = "atomic-model-of-numbers";

/**
 * The first exercise of the free chapter that is answered in typed parts and has a hint, with its keys
 * from the chapter file the server imported: the journey's oracle for right and wrong answers.
 */
function typedExercise() {
  const file = parseChapterFile(readFileSync(`content/chapters/${CHAPTER}.md`, "utf8"), `${CHAPTER}.md`);
  for (const section of file.sections) {
    const { exercises } = renderLesson(section.body, { checkWidget });
    const exercise = exercises.find(
      (entry) => entry.check?.parts.every((part) => part.key.kind !== "choice") && entry.hintCount > 0,
    );
    if (exercise?.check) return { section, exercise, check: exercise.check };
  }
  throw new Error(`${CHAPTER} has no exercise answered in typed parts with a hint`);
}

/** A first answer to a part: a typed part's maths field is made when its plain field is first focused. */
async function answerFirstTime(box: Locator, index: number, parts: number, key: AnswerKey, right: boolean) {
  if (key.kind !== "choice") {
    const label = parts > 1 ? `Answer to part ${String.fromCharCode(97 + index)}` : "Your answer";
    await box.getByRole("textbox", { name: label, exact: true }).focus();
  }
  await answerPart(box, index, parts, key, right);
}

/** Empties the maths field of part `index` (as select-all and delete would) before it is typed in again. */
async function clearPart(box: Locator, index: number) {
  await box.locator(`input[type="hidden"][name="part-${index}"]`).evaluate((input) => {
    const field = input.parentElement?.querySelector("math-field") as (HTMLElement & { value: string }) | null;
    if (!field) throw new Error("no maths field");
    field.value = "";
    field.dispatchEvent(new Event("input", { bubbles: true }));
  });
}

test("a learner answers an exercise wrong in the lesson, takes a hint, answers right and sees mastery move", async ({
  page,
}) => {
  test.slow();
  const checkConsole = watchConsole(page, { expectedStatuses: [] });
  await asNewClient(page);
  const learner = await createTestAccount("lesson-exercise");
  await logIn(page, learner.email);
  await page.waitForURL("**/profile");

  const { section, exercise, check } = typedExercise();
  const skill = skillById(check.skillId)!;
  await gotoHydrated(page, `/chapter/${CHAPTER}#${section.slug}`);
  const box = page.getByRole("region", { name: `Exercise ${exercise.number}: ${exercise.title}` });
  const parts = check.parts.length;
  // The reader asks to answer it here: the form takes the button's place and the focus.
  await box.getByRole("button", { name: "Answer here" }).click();
  // The first part is typed: its maths field is made on that focus and keeps it.
  await expect(box.locator("math-field").first()).toBeFocused();

  // Wrong in every part: each part says why, nothing opens, and the skill is now attempted.
  for (const [index, part] of check.parts.entries()) await answerFirstTime(box, index, parts, part.key, false);
  await box.getByRole("button", { name: "Check", exact: true }).click();
  const status = box.locator('[role="status"]').first();
  await expect(status).toContainText("Not yet");
  await expect(status).toContainText(`${skill.title}: your mastery went from “not started” to “attempted”.`);
  await expect(box.getByRole("alert").filter({ hasText: /Correct/ })).toHaveCount(0);
  await expect(box.locator("details.lesson-answer")).not.toHaveAttribute("open");

  // The hint ladder opens the first hint, and moves the focus to it.
  await box.getByRole("button", { name: `Show a hint (1 of ${exercise.hintCount})` }).click();
  await expect(box.locator("details.lesson-hint").first()).toHaveAttribute("open");
  await expect(box.locator("details.lesson-hint summary").first()).toBeFocused();

  // Right in every part: solved at try 2, and the worked answer follows.
  for (const [index, part] of check.parts.entries()) {
    if (part.key.kind !== "choice") await clearPart(box, index);
    await answerPart(box, index, parts, part.key, true);
  }
  await box.getByRole("button", { name: "Check again" }).click();
  await expect(status).toContainText("Solved, at try 2.");
  // The lesson's own worked answer, as its folded box holds it.
  const workedAnswer = await box
    .locator("details.lesson-answer > :not(summary)")
    .first()
    .evaluate((p) => p.outerHTML);
  const shown = status.getByRole("region", { name: "Worked answer" });
  await expect(shown).toBeVisible();
  expect(await shown.innerHTML()).toContain(workedAnswer);
  await expect(box.getByText("Correct.")).toHaveCount(parts);

  // One model: the first try is the one mastery counts, and the chapter's quiz list shows the skill attempted.
  const rows = await withServerDatabase((db) =>
    db
      .selectFrom("exercise_answers")
      .select(["exercise_number", "skill_id", "correct", "hints_used", "try_number"])
      .where("user_id", "=", learner.id)
      .orderBy("try_number")
      .execute(),
  );
  expect(rows.map((row) => ({ ...row, correct: Number(row.correct) }))).toEqual([
    { exercise_number: exercise.number, skill_id: skill.id, correct: 0, hints_used: 0, try_number: 1 },
    { exercise_number: exercise.number, skill_id: skill.id, correct: 1, hints_used: 1, try_number: 2 },
  ]);
  await page.reload();
  await expect(page.locator("html[data-hydrated]")).toHaveCount(1);
  await box.getByRole("button", { name: "Answer here" }).click();
  await expect(box.getByText("You solved this exercise on an earlier visit.")).toBeVisible();
  await gotoHydrated(page, "/profile");
  await expect(page.getByText(`${skill.title}: Attempted`)).toBeVisible();
  checkConsole();
});

test("a learner reads a chapter step by step with the keyboard, and the choice is kept for the next visit", async ({
  page,
}) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  const learner = await createTestAccount("step-reader");
  await logIn(page, learner.email);
  await page.waitForURL("**/profile");
  const file = parseChapterFile(readFileSync(`content/chapters/${CHAPTER}.md`, "utf8"), `${CHAPTER}.md`);
  const titles = file.sections.map((section) => section.title);

  await gotoHydrated(page, `/chapter/${CHAPTER}`);
  const sectionHeadings = page.locator("main section[aria-labelledby] > h2");
  await expect(sectionHeadings.filter({ hasText: titles.at(-1)! })).toHaveCount(1);
  const stepByStep = page.getByRole("button", { name: "Step by step" });
  await stepByStep.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText(`Step 1 of ${titles.length}`)).toBeVisible();
  await expect(stepByStep).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByRole("progressbar", { name: `Step 1 of ${titles.length}` })).toHaveAttribute(
    "aria-valuetext",
    `Step 1 of ${titles.length}`,
  );
  await expect(sectionHeadings.first()).toHaveText(titles[0]!);
  // One section at a time: the chapter quiz and the way to the next chapter wait for the last step.
  await expect(page.getByRole("heading", { name: titles[1]! })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Chapter quiz" })).toHaveCount(0);

  const next = page.getByRole("link", { name: `Next: ${titles[1]} →` });
  await next.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?step=2$/);
  await expect(page.getByText(`Step 2 of ${titles.length}`)).toBeVisible();
  await expect(sectionHeadings.first()).toHaveText(titles[1]!);
  await expect(page.getByRole("link", { name: titles[1]!, exact: true })).toHaveAttribute("aria-current", "step");

  // Kept with the account: a new visit opens in steps, and a link to a section's anchor opens its step.
  const last = file.sections.at(-1)!;
  await gotoHydrated(page, `/chapter/${CHAPTER}#${last.slug}`);
  await expect(page).toHaveURL(new RegExp(`\\?step=${titles.length}#${last.slug}$`));
  await expect(sectionHeadings.first()).toHaveText(last.title);
  await expect(page.getByRole("heading", { name: "Chapter quiz" })).toBeVisible();
  const preferences = await withServerDatabase((db) =>
    db.selectFrom("users").select("preferences").where("id", "=", learner.id).executeTakeFirstOrThrow(),
  );
  expect(JSON.parse(preferences.preferences!)).toMatchObject({ readingMode: "steps" });

  // Back to one page.
  await page.getByRole("button", { name: "One page" }).click();
  await expect(sectionHeadings.filter({ hasText: titles[0]! })).toHaveCount(1);
  await expect(page.getByRole("navigation", { name: "Steps" })).toHaveCount(0);
  checkConsole();
});

test("step by step, a section whose sub-section ends with its own check is read in two steps", async ({ page }) => {
  const checkConsole = watchConsole(page);
  await asNewClient(page);
  const learner = await createTestAccount("part-reader");
  await logIn(page, learner.email);
  await page.waitForURL("**/profile");
  // The steps, from the chapter file the server imported: the journey's oracle.
  const algebra = "fundamentals-of-algebra";
  const file = parseChapterFile(readFileSync(`content/chapters/${algebra}.md`, "utf8"), `${algebra}.md`);
  const steps = file.sections.flatMap((section) =>
    renderLesson(section.body, { checkWidget, idPrefix: `${section.slug}-` }).parts.map((part, index) => ({
      section,
      part,
      index,
    })),
  );
  const second = steps.findIndex((step) => step.index === 1);
  expect(second).toBeGreaterThan(0);
  const { section, part } = steps[second]!;
  const total = steps.length;
  expect(total).toBe(file.sections.length + 1);

  await gotoHydrated(page, `/chapter/${algebra}`);
  await page.getByRole("button", { name: "Step by step" }).click();
  await expect(page.getByText(`Step 1 of ${total}`)).toBeVisible();
  // A link to the sub-section opens its step, under its section's title.
  await gotoHydrated(page, `/chapter/${algebra}#${part.anchors[0]}`);
  await expect(page).toHaveURL(new RegExp(`\\?step=${second + 1}#${part.anchors[0]}$`));
  await expect(page.getByText(`Step ${second + 1} of ${total}`)).toBeVisible();
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 2, name: section.title })).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: part.title! })).toBeVisible();
  const earlier = steps[second - 1]!.part.anchors;
  await expect(main.locator(`[id="${earlier.at(-1)}"]`)).toHaveCount(0);
  // It ends the section: its check and the section's "mark as read" are here.
  await expect(main.locator(`[id="${part.anchors.at(-1)}"]`)).toBeVisible();
  await expect(main.getByRole("button", { name: `Mark as read: ${section.title}` })).toBeVisible();

  await page.getByRole("link", { name: `← ${section.title}` }).click();
  await expect(page).toHaveURL(new RegExp(`\\?step=${second}$`));
  await expect(main.locator(`[id="${earlier.at(-1)}"]`)).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: part.title! })).toHaveCount(0);
  // The first part ends with its own check, and the section is marked read after its last part.
  await expect(main.getByRole("button", { name: `Mark as read: ${section.title}` })).toHaveCount(0);
  await expect(page.getByRole("link", { name: `Next: ${part.title} →` })).toBeVisible();
  checkConsole();
});
