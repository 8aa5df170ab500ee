import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import type * as MailModule from "#app/mail/mail.server";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { userContext } from "#app/http/request-context";
import { rateLimits } from "#app/http/rate-limits.server";
import { listAuditEntries } from "#app/models/audit-log.server";
import {
  createContactMessage,
  findContactMessage,
  listContactReplies,
  setContactMessageRead,
} from "#app/models/contact-message.server";
import { listOutboxMails } from "#app/models/outbox-mail.server";
import { createQuizQuestion } from "#app/models/quiz-question.server";
import { createUser, type User } from "#app/models/user.server";
import { fixedQuestionContent } from "#tests/setup/fixed-question-content";
import { REPLY_LIMITS } from "#app/utils/contact-limits";

// The routes read the process-wide database; point it at each dialect's test database. Without
// SMTP_URL (tests set none) mail lands in the outbox, where the tests read it.
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
// The real mail system, which a test can make fail once, as an unreachable SMTP server does.
vi.mock("#app/mail/mail.server", async (importOriginal) => {
  const real = await importOriginal<typeof MailModule>();
  return { ...real, sendMail: vi.fn(real.sendMail) };
});
const { sendMail } = await import("#app/mail/mail.server");
const thread = await import("./contact-message");
const inbox = await import("./contact-inbox");

/** What a loader or action answered, a thrown Response (redirect, 404) included. */
async function answered(run: () => Promise<unknown>) {
  try {
    return await actionResult(await run());
  } catch (thrown) {
    return actionResult(thrown);
  }
}

