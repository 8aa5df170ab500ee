import { beforeEach, describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  countAssistantRequests,
  draftRefOf,
  draftRefText,
  findAssistantRequest,
  finishAssistantRequest,
  INTERRUPTED_ERROR,
  listAssistantRequests,
  recordAssistantDraft,
  saveAssistantProgress,
  startAssistantRequest,
} from "./assistant-request.server";
import { createChapter, type ChapterRecord } from "./chapter.server";
import { createUser, type User } from "./user.server";

describe("draft references", () => {
  it("read back what they write, and nothing else", () => {
    const section = { kind: "section", sectionId: "3f0c0a36-5a4e-4a3e-9b7e-0c6f1c0d2b11" } as const;
    const questions = { kind: "questions", questionIds: ["a1", "b2"] } as const;
    expect(draftRefOf(draftRefText(section))).toEqual(section);
    expect(draftRefOf(draftRefText(questions))).toEqual(questions);
    expect(draftRefOf("revision:x:1")).toBeNull();
    expect(draftRefOf(null)).toBeNull();
  });
});

describe.each(testDialects)("assistant requests on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let admin: User;
  let other: User;
  let chapter: ChapterRecord;
  let count = 0;

  beforeEach(async () => {
    count += 1;
    await database.db.deleteFrom("assistant_requests").execute();
    admin = await createUser(database.db, {
      email: `assistant-${count}@example.org`,
      passwordHash: null,
      role: "admin",
    });
    other = await createUser(database.db, { email: `other-${count}@example.org`, passwordHash: null, role: "admin" });
    const created = await createChapter(database.db, {
      slug: `assistant-chapter-${count}`,
      title: `Chapter ${count}`,
      summary: "For the assistant's history.",
      access: "free",
    });
    if (!created.ok) throw new Error("no chapter");
    chapter = created.chapter;
  });

  const input = (adminId: string, instructions = "Write about orders.") => ({
    adminId,
    task: "section",
    chapterId: chapter.id,
    skill: "multiplicative-order",
    instructions,
    prompt: JSON.stringify([{ role: "user", content: instructions }]),
    model: "fake-model",
  });

  it("stores a request as streaming, its progress, and how it finished, with the admin and chapter", async () => {
    testClock.set("2031-03-01T10:00:00.000Z");
    const started = await startAssistantRequest(database.db, input(admin.id), {
      staleBefore: "2031-03-01T09:57:30.000Z",
    });
    if (!started.ok) throw new Error("refused");
    expect(started.request).toMatchObject({
      status: "streaming",
      adminEmail: admin.email,
      chapterTitle: chapter.title,
      skill: "multiplicative-order",
      response: "",
      createdAt: "2031-03-01T10:00:00.000Z",
      finishedAt: null,
    });
    await saveAssistantProgress(database.db, started.request.id, "## Orders\n\nThe order");
    expect((await findAssistantRequest(database.db, started.request.id))?.response).toBe("## Orders\n\nThe order");

    testClock.advance(12_000);
    const outcome = {
      status: "finished",
      response: "## Orders\n\nThe order of 3 modulo 7 is 6.",
      promptTokens: 812,
      completionTokens: 40,
      error: null,
    } as const;
    expect(await finishAssistantRequest(database.db, started.request.id, outcome)).toBe(true);
    // Once ended, neither progress nor a second ending changes it.
    await saveAssistantProgress(database.db, started.request.id, "late");
    expect(
      await finishAssistantRequest(database.db, started.request.id, { ...outcome, status: "failed", error: "x" }),
    ).toBe(false);
    expect(await findAssistantRequest(database.db, started.request.id)).toMatchObject({
      status: "finished",
      response: outcome.response,
      promptTokens: 812,
      completionTokens: 40,
      error: null,
      finishedAt: "2031-03-01T10:00:12.000Z",
    });
  });

  it("refuses a second request while one streams for the same admin, not for another admin", async () => {
    testClock.set("2031-03-01T10:00:00.000Z");
    const staleBefore = "2031-03-01T09:57:30.000Z";
    const first = await startAssistantRequest(database.db, input(admin.id), { staleBefore });
    expect(first.ok).toBe(true);
    const second = await startAssistantRequest(database.db, input(admin.id, "Again"), { staleBefore });
    expect(second).toMatchObject({ ok: false, reason: "busy", running: { id: first.ok ? first.request.id : "" } });
    expect((await startAssistantRequest(database.db, input(other.id), { staleBefore })).ok).toBe(true);
    if (!first.ok) return;
    await finishAssistantRequest(database.db, first.request.id, {
      status: "failed",
      response: "",
      promptTokens: null,
      completionTokens: null,
      error: "Stopped before the answer ended.",
    });
    expect((await startAssistantRequest(database.db, input(admin.id, "Now"), { staleBefore })).ok).toBe(true);
  });

  it("lets two simultaneous starts of one admin through one at a time", async () => {
    const staleBefore = "2000-01-01T00:00:00.000Z";
    const results = await Promise.all(
      Array.from({ length: 4 }, (_, index) =>
        startAssistantRequest(database.db, input(admin.id, `Race ${index}`), { staleBefore }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
  });

  it("ends a request a stopped server left streaming as interrupted when its admin asks again", async () => {
    testClock.set("2031-03-01T10:00:00.000Z");
    const left = await startAssistantRequest(database.db, input(admin.id), { staleBefore: "2031-03-01T09:57:30.000Z" });
    if (!left.ok) throw new Error("refused");
    testClock.set("2031-03-01T10:05:00.000Z");
    const next = await startAssistantRequest(database.db, input(admin.id, "Later"), {
      staleBefore: "2031-03-01T10:02:30.000Z",
    });
    expect(next.ok).toBe(true);
    expect(await findAssistantRequest(database.db, left.request.id)).toMatchObject({
      status: "failed",
      error: INTERRUPTED_ERROR,
      finishedAt: "2031-03-01T10:05:00.000Z",
    });
  });

  it("lists the history newest first, a page at a time, and counts it", async () => {
    const staleBefore = "2000-01-01T00:00:00.000Z";
    const ids: string[] = [];
    for (let minute = 0; minute < 5; minute++) {
      testClock.set(`2031-03-01T10:0${minute}:00.000Z`);
      const started = await startAssistantRequest(
        database.db,
        input(minute % 2 ? other.id : admin.id, `Ask ${minute}`),
        {
          staleBefore,
        },
      );
      if (!started.ok) throw new Error("refused");
      ids.push(started.request.id);
      await finishAssistantRequest(database.db, started.request.id, {
        status: "finished",
        response: `Answer ${minute}`,
        promptTokens: 1,
        completionTokens: 1,
        error: null,
      });
    }
    expect(await countAssistantRequests(database.db)).toBe(5);
    const first = await listAssistantRequests(database.db, { limit: 2, offset: 0 });
    const rest = await listAssistantRequests(database.db, { limit: 10, offset: 2 });
    expect([...first, ...rest].map((request) => request.id)).toEqual([...ids].reverse());
    expect(first[0]).toMatchObject({ instructions: "Ask 4", adminEmail: admin.email, chapterTitle: chapter.title });
  });

  it("notes where a draft went only once", async () => {
    const started = await startAssistantRequest(database.db, input(admin.id), {
      staleBefore: "2000-01-01T00:00:00.000Z",
    });
    if (!started.ok) throw new Error("refused");
    const ref = { kind: "questions", questionIds: ["q1"] } as const;
    expect(await recordAssistantDraft(database.db, started.request.id, ref)).toBe(true);
    expect(await recordAssistantDraft(database.db, started.request.id, { kind: "section", sectionId: "s1" })).toBe(
      false,
    );
    expect((await findAssistantRequest(database.db, started.request.id))?.draftRef).toBe("questions:q1");
  });

  it("keeps the history when the admin's account and the chapter are deleted", async () => {
    const started = await startAssistantRequest(database.db, input(admin.id), {
      staleBefore: "2000-01-01T00:00:00.000Z",
    });
    if (!started.ok) throw new Error("refused");
    await database.db.deleteFrom("users").where("id", "=", admin.id).execute();
    await database.db.deleteFrom("chapters").where("id", "=", chapter.id).execute();
    expect(await findAssistantRequest(database.db, started.request.id)).toMatchObject({
      adminId: null,
      adminEmail: null,
      chapterId: null,
      chapterTitle: null,
    });
  });
});
