import { describe, expect, it } from "vitest";
import { fixedQuestionContent } from "#tests/setup/fixed-question-content";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  countUnreadContactMessages,
  createContactMessage,
  findContactMessage,
  listContactReplies,
  listInbox,
  recordContactReply,
  setContactMessageArchived,
  setContactMessageRead,
} from "./contact-message.server";
import { createQuizQuestion } from "./quiz-question.server";
import { createUser } from "./user.server";

describe.each(testDialects)("contact messages on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  const base = { name: "Ada", email: "ada@example.org", subject: "Hello", message: "A question about primes." };
  let counter = 0;
  /** Text no other test's messages contain, to search each test's own messages by. */
  const marker = (label: string) => `${label}-${dialect}-${(counter += 1)}-${crypto.randomUUID().slice(0, 8)}`;
  const search = (needle: string, options: Parameters<typeof listInbox>[1] = {}) =>
    listInbox(database.db, { search: needle, ...options });

  it("stores a message with its sender and returns it unread, in the inbox", async () => {
    const user = await createUser(database.db, { email: `sender-${dialect}@example.org`, passwordHash: null });
    const before = new Date().toISOString();
    const created = await createContactMessage(database.db, { ...base, userId: user.id });
    const after = new Date().toISOString();
    expect(created).toMatchObject({
      ...base,
      kind: "contact",
      userId: user.id,
      questionId: null,
      readAt: null,
      archivedAt: null,
    });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.createdAt >= before && created.createdAt <= after).toBe(true);
    expect(await findContactMessage(database.db, created.id)).toEqual(created);
    expect((await listInbox(database.db)).messages).toContainEqual({ ...created, replyCount: 0 });
  });

  it("stores a message from a guest without a user, and refuses a user id that does not exist", async () => {
    const created = await createContactMessage(database.db, { ...base, userId: null });
    expect(created.userId).toBeNull();
    await expect(createContactMessage(database.db, { ...base, userId: crypto.randomUUID() })).rejects.toThrow();
  });

  it("stores a question report with its question, and refuses a question that does not exist", async () => {
    const question = await createQuizQuestion(database.db, {
      content: fixedQuestionContent("What is 2^3 mod 7?"),
      authorId: null,
    });
    const text = marker("report");
    const report = await createContactMessage(database.db, {
      ...base,
      subject: "Question report: an author's question",
      message: `${text}: the key is wrong.`,
      userId: null,
      kind: "question_report",
      questionId: question.id,
    });
    expect(report).toMatchObject({ kind: "question_report", questionId: question.id });
    await expect(
      createContactMessage(database.db, {
        ...base,
        userId: null,
        kind: "question_report",
        questionId: crypto.randomUUID(),
      }),
    ).rejects.toThrow();
    expect((await search(text, { kind: "report" })).messages.map((message) => message.id)).toEqual([report.id]);
    expect((await search(text, { kind: "contact" })).messages).toEqual([]);
  });

  it("lists the newest messages first, a page at a time, and shows the last page for one beyond it", async () => {
    const text = marker("paged");
    const times = ["2040-01-01T10:00:00Z", "2040-01-03T10:00:00Z", "2040-01-02T10:00:00Z", "2040-01-04T10:00:00Z"];
    for (const [index, time] of times.entries()) {
      testClock.set(time);
      await createContactMessage(database.db, { ...base, subject: `${text} #${index}`, userId: null });
    }
    const first = await search(text, { pageSize: 3 });
    expect(first).toMatchObject({ total: 4, page: 1, pageCount: 2 });
    expect(first.messages.map((message) => message.subject)).toEqual([`${text} #3`, `${text} #1`, `${text} #2`]);
    const second = await search(text, { pageSize: 3, page: 2 });
    expect(second.messages.map((message) => message.subject)).toEqual([`${text} #0`]);
    expect(await search(text, { pageSize: 3, page: 99 })).toMatchObject({ page: 2, pageCount: 2 });
    expect(await search(text, { pageSize: 3, page: -3 })).toMatchObject({ page: 1 });

    // Newest first across the whole inbox too.
    const createdAts = (await listInbox(database.db, { pageSize: 1000 })).messages.map((message) => message.createdAt);
    expect(createdAts).toEqual([...createdAts].sort().reverse());
    expect(await search(marker("nothing"))).toMatchObject({ messages: [], total: 0, page: 1, pageCount: 1 });
  });

  it("marks a message read and unread again, saying whether anything changed", async () => {
    testClock.set("2041-02-03T04:05:06.000Z");
    const message = await createContactMessage(database.db, { ...base, userId: null });
    expect(await setContactMessageRead(database.db, message.id, true)).toBe("changed");
    expect((await findContactMessage(database.db, message.id))?.readAt).toBe("2041-02-03T04:05:06.000Z");
    // Opening it again later keeps the first reading.
    testClock.advance(60_000);
    expect(await setContactMessageRead(database.db, message.id, true)).toBe("unchanged");
    expect((await findContactMessage(database.db, message.id))?.readAt).toBe("2041-02-03T04:05:06.000Z");
    expect(await setContactMessageRead(database.db, message.id, false)).toBe("changed");
    expect((await findContactMessage(database.db, message.id))?.readAt).toBeNull();
    expect(await setContactMessageRead(database.db, message.id, false)).toBe("unchanged");
    expect(await setContactMessageRead(database.db, crypto.randomUUID(), true)).toBe("not-found");
  });

  it("archives a message and brings it back to the inbox", async () => {
    testClock.set("2041-03-04T05:06:07.000Z");
    const text = marker("archive");
    const message = await createContactMessage(database.db, { ...base, message: text, userId: null });
    expect(await setContactMessageArchived(database.db, message.id, true)).toBe("changed");
    expect((await findContactMessage(database.db, message.id))?.archivedAt).toBe("2041-03-04T05:06:07.000Z");
    expect(await setContactMessageArchived(database.db, message.id, true)).toBe("unchanged");
    expect((await search(text)).messages).toEqual([]);
    expect((await search(text, { state: "archived" })).messages.map((entry) => entry.id)).toEqual([message.id]);
    expect(await setContactMessageArchived(database.db, message.id, false)).toBe("changed");
    expect(await setContactMessageArchived(database.db, message.id, false)).toBe("unchanged");
    expect((await search(text)).messages.map((entry) => entry.id)).toEqual([message.id]);
    expect((await search(text, { state: "archived" })).messages).toEqual([]);
    expect(await setContactMessageArchived(database.db, crypto.randomUUID(), true)).toBe("not-found");
  });

  it("filters by kind and state, and counts each filter under the search", async () => {
    const text = marker("filters");
    const make = async (kind: "contact" | "question_report", state: "unread" | "read" | "archived") => {
      const message = await createContactMessage(database.db, {
        ...base,
        subject: `${text} ${kind} ${state}`,
        userId: null,
        kind,
      });
      if (state !== "unread") await setContactMessageRead(database.db, message.id, true);
      if (state === "archived") await setContactMessageArchived(database.db, message.id, true);
      return message.id;
    };
    const ids = {
      contactUnread: await make("contact", "unread"),
      contactRead: await make("contact", "read"),
      contactArchived: await make("contact", "archived"),
      reportUnread: await make("question_report", "unread"),
      reportUnread2: await make("question_report", "unread"),
      reportArchived: await make("question_report", "archived"),
    };
    const listed = async (options: Parameters<typeof listInbox>[1]) =>
      (await search(text, options)).messages.map((message) => message.id).sort();

    expect(await listed({})).toEqual([ids.contactUnread, ids.contactRead, ids.reportUnread, ids.reportUnread2].sort());
    expect(await listed({ state: "unread" })).toEqual([ids.contactUnread, ids.reportUnread, ids.reportUnread2].sort());
    expect(await listed({ state: "archived" })).toEqual([ids.contactArchived, ids.reportArchived].sort());
    expect(await listed({ kind: "contact" })).toEqual([ids.contactUnread, ids.contactRead].sort());
    expect(await listed({ kind: "report", state: "unread" })).toEqual([ids.reportUnread, ids.reportUnread2].sort());
    expect(await listed({ kind: "contact", state: "archived" })).toEqual([ids.contactArchived]);

    expect((await search(text)).counts).toEqual({
      states: { inbox: 4, unread: 3, archived: 2 },
      kinds: { all: 4, contact: 2, report: 2 },
    });
    expect((await search(text, { kind: "report", state: "archived" })).counts).toEqual({
      states: { inbox: 2, unread: 2, archived: 1 },
      kinds: { all: 2, contact: 1, report: 1 },
    });
    const unreadReports = await search(text, { kind: "report", state: "unread" });
    expect(unreadReports).toMatchObject({ total: 2, counts: { states: { unread: 2 }, kinds: { report: 2 } } });
  });

  it("searches name, address, subject and text in any case, Unicode included", async () => {
    const text = marker("case");
    const byField = {
      name: await createContactMessage(database.db, { ...base, name: `Ülrike ${text}-NAME`, userId: null }),
      email: await createContactMessage(database.db, { ...base, email: `${text}-mail@Example.ORG`, userId: null }),
      subject: await createContactMessage(database.db, { ...base, subject: `Über ${text}-Subject`, userId: null }),
      message: await createContactMessage(database.db, { ...base, message: `Ärger: ${text}-TEXT here`, userId: null }),
    };
    const found = async (needle: string) => (await search(needle)).messages.map((message) => message.id);
    expect(await found(`${text}-name`.toUpperCase())).toEqual([byField.name.id]);
    expect(await found(`${text}-MAIL@example.org`)).toEqual([byField.email.id]);
    expect(await found(`${text}-subject`)).toEqual([byField.subject.id]);
    expect(await found(`${text}-text`)).toEqual([byField.message.id]);
    expect(await found(`ülrike ${text}`)).toEqual([byField.name.id]);
    expect(await found(`ÜBER ${text}`)).toEqual([byField.subject.id]);
    expect(await found(`ärger: ${text}`.toUpperCase())).toEqual([byField.message.id]);
    // Surrounding spaces are not part of the search.
    expect(await found(`  ${text}-text  `)).toEqual([byField.message.id]);
  });

  it("takes LIKE's wildcards and the escape character literally", async () => {
    const text = marker("wild");
    const percent = await createContactMessage(database.db, { ...base, subject: `${text} 100% sure`, userId: null });
    const underscore = await createContactMessage(database.db, { ...base, subject: `${text} a_b`, userId: null });
    const backslash = await createContactMessage(database.db, { ...base, subject: `${text} C:\\dir`, userId: null });
    await createContactMessage(database.db, { ...base, subject: `${text} 1000 sure axb C:dir`, userId: null });
    const found = async (needle: string) => (await search(needle)).messages.map((message) => message.id);
    expect(await found(`${text} 100%`)).toEqual([percent.id]);
    expect(await found("0% s")).toEqual(expect.arrayContaining([percent.id]));
    expect(await found(`${text} a_b`)).toEqual([underscore.id]);
    expect(await found(`${text} C:\\d`)).toEqual([backslash.id]);
    expect(await found(`${text}%`)).toEqual([]);
    expect(await found(`${text}_`)).toEqual([]);
  });

  it("keeps replies on the thread, oldest first with their authors, and marks the message read", async () => {
    const admin = await createUser(database.db, {
      email: `replier-${dialect}@example.org`,
      passwordHash: null,
      role: "admin",
    });
    const text = marker("replies");
    testClock.set("2042-05-06T07:08:09.000Z");
    const message = await createContactMessage(database.db, { ...base, message: text, userId: null });
    expect(await countUnreadContactMessages(database.db)).toBeGreaterThan(0);
    const unreadBefore = await countUnreadContactMessages(database.db);

    testClock.set("2042-05-06T09:00:00.000Z");
    const first = await recordContactReply(database.db, {
      messageId: message.id,
      authorId: admin.id,
      recipient: base.email,
      subject: "Re: Hello",
      body: "Thank you for writing.",
    });
    expect(first).toEqual({
      id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      messageId: message.id,
      author: { id: admin.id, email: admin.email, displayName: null },
      recipient: base.email,
      subject: "Re: Hello",
      body: "Thank you for writing.",
      sentAt: "2042-05-06T09:00:00.000Z",
    });
    expect((await findContactMessage(database.db, message.id))?.readAt).toBe("2042-05-06T09:00:00.000Z");
    expect(await countUnreadContactMessages(database.db)).toBe(unreadBefore - 1);

    // A second reply keeps the first reading; the author's account may be gone by then.
    testClock.set("2042-05-07T09:00:00.000Z");
    const second = await recordContactReply(database.db, {
      messageId: message.id,
      authorId: null,
      recipient: base.email,
      subject: "Re: Hello",
      body: "One more thing.",
    });
    expect(second?.author).toBeNull();
    expect((await findContactMessage(database.db, message.id))?.readAt).toBe("2042-05-06T09:00:00.000Z");
    expect((await listContactReplies(database.db, message.id)).map((reply) => reply.body)).toEqual([
      "Thank you for writing.",
      "One more thing.",
    ]);
    expect((await search(text)).messages[0]?.replyCount).toBe(2);

    // Deleting the admin's account keeps the reply without its author.
    await database.db.deleteFrom("users").where("id", "=", admin.id).execute();
    expect((await listContactReplies(database.db, message.id))[0]).toMatchObject({
      author: null,
      body: "Thank you for writing.",
    });

    expect(
      await recordContactReply(database.db, {
        messageId: crypto.randomUUID(),
        authorId: null,
        recipient: base.email,
        subject: "Re: nothing",
        body: "Lost.",
      }),
    ).toBeNull();
  });

  it("counts only unread messages still in the inbox", async () => {
    const before = await countUnreadContactMessages(database.db);
    const unread = await createContactMessage(database.db, { ...base, userId: null });
    const archived = await createContactMessage(database.db, { ...base, userId: null });
    await setContactMessageArchived(database.db, archived.id, true);
    expect(await countUnreadContactMessages(database.db)).toBe(before + 1);
    await setContactMessageRead(database.db, unread.id, true);
    expect(await countUnreadContactMessages(database.db)).toBe(before);
  });

  it("stores HTML and script text verbatim, leaving escaping to the view", async () => {
    const hostile = {
      name: `<b>Eve</b> & "friends"`,
      email: "eve@example.org",
      subject: `<img src=x onerror="alert('x')">`,
      message: `</textarea><script>alert(document.cookie)</script>\n'; DROP TABLE contact_messages; --\n∑ ünïcødé 🙂`,
      userId: null,
    };
    const created = await createContactMessage(database.db, hostile);
    expect(created).toMatchObject(hostile);
    expect(await findContactMessage(database.db, created.id)).toMatchObject(hostile);
    expect((await search("DROP TABLE contact_messages")).messages.map((message) => message.id)).toContain(created.id);
  });
});