describe.each(testDialects)("the inbox's routes on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let counter = 0;

  async function setUp() {
    current.handle = database;
    counter += 1;
    const admin = await createUser(database.db, {
      email: `inbox-admin-${counter}-${dialect}@example.org`,
      passwordHash: null,
      role: "admin",
    });
    const sender = `visitor-${counter}-${dialect}@example.org`;
    const message = await createContactMessage(database.db, {
      name: "Grace",
      email: sender,
      subject: "Periods of 1/7",
      message: "Why is the period of 1/7 six digits long?\n\nThanks!",
      userId: null,
    });
    return { admin, message, sender };
  }

  const contextOf = (admin: User) => {
    const context = requestContext(`192.0.2.${counter}`);
    context.set(userContext, admin);
    return context;
  };

  const threadUrl = (messageId: string, search = "") => `http://localhost/admin/adminMessage/${messageId}${search}`;

  const postToThread = (admin: User, messageId: string, form: Record<string, string>, search = "") =>
    answered(() =>
      thread.action({
        request: formPost(threadUrl(messageId, search), form),
        params: { messageId },
        context: contextOf(admin),
      } as never),
    );

  const openThread = (admin: User, messageId: string, search = "") =>
    answered(() =>
      thread.loader({
        request: new Request(threadUrl(messageId, search)),
        params: { messageId },
        context: contextOf(admin),
      } as never),
    );

  const auditOf = async (messageId: string) =>
    (await listAuditEntries(database.db, { pageSize: 1000 })).entries.filter(
      (entry) => entry.details?.messageId === messageId,
    );

  const mailsTo = async (email: string) => (await listOutboxMails(database.db, { page: 1, recipient: email })).mails;

  it("opening a thread marks its message read and shows its replies; an unknown id is a 404", async () => {
    const { admin, message } = await setUp();
    testClock.set("2043-01-02T03:04:05.000Z");
    const opened = await openThread(admin, message.id, "?q=period&state=unread");
    expect(opened.status).toBe(200);
    expect(opened.data).toMatchObject({
      message: { id: message.id, readAt: "2043-01-02T03:04:05.000Z" },
      replies: [],
      back: "/admin/adminMessage?q=period&state=unread",
      replyDraft: { subject: "Re: Periods of 1/7", body: "" },
      senderAccount: null,
      questionPath: null,
      smtpConfigured: false,
    });
    expect((await findContactMessage(database.db, message.id))?.readAt).toBe("2043-01-02T03:04:05.000Z");

    expect((await openThread(admin, crypto.randomUUID())).status).toBe(404);
    expect((await openThread(admin, "not-a-uuid")).status).toBe(404);
  });

  it("links a question report to its question, and a signed-in sender to their account", async () => {
    const { admin } = await setUp();
    const learner = await createUser(database.db, {
      email: `learner-${counter}-${dialect}@example.org`,
      passwordHash: null,
    });
    const question = await createQuizQuestion(database.db, {
      content: fixedQuestionContent("Which remainder?"),
      authorId: null,
    });
    const report = await createContactMessage(database.db, {
      kind: "question_report",
      questionId: question.id,
      name: learner.email,
      email: learner.email,
      subject: "Question report: an author's question",
      message: "The key says 3; it is 2.",
      userId: learner.id,
    });
    expect((await openThread(admin, report.id)).data).toMatchObject({
      message: { kind: "question_report", questionId: question.id },
      questionPath: `/admin/content/questions/${question.id}`,
      senderAccount: `/admin/adminUser?q=${encodeURIComponent(learner.email)}`,
      replyDraft: { subject: "Re: Question report: an author's question" },
    });
  });

  it("sends a reply through the mail system, keeps it on the thread, marks the message read and audits it", async () => {
    const { admin, message, sender } = await setUp();
    testClock.set("2043-02-03T10:00:00.000Z");
    const reply = await postToThread(admin, message.id, {
      intent: "reply",
      subject: "Re: Periods of 1/7",
      body: "Because 10 has order 6 modulo 7.",
    });
    expect(reply).toMatchObject({ status: 200, data: { replied: { recipient: sender, transport: "outbox" } } });

    const [mail, ...others] = await mailsTo(sender);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({ recipient: sender, subject: "Re: Periods of 1/7" });
    // The admin's text, then the sender's own message quoted.
    expect(mail!.body).toBe(
      [
        "Because 10 has order 6 modulo 7.",
        "",
        `On ${message.createdAt.replace("T", " ").slice(0, 16)} UTC, Grace wrote:`,
        "> Why is the period of 1/7 six digits long?",
        ">",
        "> Thanks!",
        "",
      ].join("\n"),
    );

    expect(await listContactReplies(database.db, message.id)).toEqual([
      expect.objectContaining({
        author: { id: admin.id, email: admin.email, displayName: null },
        recipient: sender,
        subject: "Re: Periods of 1/7",
        body: "Because 10 has order 6 modulo 7.",
        sentAt: "2043-02-03T10:00:00.000Z",
      }),
    ]);
    expect((await findContactMessage(database.db, message.id))?.readAt).toBe("2043-02-03T10:00:00.000Z");
    expect(await auditOf(message.id)).toEqual([
      expect.objectContaining({
        action: "inbox.reply",
        actor: { id: admin.id, email: admin.email },
        details: { messageId: message.id, subject: "Periods of 1/7", kind: "contact", transport: "outbox" },
      }),
    ]);
    // The thread shows it.
    expect((await openThread(admin, message.id)).data).toMatchObject({
      replies: [{ body: "Because 10 has order 6 modulo 7." }],
    });
  });

  it("keeps nothing when the mail fails, and gives the text back with the reason", async () => {
    const { admin, message, sender } = await setUp();
    vi.mocked(sendMail).mockRejectedValueOnce(new Error("connect ECONNREFUSED 127.0.0.1:2525"));
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const form = { intent: "reply", subject: "Re: Periods of 1/7", body: "An answer that could not go." };
    const failed = await postToThread(admin, message.id, form);
    expect(failed).toMatchObject({
      status: 502,
      data: {
        reply: {
          errors: {
            form: "The reply could not be sent: connect ECONNREFUSED 127.0.0.1:2525. Nothing was recorded; your text is still in the form, so you can try again.",
          },
          values: { subject: form.subject, body: form.body },
        },
      },
    });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("ECONNREFUSED"));
    warn.mockRestore();
    expect(await listContactReplies(database.db, message.id)).toEqual([]);
    expect((await findContactMessage(database.db, message.id))?.readAt).toBeNull();
    expect(await auditOf(message.id)).toEqual([]);
    expect(await mailsTo(sender)).toEqual([]);

    // Sent again once the mail system works, it goes.
    expect((await postToThread(admin, message.id, form)).status).toBe(200);
    expect(await listContactReplies(database.db, message.id)).toHaveLength(1);
  });

  it("refuses an empty, multi-line or oversized reply with the field's problem, sending nothing", async () => {
    const { admin, message, sender } = await setUp();
    const cases: [Record<string, string>, Record<string, string>][] = [
      [
        { subject: "", body: "" },
        { subject: "Enter a subject.", body: "Enter your reply." },
      ],
      [{ subject: "Re: x\r\nBcc: everyone@example.org", body: "Hi" }, { subject: "The subject must be one line." }],
      [
        { subject: "S".repeat(REPLY_LIMITS.subject + 1), body: "B".repeat(REPLY_LIMITS.body + 1) },
        {
          subject: `A subject must be at most ${REPLY_LIMITS.subject} characters.`,
          body: `Your reply must be at most ${REPLY_LIMITS.body} characters.`,
        },
      ],
    ];
    for (const [form, errors] of cases) {
      const refused = await postToThread(admin, message.id, { intent: "reply", ...form });
      expect(refused).toMatchObject({ status: 400, data: { reply: { errors, values: form } } });
    }
    const twice = await answered(() =>
      thread.action({
        request: new Request(threadUrl(message.id), {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=reply&subject=a&subject=b&body=text",
        }),
        params: { messageId: message.id },
        context: contextOf(admin),
      } as never),
    );
    expect(twice).toMatchObject({ status: 400, data: { reply: { errors: { subject: expect.any(String) } } } });
    expect(await mailsTo(sender)).toEqual([]);
    expect(await listContactReplies(database.db, message.id)).toEqual([]);
    expect((await postToThread(admin, message.id, { intent: "shout" })).status).toBe(400);
  });

  it("limits an admin's replies per hour, keeping the text", async () => {
    const { admin, message } = await setUp();
    const form = { intent: "reply", subject: "Re: again", body: "Once more." };
    for (let sent = 1; sent <= rateLimits.inboxReplyPerAccount.limit; sent += 1) {
      expect((await postToThread(admin, message.id, form)).status, `reply ${sent}`).toBe(200);
    }
    const limited = await postToThread(admin, message.id, form);
    expect(limited).toMatchObject({
      status: 429,
      data: {
        reply: {
          errors: { form: expect.stringMatching(/^Too many attempts/) },
          values: { subject: form.subject, body: form.body },
        },
      },
    });
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await listContactReplies(database.db, message.id)).toHaveLength(rateLimits.inboxReplyPerAccount.limit);
  });

  it("archives and restores from the thread (audited), and marking unread returns to the inbox view", async () => {
    const { admin, message } = await setUp();
    expect(await postToThread(admin, message.id, { intent: "archive", messageId: message.id })).toMatchObject({
      status: 200,
      data: { changed: "archive" },
    });
    expect((await findContactMessage(database.db, message.id))?.archivedAt).not.toBeNull();
    // Twice changes nothing, and audits nothing more.
    await postToThread(admin, message.id, { intent: "archive", messageId: message.id });
    await postToThread(admin, message.id, { intent: "unarchive", messageId: message.id });
    expect((await findContactMessage(database.db, message.id))?.archivedAt).toBeNull();
    expect((await auditOf(message.id)).map((entry) => entry.action).sort()).toEqual([
      "inbox.archive",
      "inbox.unarchive",
    ]);

    await setContactMessageRead(database.db, message.id, true);
    const unread = await postToThread(admin, message.id, { intent: "unread" }, "?kind=report&page=2");
    expect(unread.status).toBe(302);
    expect(unread.headers.get("Location")).toBe("/admin/adminMessage?kind=report&page=2");
    expect((await findContactMessage(database.db, message.id))?.readAt).toBeNull();
  });

  it("changes a message from the list, and names an unknown message or action", async () => {
    const { admin, message } = await setUp();
    const postToList = (form: Record<string, string>) =>
      answered(() =>
        inbox.action({
          request: formPost("http://localhost/admin/adminMessage", form),
          params: {},
          context: contextOf(admin),
        } as never),
      );
    expect(await postToList({ intent: "read", messageId: message.id })).toMatchObject({
      status: 200,
      data: { done: "“Periods of 1/7” is marked read." },
    });
    expect(await postToList({ intent: "read", messageId: message.id })).toMatchObject({
      data: { done: "“Periods of 1/7” was already marked read." },
    });
    expect(await postToList({ intent: "archive", messageId: message.id })).toMatchObject({
      data: { done: "“Periods of 1/7” is archived." },
    });
    expect(await auditOf(message.id)).toEqual([expect.objectContaining({ action: "inbox.archive" })]);
    expect(await postToList({ intent: "archive", messageId: crypto.randomUUID() })).toMatchObject({
      status: 404,
      data: { error: "This message no longer exists." },
    });
    expect(await postToList({ intent: "delete", messageId: message.id })).toMatchObject({
      status: 400,
      data: { error: "Choose one of the message's actions." },
    });
    expect(await postToList({ intent: "read", messageId: "1" })).toMatchObject({
      status: 400,
      data: { error: "Choose a message from the list." },
    });
  });

  it("lists the inbox from the address's filters and search, refusing a search that is too long", async () => {
    const { admin, message } = await setUp();
    const list = (search: string) =>
      answered(() =>
        inbox.loader({
          request: new Request(`http://localhost/admin/adminMessage${search}`),
          params: {},
          context: contextOf(admin),
        } as never),
      );
    const found = await list(`?q=${encodeURIComponent(message.email.toUpperCase())}`);
    expect(found.data).toMatchObject({
      total: 1,
      messages: [{ id: message.id, unread: true, archived: false, replyCount: 0, kind: "contact" }],
      query: { q: message.email.toUpperCase(), kind: "all", state: "inbox", page: 1 },
      searchError: null,
    });
    expect(
      (await list(`?q=${encodeURIComponent(message.email)}&kind=report&state=nonsense&page=x`)).data,
    ).toMatchObject({ total: 0, query: { kind: "report", state: "inbox", page: 1 } });
    expect((await list(`?q=${"x".repeat(101)}`)).data).toMatchObject({
      searchError: "Search for at most 100 characters.",
      query: { q: "" },
    });
  });
});
