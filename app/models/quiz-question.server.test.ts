import { describe, expect, it } from "vitest";
import { fixedQuestionContent as content } from "#tests/setup/fixed-question-content";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  createQuizQuestion,
  findQuestionRevisions,
  findQuizQuestion,
  listQuizQuestionRevisions,
  listQuizQuestions,
  publishedQuestionsOf,
  saveQuizQuestion,
  setQuizQuestionPublished,
} from "./quiz-question.server";
import { createUser } from "./user.server";

describe.each(testDialects)("authors' quiz questions on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const author = (name: string) =>
    createUser(database.db, { email: `${name}-${dialect}@example.org`, passwordHash: null, role: "admin" });

  it("start as drafts at revision 1, and read back exactly as saved", async () => {
    const admin = await author("creator");
    const created = await createQuizQuestion(database.db, {
      content: content("What is $2^{10}$ mod 7?"),
      authorId: admin.id,
    });
    expect(created).toMatchObject({
      published: false,
      currentRevision: 1,
      content: content("What is $2^{10}$ mod 7?"),
    });
    expect(await findQuizQuestion(database.db, created.id)).toEqual(created);
    expect((await listQuizQuestions(database.db)).map((q) => q.id)).toContain(created.id);
    expect(await listQuizQuestionRevisions(database.db, created.id)).toEqual([
      { number: 1, content: created.content, basedOn: null, authorEmail: admin.email, createdAt: expect.any(String) },
    ]);
  });

  it("keep every revision; an untouched save adds none", async () => {
    const admin = await author("editor");
    const created = await createQuizQuestion(database.db, { content: content("First"), authorId: admin.id });
    const same = await saveQuizQuestion(database.db, {
      id: created.id,
      baseRevision: 1,
      content: content("First"),
      authorId: admin.id,
    });
    expect(same).toMatchObject({ ok: true, unchanged: true, question: { currentRevision: 1 } });
    const saved = await saveQuizQuestion(database.db, {
      id: created.id,
      baseRevision: 1,
      content: { ...content("Second", "last-digit-of-powers"), difficulty: 3 },
      authorId: admin.id,
    });
    expect(saved).toMatchObject({
      ok: true,
      unchanged: false,
      question: { currentRevision: 2, content: { prompt: "Second", skillId: "last-digit-of-powers", difficulty: 3 } },
    });
    const history = await listQuizQuestionRevisions(database.db, created.id);
    expect(history.map((revision) => [revision.number, revision.basedOn, revision.content.prompt])).toEqual([
      [2, 1, "Second"],
      [1, null, "First"],
    ]);
    const revisions = await findQuestionRevisions(database.db, [
      { questionId: created.id, revision: 1 },
      { questionId: created.id, revision: 2 },
      { questionId: created.id, revision: 9 },
    ]);
    expect([...revisions.keys()].sort()).toEqual([`${created.id}:1`, `${created.id}:2`]);
    expect(revisions.get(`${created.id}:1`)?.prompt).toBe("First");
  });

  it("refuse a save from a stale revision, and let one of two racing saves win", async () => {
    const admin = await author("racer");
    const created = await createQuizQuestion(database.db, { content: content("Base"), authorId: admin.id });
    const results = await Promise.all(
      ["Mine", "Theirs"].map((prompt) =>
        saveQuizQuestion(database.db, {
          id: created.id,
          baseRevision: 1,
          content: content(prompt),
          authorId: admin.id,
        }),
      ),
    );
    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(1);
    const loser = results.find((result) => !result.ok);
    expect(loser).toMatchObject({ ok: false, reason: "conflict", current: { number: 2 } });
    const stale = await saveQuizQuestion(database.db, {
      id: created.id,
      baseRevision: 1,
      content: content("Late"),
      authorId: admin.id,
    });
    expect(stale).toMatchObject({ ok: false, reason: "conflict", current: { number: 2 } });
    expect((await findQuizQuestion(database.db, created.id))?.currentRevision).toBe(2);
    expect(
      await saveQuizQuestion(database.db, {
        id: crypto.randomUUID(),
        baseRevision: 1,
        content: content("X"),
        authorId: null,
      }),
    ).toEqual({ ok: false, reason: "not-found" });
  });

  it("reach quizzes only when published, at their current revision", async () => {
    const admin = await author("publisher");
    const question = await createQuizQuestion(database.db, {
      content: content("Draft", "pisano-periods"),
      authorId: admin.id,
    });
    expect(await publishedQuestionsOf(database.db, ["pisano-periods"])).toEqual([]);
    await setQuizQuestionPublished(database.db, question.id, true);
    await saveQuizQuestion(database.db, {
      id: question.id,
      baseRevision: 1,
      content: content("Edited", "pisano-periods"),
      authorId: admin.id,
    });
    expect(await publishedQuestionsOf(database.db, ["pisano-periods", "power-mod"])).toEqual([
      { questionId: question.id, revision: 2, skillId: "pisano-periods", difficulty: 2 },
    ]);
    expect(await publishedQuestionsOf(database.db, ["power-mod"])).toEqual([]);
    expect(await setQuizQuestionPublished(database.db, question.id, false)).toMatchObject({ published: false });
    expect(await publishedQuestionsOf(database.db, ["pisano-periods"])).toEqual([]);
  });
});
