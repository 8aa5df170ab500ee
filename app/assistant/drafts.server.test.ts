import { beforeEach, describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { QUESTIONS_ANSWER, WRONG_FACTORIZATION_SECTION } from "#tests/setup/fake-openai-server";
import {
  findAssistantRequest,
  finishAssistantRequest,
  startAssistantRequest,
  type AssistantRequestRecord,
} from "#app/models/assistant-request.server";
import { createChapter, type ChapterRecord } from "#app/models/chapter.server";
import { findQuizQuestion, listQuizQuestionRevisions } from "#app/models/quiz-question.server";
import { listRevisions, listSections } from "#app/models/section.server";
import { createUser, type User } from "#app/models/user.server";
import { saveAssistantDraft } from "./drafts.server";

describe.each(testDialects)("saving the assistant's drafts on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let admin: User;
  let chapter: ChapterRecord;
  let count = 0;

  beforeEach(async () => {
    count += 1;
    admin = await createUser(database.db, { email: `drafter-${count}@example.org`, passwordHash: null, role: "admin" });
    const created = await createChapter(database.db, {
      slug: `drafts-${count}`,
      title: `Draft chapter ${count}`,
      summary: "Receives the assistant's drafts.",
      access: "free",
    });
    if (!created.ok) throw new Error("no chapter");
    chapter = created.chapter;
  });

  /** A request that ended with `response` (or failed). */
  async function answered(task: string, response: string, status: "finished" | "failed" = "finished") {
    const started = await startAssistantRequest(
      database.db,
      {
        adminId: admin.id,
        task,
        chapterId: chapter.id,
        skill: "power-mod",
        instructions: "Draft it.",
        prompt: "[]",
        model: "m",
      },
      { staleBefore: "2000-01-01T00:00:00.000Z" },
    );
    if (!started.ok) throw new Error("busy");
    await finishAssistantRequest(database.db, started.request.id, {
      status,
      response,
      promptTokens: 10,
      completionTokens: 20,
      error: status === "failed" ? "Stopped before the answer ended." : null,
    });
    return (await findAssistantRequest(database.db, started.request.id))!;
  }

  const actor = () => ({ id: admin.id, email: admin.email });
  const save = (request: AssistantRequestRecord, values: Record<string, unknown> = {}) =>
    saveAssistantDraft(database.db, actor(), request, values);
  const auditEntries = async () =>
    (
      await database.db
        .selectFrom("audit_log")
        .select(["details", "actor_id"])
        .where("action", "=", "assistant.draft")
        .where("actor_id", "=", admin.id)
        .execute()
    ).map((row) => JSON.parse(row.details!) as Record<string, unknown>);

  it("saves a section draft as a new unpublished section, its first revision by the admin, and audits it", async () => {
    const request = await answered("section", WRONG_FACTORIZATION_SECTION);
    const result = await save(request, { title: "Prime factorizations", slug: "prime-factorizations" });
    expect(result).toMatchObject({ ok: true, message: expect.stringContaining("unpublished section") });
    const [section] = await listSections(database.db, chapter.id);
    expect(section).toMatchObject({
      slug: "prime-factorizations",
      title: "Prime factorizations",
      published: false,
      currentRevision: 1,
    });
    // The "## " line became the title; the rest is the body.
    expect(section?.body).toBe(WRONG_FACTORIZATION_SECTION.split("\n").slice(2).join("\n"));
    expect(await listRevisions(database.db, section!.id)).toMatchObject([
      { number: 1, source: "editor", authorEmail: admin.email },
    ]);
    expect(result.ok && result.links).toEqual([
      { href: `/admin/content/${chapter.id}/sections/${section!.id}`, label: "Prime factorizations" },
    ]);
    expect((await findAssistantRequest(database.db, request.id))?.draftRef).toBe(`section:${section!.id}`);
    expect(await auditEntries()).toEqual([
      {
        requestId: request.id,
        kind: "section",
        sectionId: section!.id,
        chapterId: chapter.id,
        chapter: chapter.title,
        title: "Prime factorizations",
      },
    ]);

    const again = await save((await findAssistantRequest(database.db, request.id))!, { title: "Again", slug: "again" });
    expect(again).toMatchObject({ ok: false, status: 409, links: [{ label: "Prime factorizations" }] });
    expect(await listSections(database.db, chapter.id)).toHaveLength(1);
  });

  it("refuses a bad title or id, and an id the chapter already has, changing nothing", async () => {
    const first = await answered("example", "## Example\n\nText.");
    await save(first, { title: "Example", slug: "example" });
    const request = await answered("example", "## Example\n\nOther text.");
    expect(await save(request, { title: " ", slug: "Not A Slug" })).toMatchObject({
      ok: false,
      status: 400,
      errors: { title: "This cannot be empty.", slug: expect.stringContaining("lowercase") },
    });
    expect(await save(request, { title: "Example", slug: "example" })).toMatchObject({
      ok: false,
      status: 409,
      errors: { slug: "The chapter already has a section with the id “example”: choose another." },
    });
    expect(await save(request, {})).toMatchObject({ ok: false, status: 400 });
    expect(await listSections(database.db, chapter.id)).toHaveLength(1);
    expect((await findAssistantRequest(database.db, request.id))?.draftRef).toBeNull();
  });

  it("saves one draft of two simultaneous saves of the same answer", async () => {
    const request = await answered("section", "## Race\n\nWho wins?");
    const results = await Promise.all([
      save(request, { title: "Race", slug: "race-one" }),
      save(request, { title: "Race", slug: "race-two" }),
    ]);
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.find((result) => !result.ok)).toMatchObject({ status: 409 });
    expect(await listSections(database.db, chapter.id)).toHaveLength(1);
  });

  it("saves quiz questions as new unpublished questions, checked as the question editor checks them", async () => {
    const request = await answered("questions", QUESTIONS_ANSWER);
    const result = await save(request);
    expect(result).toMatchObject({
      ok: true,
      message: "Saved 2 unpublished questions: review them in the content editor, then publish there.",
    });
    const ref = (await findAssistantRequest(database.db, request.id))?.draftRef ?? "";
    const ids = ref.replace(/^questions:/, "").split(",");
    expect(ids).toHaveLength(2);
    const questions = await Promise.all(ids.map((id) => findQuizQuestion(database.db, id)));
    expect(questions.map((question) => question?.published)).toEqual([false, false]);
    expect(questions[0]?.content).toMatchObject({
      skillId: "power-mod",
      difficulty: 2,
      parts: [{ key: { kind: "integer", value: "4" } }],
    });
    expect(await listQuizQuestionRevisions(database.db, ids[0]!)).toMatchObject([
      { number: 1, authorEmail: admin.email },
    ]);
    expect(result.ok && result.links.map((link) => link.href)).toEqual(
      ids.map((id) => `/admin/content/questions/${id}`),
    );
    expect(await auditEntries()).toContainEqual({
      requestId: request.id,
      kind: "questions",
      count: 2,
      questionIds: ids.join(","),
    });
  });

  it("refuses questions the editor would refuse, with the reasons, saving none", async () => {
    const broken = QUESTIONS_ANSWER.replace("Key: 4", "Key: four").replace("Difficulty: 1", "Difficulty: 7");
    const request = await answered("questions", broken);
    const before = (await database.db.selectFrom("quiz_questions").select("id").execute()).length;
    expect(await save(request)).toEqual({
      ok: false,
      status: 400,
      message: "Nothing was saved: the question editor would refuse these questions.",
      reasons: [
        expect.stringMatching(/^Question 1, Part a, answer key: An integer key is digits/),
        "Question 2, Difficulty: Choose a difficulty from 1 to 3.",
      ],
    });
    expect(await save(await answered("questions", "Just prose, no questions."))).toMatchObject({
      ok: false,
      status: 400,
    });
    expect((await database.db.selectFrom("quiz_questions").select("id").execute()).length).toBe(before);
  });

  it("refuses an answer that did not end", async () => {
    const request = await answered("section", "## Half", "failed");
    expect(await save(request, { title: "Half", slug: "half" })).toMatchObject({ ok: false, status: 409 });
    expect(await listSections(database.db, chapter.id)).toHaveLength(0);
  });
});
