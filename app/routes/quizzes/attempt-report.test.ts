import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { listInbox } from "#app/models/contact-message.server";
import { createQuizQuestion } from "#app/models/quiz-question.server";
import { fixedTemplateId } from "#core/quiz/fixed-question";
import { fixedQuestionContent } from "#tests/setup/fixed-question-content";
import { startAttempt } from "#app/models/quiz.server";
import { createUser, type User } from "#app/models/user.server";
import { rateLimits } from "#app/http/rate-limits.server";
import { serverInfoContext, userContext } from "#app/http/request-context";

// The route reads the process-wide database; point it at each dialect's test database.
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action } = await import("./attempt");

const QUESTION = {
  templateId: "gcd-lcm-from-factors",
  skillId: "gcd-lcm-from-factors",
  seed: 7,
  difficulty: 1,
} as const;

describe.each(testDialects)("reporting a question on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;

  async function learnerWithAttempt(
    item: { templateId: string; skillId: string; seed: number; difficulty: 1 | 2 | 3 } = QUESTION,
  ) {
    current.handle = database;
    const user = await createUser(database.db, {
      email: `reporter-${(count += 1)}-${dialect}@example.org`,
      passwordHash: null,
    });
    const started = await startAttempt(database.db, {
      userId: user.id,
      mode: "practice",
      chapterSlug: null,
      items: [item],
      dailyLimit: null,
    });
    if (!started.ok) throw new Error("refused");
    return { user, attemptId: started.attempt.id, itemId: started.attempt.items[0]!.id };
  }

  async function report(user: User, attemptId: string, itemId: string, clientIp: string, message: string) {
    const context = new RouterContextProvider();
    context.set(userContext, user);
    context.set(serverInfoContext, { cspNonce: "", build: { id: "test", timestamp: "" }, isSecure: false, clientIp });
    const request = new Request(`http://localhost/quiz/${attemptId}`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "report", itemId, message }),
    });
    return (await action({ request, context, params: { attemptId } } as never)) as unknown;
  }

  const storedReports = async (marker: string) =>
    (await listInbox(database.db, { search: marker, pageSize: 1_000 })).messages.filter((message) =>
      message.message.startsWith(marker),
    );

  it("stores a report as a question report, naming an author's question so the inbox can link to it", async () => {
    const generated = await learnerWithAttempt();
    const marker = `Kind ${dialect} ${crypto.randomUUID()}`;
    expect(
      await report(generated.user, generated.attemptId, generated.itemId, "198.51.100.200", `${marker}: generated.`),
    ).toEqual({ reported: true });
    expect(await storedReports(marker)).toEqual([
      expect.objectContaining({
        kind: "question_report",
        questionId: null,
        subject: "Question report: gcd-lcm-from-factors, seed 7, difficulty 1",
        userId: generated.user.id,
      }),
    ]);

    const question = await createQuizQuestion(database.db, {
      content: fixedQuestionContent("Which remainder?"),
      authorId: null,
    });
    const fixed = await learnerWithAttempt({
      templateId: fixedTemplateId(question.id),
      skillId: "power-mod",
      seed: 1,
      difficulty: 2,
    });
    const fixedMarker = `${marker} fixed`;
    expect(
      await report(fixed.user, fixed.attemptId, fixed.itemId, "198.51.100.201", `${fixedMarker}: wrong key.`),
    ).toEqual({ reported: true });
    expect(await storedReports(fixedMarker)).toEqual([
      expect.objectContaining({
        kind: "question_report",
        questionId: question.id,
        subject: `Question report: an author's question, revision 1, /admin/content/questions/${question.id}`,
      }),
    ]);
  });

  it("takes the contact form's budget per client address, then answers 429 and stores nothing", async () => {
    expect(rateLimits.questionReportPerIp).toMatchObject({
      limit: rateLimits.contactPerIp.limit,
      windowMs: rateLimits.contactPerIp.windowMs,
    });
    const { user, attemptId, itemId } = await learnerWithAttempt();
    const marker = `Report ${dialect} ${Date.now()}`;
    const ip = `198.51.100.${count}`;
    for (let attempt = 1; attempt <= rateLimits.questionReportPerIp.limit; attempt += 1) {
      expect(await report(user, attemptId, itemId, ip, `${marker}: the key is wrong (${attempt}).`)).toEqual({
        reported: true,
      });
    }
    const refused = await report(user, attemptId, itemId, ip, `${marker}: ${"x".repeat(4_900)}`);
    expect(refused).toMatchObject({
      init: { status: 429, headers: { "Retry-After": expect.stringMatching(/^\d+$/) } },
      data: { error: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/) },
    });
    expect(await storedReports(marker)).toHaveLength(rateLimits.questionReportPerIp.limit);

    // Another client address has a budget of its own.
    expect(await report(user, attemptId, itemId, `${ip}0`, `${marker}: from elsewhere.`)).toEqual({ reported: true });
    expect(await storedReports(marker)).toHaveLength(rateLimits.questionReportPerIp.limit + 1);
  });
});
