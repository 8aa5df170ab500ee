import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  QUESTIONS_ANSWER,
  startFakeOpenAiServer,
  WRONG_FACTORIZATION_SECTION,
  type FakeOpenAiServer,
} from "#tests/setup/fake-openai-server";
import { writeSetting, readSettings } from "#app/models/app-settings.server";
import { findAssistantRequest } from "#app/models/assistant-request.server";
import { createChapter, type ChapterRecord } from "#app/models/chapter.server";
import { rateLimits } from "#app/http/rate-limits.server";
import { createUser, type User } from "#app/models/user.server";
import { reviewAnswer } from "./answer-review.server";
import type { AssistantEndpoint } from "./assistant-config.server";
import { answerStream, prepareAsk, type PreparedAsk } from "./assistant.server";
import { readAssistantEvents, type AssistantEvent } from "./stream-events";

describe.each(testDialects)("the content assistant on %s, against a local endpoint", (dialect) => {
  const database = useTestDatabase(dialect);
  let fake: FakeOpenAiServer;
  let endpoint: AssistantEndpoint;
  let admin: User;
  let chapter: ChapterRecord;
  let count = 0;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer();
    endpoint = { baseUrl: fake.baseUrl, apiKey: null, model: "fake-model" };
  });
  afterAll(() => fake.close());

  beforeEach(async () => {
    count += 1;
    admin = await createUser(database.db, { email: `asker-${count}@example.org`, passwordHash: null, role: "admin" });
    const created = await createChapter(database.db, {
      slug: `assistant-service-${count}`,
      title: "Exponential remainders",
      summary: "Powers modulo m.",
      access: "free",
    });
    if (!created.ok) throw new Error("no chapter");
    chapter = created.chapter;
  });

  const form = (instructions: string, extra: Record<string, string> = {}) => ({
    task: "section",
    chapterId: chapter.id,
    skill: "power-mod",
    instructions,
    ...extra,
  });

  async function prepared(instructions: string, extra: Record<string, string> = {}): Promise<PreparedAsk> {
    const asked = await prepareAsk(database.db, admin, form(instructions, extra), endpoint);
    if (!asked.ok) throw new Error(asked.refusal.message);
    return asked.prepared;
  }

  async function eventsOf(stream: ReadableStream<Uint8Array>): Promise<AssistantEvent[]> {
    const events: AssistantEvent[] = [];
    for await (const event of readAssistantEvents(stream)) events.push(event);
    return events;
  }

  const requestCount = async () => (await database.db.selectFrom("assistant_requests").select("id").execute()).length;

  it("refuses when it is not configured or switched off, storing nothing", async () => {
    const before = await requestCount();
    const unconfigured = await prepareAsk(database.db, admin, form("Anything"), null);
    expect(unconfigured).toMatchObject({
      ok: false,
      refusal: { status: 409, message: expect.stringContaining("ASSISTANT_BASE_URL") },
    });
    const flags = (await readSettings(database.db)).featureFlags;
    await writeSetting(database.db, "featureFlags", { ...flags, assistant: false }, null);
    try {
      const off = await prepareAsk(database.db, admin, form("Anything"), endpoint);
      expect(off).toMatchObject({
        ok: false,
        refusal: { status: 403, message: expect.stringContaining("/admin/application") },
      });
    } finally {
      await writeSetting(database.db, "featureFlags", flags, null);
    }
    expect(await requestCount()).toBe(before);
  });

  it("says what is wrong with the form, field by field", async () => {
    const bad = await prepareAsk(
      database.db,
      admin,
      { task: "poem", chapterId: "nope", skill: "no-skill", instructions: "  " },
      endpoint,
    );
    expect(bad).toMatchObject({
      ok: false,
      refusal: {
        status: 400,
        errors: {
          task: "Choose what to draft.",
          chapterId: "Choose a chapter.",
          skill: "Choose a skill from the list.",
          instructions: "Say what you want drafted.",
        },
      },
    });
    const noSkill = await prepareAsk(database.db, admin, form("Questions", { task: "questions", skill: "" }), endpoint);
    expect(noSkill).toMatchObject({
      ok: false,
      refusal: { errors: { skill: "Quiz questions practise one skill: choose it." } },
    });
    const gone = await prepareAsk(database.db, admin, form("x", { chapterId: crypto.randomUUID() }), endpoint);
    expect(gone).toMatchObject({ ok: false, refusal: { errors: { chapterId: "This chapter no longer exists." } } });
  });

  it("streams each piece as it arrives, before the answer ends, and stores the request with its usage", async () => {
    const token = `hold-${dialect}`;
    const ask = await prepared(`Write about factorizations. fake:wrong-factorization fake:hold:${token}`);
    const reader = readAssistantEvents(answerStream(database.db, ask));
    const first = await reader.next();
    expect(first.value).toEqual({ type: "start", requestId: ask.request.id, model: "fake-model" });
    const second = await reader.next();
    expect(second.value).toMatchObject({ type: "delta" });
    // The endpoint holds back the rest: this piece came through while the answer was still being written.
    expect((await findAssistantRequest(database.db, ask.request.id))?.status).toBe("streaming");
    fake.release(token);
    const rest: AssistantEvent[] = [];
    for await (const event of reader) rest.push(event);
    expect(rest.at(-1)).toEqual({ type: "done", requestId: ask.request.id });
    const text = [second.value, ...rest].flatMap((event) => (event?.type === "delta" ? [event.text] : [])).join("");
    expect(text).toBe(WRONG_FACTORIZATION_SECTION);

    const stored = await findAssistantRequest(database.db, ask.request.id);
    expect(stored).toMatchObject({
      status: "finished",
      task: "section",
      skill: "power-mod",
      model: "fake-model",
      response: WRONG_FACTORIZATION_SECTION,
      error: null,
      adminEmail: admin.email,
    });
    expect(stored?.promptTokens).toBeGreaterThan(0);
    expect(stored?.completionTokens).toBeGreaterThan(0);
    const messages = JSON.parse(stored!.prompt) as { role: string; content: string }[];
    expect(messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(messages[1]?.content).toContain("Chapter: Exponential remainders. Powers modulo m.");
    expect(fake.requests.at(-1)?.body.messages).toEqual(messages);
  });

  it("flags the wrong factorization in the answer with the right one, and lets the right claims pass", async () => {
    const ask = await prepared("fake:wrong-factorization");
    await eventsOf(answerStream(database.db, ask));
    const stored = await findAssistantRequest(database.db, ask.request.id);
    const review = reviewAnswer("section", stored!.response);
    expect(review.claims.filter((claim) => claim.verdict === "wrong")).toEqual([
      {
        line: 6,
        label: "Factorization",
        text: "360 = 2^3 · 3^3 · 5",
        verdict: "wrong",
        message: "2^3 · 3^3 · 5 = 1080, not 360. The prime factorization is 360 = 2³ · 3² · 5.",
      },
    ]);
    expect(review.claims.filter((claim) => claim.verdict === "right").map((claim) => claim.text)).toEqual([
      "2^10 ≡ 1 (mod 11)",
      "ord_7(3) = 6",
    ]);
    expect(review.problems).toEqual([]);
    expect(review.section).toEqual({ title: "Prime factorizations", slug: "prime-factorizations" });
    expect(review.blocks.some((block) => block.kind === "widget" && block.name === "factor-tree")).toBe(true);
  });

  it("fails a request that takes too long, keeping what arrived", async () => {
    const ask = await prepared("fake:slow");
    const events = await eventsOf(answerStream(database.db, ask, { timeoutMs: 700, idleTimeoutMs: 5_000 }));
    const failed = events.at(-1);
    expect(failed).toMatchObject({ type: "failed", requestId: ask.request.id });
    expect(failed?.type === "failed" && failed.message).toMatch(/^The answer did not arrive within/);
    const stored = await findAssistantRequest(database.db, ask.request.id);
    expect(stored?.status).toBe("failed");
    expect(stored?.error).toBe(failed?.type === "failed" ? failed.message : "");
    expect(stored?.response.length).toBeGreaterThan(0);
    expect(stored?.response).toBe(events.flatMap((event) => (event.type === "delta" ? [event.text] : [])).join(""));
  });

  it("fails with the endpoint's 429 and its Retry-After, and with a malformed stream", async () => {
    const limited = await prepared("fake:429");
    expect((await eventsOf(answerStream(database.db, limited))).at(-1)).toEqual({
      type: "failed",
      requestId: limited.request.id,
      message: "The endpoint refuses more requests for now (429 Too Many Requests): try again in 30 seconds.",
    });
    expect(await findAssistantRequest(database.db, limited.request.id)).toMatchObject({
      status: "failed",
      error: expect.stringContaining("429"),
      response: "",
    });
    const malformed = await prepared("fake:malformed");
    const events = await eventsOf(answerStream(database.db, malformed));
    expect(events.at(-1)).toMatchObject({ type: "failed", message: expect.stringContaining("malformed") });
    expect((await findAssistantRequest(database.db, malformed.request.id))?.status).toBe("failed");
  });

  it("ends the request when the page stops reading, and asks the endpoint no more", async () => {
    const token = `stop-${dialect}`;
    const ask = await prepared(`fake:hold:${token}`);
    const stream = answerStream(database.db, ask);
    const reader = stream.getReader();
    await reader.read();
    await reader.read();
    await reader.cancel();
    await expect
      .poll(async () => (await findAssistantRequest(database.db, ask.request.id))?.status, { timeout: 5_000 })
      .toBe("failed");
    expect((await findAssistantRequest(database.db, ask.request.id))?.error).toBe("Stopped before the answer ended.");
    fake.release(token);
  });

  it("allows one answer streaming per admin at a time", async () => {
    const token = `busy-${dialect}`;
    const first = await prepared(`fake:hold:${token}`);
    const stream = answerStream(database.db, first);
    const second = await prepareAsk(database.db, admin, form("Another"), endpoint);
    expect(second).toMatchObject({
      ok: false,
      refusal: { status: 409, message: expect.stringContaining("still streaming") },
    });
    fake.release(token);
    await eventsOf(stream);
    expect((await prepareAsk(database.db, admin, form("fake:questions", { task: "questions" }), endpoint)).ok).toBe(
      true,
    );
  });

  it("limits how often one admin asks, with the wait", async () => {
    const limit = rateLimits.assistantPerAccount.limit;
    let last: Awaited<ReturnType<typeof prepareAsk>> | undefined;
    for (let attempt = 0; attempt <= limit; attempt++) {
      last = await prepareAsk(database.db, admin, form(`Ask ${attempt}`), endpoint);
      // Each answer is ended at once, so only the rate limit can refuse the last one.
      if (last.ok) {
        const reader = answerStream(database.db, last.prepared).getReader();
        await reader.cancel();
        await expect
          .poll(
            async () => (await findAssistantRequest(database.db, last!.ok ? last!.prepared.request.id : ""))?.status,
          )
          .not.toBe("streaming");
      }
    }
    expect(last).toMatchObject({ ok: false, refusal: { status: 429, retryAfterSeconds: expect.any(Number) } });
    expect(last?.ok === false && last.refusal.message).toMatch(/^You have asked the assistant 30 times this hour/);
  });

  it("reviews quiz questions as the question editor reads them", async () => {
    const review = reviewAnswer("questions", QUESTIONS_ANSWER);
    expect(review.kind).toBe("questions");
    expect(review.problems).toEqual([]);
    expect(review.questions.map((question) => question.problems)).toEqual([[], []]);
    expect(review.questions.every((question) => question.preview !== null)).toBe(true);
    expect(review.claims.filter((claim) => claim.verdict === "wrong")).toEqual([]);
  });
});
