import { describe, expect, it } from "vitest";
import { fixedQuestionContent as content } from "#tests/setup/fixed-question-content";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createQuizQuestion, saveQuizQuestion } from "../models/quiz-question.server";
import { answeredFixedTemplates, recordAnswer, startAttempt } from "../models/quiz.server";
import { createUser } from "../models/user.server";
import { describeItemQuestion, loadQuestions } from "./quiz.server";

describe.each(testDialects)("authors' questions in quizzes on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const author = (name: string) =>
    createUser(database.db, { email: `${name}-${dialect}@example.org`, passwordHash: null, role: "admin" });

  it("are graded at the revision a learner was asked, after later edits", async () => {
    const admin = await author("grader");
    const learner = await createUser(database.db, { email: `learner-${dialect}@example.org`, passwordHash: null });
    const question = await createQuizQuestion(database.db, {
      content: content("Asked", "chinese-remainder"),
      authorId: admin.id,
    });
    const plan = { templateId: `fixed:${question.id}`, skillId: "chinese-remainder", seed: 1, difficulty: 2 as const };
    const started = await startAttempt(database.db, {
      userId: learner.id,
      mode: "practice",
      chapterSlug: null,
      items: [plan, { templateId: "power-modulo", skillId: "power-mod", seed: 5, difficulty: 1 }],
      dailyLimit: null,
    });
    if (!started.ok) throw new Error("refused");
    await saveQuizQuestion(database.db, {
      id: question.id,
      baseRevision: 1,
      content: content("Changed later", "chinese-remainder"),
      authorId: admin.id,
    });
    const [asked, generated] = await loadQuestions(database.db, started.attempt.items);
    expect(asked).toMatchObject({ templateId: `fixed:${question.id}`, seed: 1, prompt: "Asked" });
    expect(generated).toMatchObject({ templateId: "power-modulo", seed: 5 });
    expect(describeItemQuestion(plan)).toBe(
      `an author's question, revision 1, /admin/content/questions/${question.id}`,
    );

    expect(await answeredFixedTemplates(database.db, learner.id)).toEqual(new Set());
    await recordAnswer(database.db, {
      itemId: started.attempt.items[0]!.id,
      answers: ["2", "0,2"],
      partResults: [true, true],
      timeMs: 900,
    });
    expect(await answeredFixedTemplates(database.db, learner.id)).toEqual(new Set([`fixed:${question.id}`]));
    await expect(loadQuestions(database.db, [{ ...plan, seed: 7 }])).rejects.toThrow(
      `Revision 7 of question ${question.id} is missing.`,
    );
  });
});
