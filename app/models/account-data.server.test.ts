import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase, type TestDatabase } from "#tests/setup/test-database";
import { hashToken } from "../utils/secure-token.server";
import { foreignKeys, primaryKeys, userReferences } from "#tests/setup/user-references";
import { deleteAccount, exportAccountData, NOT_EXPORTED } from "./account-data.server";
import { writeSetting } from "./app-settings.server";
import { recordAudit } from "./audit-log.server";
import { startAuthFlow } from "./auth-flow.server";
import { createContactMessage, listInbox, recordContactReply } from "./contact-message.server";
import { createEmailToken } from "./email-token.server";
import { storeOutboxMail } from "./outbox-mail.server";
import { saveBillingCustomer } from "./billing-customer.server";
import { createChapter } from "./chapter.server";
import { claimCheckout, markCheckoutOpen } from "./checkout.server";
import { grantComplimentaryPremium } from "./complimentary-grant.server";
import { createIdentity } from "./identity.server";
import { claimSubmissionKey, storeSubmissionAnswer } from "./idempotent-submission.server";
import { createPasskey } from "./passkey.server";
import { createPrimeRecord } from "./prime-record.server";
import { createQuizQuestion } from "./quiz-question.server";
import { createQuizSet } from "./quiz-set.server";
import { finishAttempt, recordAnswer, recordHint, startAttempt } from "./quiz.server";
import { consumeRateLimit } from "./rate-limit.server";
import { writeDailyGoal } from "./daily-goal.server";
import { recordExerciseAnswer } from "./exercise-answer.server";
import { markSectionRead } from "./reading-progress.server";
import { insertAnalyticsEvents } from "./analytics-event.server";
import { createSection } from "./section.server";
import { createSend } from "./push-send.server";
import { createSession } from "./session.server";
import { applySubscriptionReadings } from "./subscription.server";
import { countActiveAdmins, createUser, setDisplayName, setPreferences, setRole } from "./user.server";

let recordsMade = 0;
const agent = (tag: string) => `Mozilla/5.0 (X11; Linux x86_64) Agent-${tag}/1.0`;

/**
 * An account with something in every table that can hold personal data, and the strings that identify it.
 * Every table whose rows refer to a user needs a row here: the coverage tests below find those tables in
 * the schema and fail for one this leaves empty.
 */
async function populatedAccount(database: TestDatabase, tag: string) {
  const { db } = database;
  const email = `person-${tag}@example.org`;
  const user = await createUser(db, { email, passwordHash: "argon2-hash-of-the-password" });
  await setDisplayName(db, user.id, `Ada ${tag} Lovelace`);
  await setPreferences(db, user.id, { theme: "dark", reducedMotion: true, largerText: false });
  await createSession(db, user.id, agent(tag));
  await createIdentity(db, { userId: user.id, provider: "idp", subject: `subject-${tag}`, email });
  await createPasskey(db, {
    id: `credential-${tag}`,
    userId: user.id,
    publicKey: `public-key-${tag}`,
    counter: 3,
    transports: ["internal"],
    name: `Laptop ${tag}`,
  });
  await createEmailToken(db, { purpose: "verify-email", email, userId: user.id });
  await createEmailToken(db, { purpose: "signup", email, passwordHash: "hash" });
  await createContactMessage(db, {
    name: `Ada ${tag}`,
    email,
    subject: "Hello",
    message: "A question",
    userId: user.id,
  });
  await createContactMessage(db, {
    name: `Ada ${tag}`,
    email,
    subject: "As a guest",
    message: "Before signing up",
    userId: null,
  });
  // The inbox: another administrator answered "Hello"; the person, as an administrator, answered a visitor.
  const colleague = await createUser(db, { email: `colleague-${tag}@example.org`, passwordHash: null, role: "admin" });
  const hello = (await listInbox(db, { search: email, pageSize: 100 })).messages.find((m) => m.subject === "Hello")!;
  await recordContactReply(db, {
    messageId: hello.id,
    authorId: colleague.id,
    recipient: email,
    subject: "Re: Hello",
    body: `An answer to Ada ${tag}`,
  });
  const visitor = await createContactMessage(db, {
    name: "A visitor",
    email: `visitor-${tag}@example.org`,
    subject: "A question",
    message: "How do I factor 91?",
    userId: null,
  });
  await recordContactReply(db, {
    messageId: visitor.id,
    authorId: user.id,
    recipient: visitor.email,
    subject: "Re: A question",
    body: "91 is 7 times 13.",
  });
  await storeOutboxMail(db, { to: email, subject: "Your link", text: "https://example.org/link" });
  await startAuthFlow(db, { kind: "passkey-register", userId: user.id, data: { challenge: `challenge-${tag}` } });
  await startAuthFlow(db, {
    kind: "oidc-link",
    userId: null,
    data: { provider: "idp", subject: `subject-${tag}`, email },
  });
  await consumeRateLimit(db, { name: "login:email", limit: 5, windowMs: 60_000 }, email);
  // A section the person wrote (as an admin would) and read.
  const chapter = await createChapter(db, { slug: `chapter-${tag}`, title: "Primes", summary: "s", access: "free" });
  if (!chapter.ok) throw new Error("no chapter");
  const section = await createSection(db, {
    chapterId: chapter.chapter.id,
    slug: "atoms",
    title: "Primes, the atoms",
    body: "Every whole number above 1 is a product of primes.",
    authorId: user.id,
  });
  if (!section.ok) throw new Error("no section");
  await markSectionRead(db, user.id, section.section.id);
  // An answer to one of its exercises.
  await recordExerciseAnswer(db, {
    userId: user.id,
    sectionId: section.section.id,
    revisionId: section.section.revisionId,
    exerciseNumber: 1,
    skillId: "prime-factorization",
    answers: ["7*13"],
    partResults: [true],
    hintsUsed: 1,
    revealed: false,
  });
  await writeDailyGoal(db, user.id, { kind: "questions", target: 4, timeZone: "Europe/Paris" });
  // The receipt of that mark, as if it had been made offline and sent later.
  const receipt = { userId: user.id, key: crypto.randomUUID(), scope: `section-progress:${section.section.id}` };
  await claimSubmissionKey(db, receipt);
  await storeSubmissionAnswer(db, receipt, { status: 200, body: { error: null } });
  // Quizzes: an answered chapter quiz (with a hint), and an attempt at a set the person generated.
  const quiz = await startAttempt(db, {
    userId: user.id,
    mode: "chapter",
    chapterSlug: "exponential-remainders",
    items: [
      { templateId: "power-mod", skillId: "power-mod", seed: 4242, difficulty: 2 },
      { templateId: "multiplicative-order", skillId: "multiplicative-order", seed: 77, difficulty: 1 },
    ],
    dailyLimit: null,
  });
  if (!quiz.ok) throw new Error("no quiz");
  const [first, second] = quiz.attempt.items;
  await recordHint(db, first!.id, 2);
  await recordAnswer(db, { itemId: first!.id, answers: [`answer-${tag}`], partResults: [true], timeMs: 12_345 });
  await recordAnswer(db, { itemId: second!.id, answers: ["3", "x^2"], partResults: [false, true], timeMs: 999 });
  await finishAttempt(db, quiz.attempt.id);
  const set = await createQuizSet(db, {
    title: `Set by ${tag}`,
    kind: "quiz",
    items: [{ templateId: "power-mod", skillId: "power-mod", seed: 1, difficulty: 1 }],
    createdBy: user.id,
  });
  await startAttempt(db, {
    userId: user.id,
    mode: "set",
    chapterSlug: null,
    setId: set.id,
    items: [{ templateId: "power-mod", skillId: "power-mod", seed: 1, difficulty: 1 }],
    dailyLimit: null,
  });
  await createQuizQuestion(db, {
    content: {
      skillId: "power-mod",
      difficulty: 2,
      prompt: `A question by ${tag}`,
      parts: [{ prompt: "The remainder", key: { kind: "integer", value: "2" } }],
      hints: ["Look for a power that is 1."],
      solution: "$2^3 \\equiv 1 \\pmod 7$.",
    },
    authorId: user.id,
  });
  const record = await createPrimeRecord(db, {
    kind: "form",
    content: {
      form: "twin",
      number: `${++recordsMade} · 2^1000 ± 1`,
      digits: 302,
      year: 2030,
      discoverer: "A. Tester",
      source: "https://t5k.org/top20/page.php?id=1",
      asOf: "2030-01",
    },
    authorId: user.id,
  });
  if (!record.ok) throw new Error("no record");
  await writeSetting(db, "freeQuizAttemptsPerDay", 7, user.id);
  // Payments: a customer with a subscription that ended, a checkout left open, complimentary premium.
  await saveBillingCustomer(db, { userId: user.id, provider: "stripe", customerId: `cus_${tag}` });
  await applySubscriptionReadings(db, {
    userId: user.id,
    provider: "stripe",
    observedAt: "2030-03-01T00:00:00.000Z",
    readings: [
      {
        customerId: `cus_${tag}`,
        subscriptionId: `sub_${tag}`,
        plan: "monthly",
        status: "canceled",
        amountMinor: 499,
        currency: "eur",
        currentPeriodEnd: "2030-02-01T00:00:00.000Z",
        trialEnd: "2030-01-08T00:00:00.000Z",
        cancelAtPeriodEnd: true,
        pastDueSince: null,
        pausedFrom: null,
        pausedUntil: null,
        firstPaymentAt: "2030-01-08T00:00:00.000Z",
        endedAt: "2030-02-01T00:00:00.000Z",
      },
    ],
  });
  const checkout = await claimCheckout(db, {
    userId: user.id,
    provider: "stripe",
    plan: "yearly",
    amountMinor: 3999,
    currency: "EUR",
    trialDays: 0,
    returnTo: "/chapters/primes",
  });
  if (!checkout.claimed) throw new Error("no checkout");
  await markCheckoutOpen(db, checkout.checkout.id, {
    sessionId: `cs_${tag}`,
    url: `https://checkout.stripe.com/c/pay/cs_${tag}#secret-fragment-${tag}`,
  });
  await grantComplimentaryPremium(
    db,
    null,
    { id: user.id, email },
    { until: "2999-01-01T00:00:00.000Z", reason: `Prize ${tag}` },
  );
  await recordAudit(db, { actor: null, action: "role.grant", target: { id: user.id, email } });
  // Usage events sent while signed in with analytics on (the account's own; a guest's have no user_id).
  await insertAnalyticsEvents(db, [
    {
      id: `analytics-answer-${tag}`,
      name: "quiz_answer",
      occurred_at: "2030-01-02T10:00:00.000Z",
      day: "2030-01-02",
      received_at: "2030-01-02T10:00:05.000Z",
      visitor: `visitor${tag}`.padEnd(16, "0"),
      user_id: user.id,
      route: "/quiz/:attemptId",
      path: `/quiz/attempt-of-${tag}`,
      referrer: null,
      device: "phone",
      subject: "power-mod",
      outcome: "right",
      props: JSON.stringify({ hints: 1 }),
    },
  ]);
  // Web push: settings, a topic, a device (on the session above) and a notification delivered to it,
  // plus one composed as an administrator.
  const [session] = await db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
  await db
    .insertInto("notification_settings")
    .values({
      user_id: user.id,
      time_zone: "Europe/Paris",
      reminder_hour: 19,
      quiet_start: 22,
      quiet_end: 7,
      last_reminder_on: "2030-01-03",
      updated_at: "2030-01-01T00:00:00.000Z",
    })
    .execute();
  await db.insertInto("push_topics").values({ user_id: user.id, topic: "review-reminders" }).execute();
  const device = `push-device-${tag}`;
  await db
    .insertInto("push_subscriptions")
    .values({
      id: device,
      user_id: user.id,
      session_id: session!.id,
      endpoint: `https://push.example.org/send/endpoint-${tag}`,
      p256dh: `p256dh-${tag}`,
      auth: `auth-${tag}`,
      user_agent: agent(`push-${tag}`),
      created_at: "2030-01-01T00:00:00.000Z",
      refreshed_at: "2030-01-02T00:00:00.000Z",
    })
    .execute();
  const send = await createSend(db, {
    kind: "campaign",
    title: `News for ${tag}`,
    body: "A new chapter is out.",
    url: "/chapter/periods-and-primes",
    topic: "new-content",
    audience: "user",
    audienceUserId: user.id,
    createdBy: user.id,
    scheduledFor: "2030-01-03T00:00:00.000Z",
  });
  await db
    .insertInto("push_deliveries")
    .values({
      id: `push-delivery-${tag}`,
      send_id: send.id,
      subscription_id: device,
      user_id: user.id,
      push_service: "push.example.org",
      body: `3 skills are due, ${tag}`,
      status: "sent",
      not_before: "2030-01-03T00:00:00.000Z",
      attempts: 1,
      last_error: null,
      updated_at: "2030-01-03T00:00:01.000Z",
      sent_at: "2030-01-03T00:00:01.000Z",
    })
    .execute();
  // The team's todo list: an item the person made and is assigned, changed last by the colleague, and
  // the person's comment on it.
  await db
    .insertInto("todo_items")
    .values({
      id: `todo-${tag}`,
      title: `Proofread chapter 2, ${tag}`,
      notes: "Check $\\varphi(12) = 4$.",
      assignee_id: user.id,
      due_on: "2030-02-01",
      priority: "high",
      status: "doing",
      position: 0,
      version: 2,
      created_by: user.id,
      created_at: "2030-01-04T00:00:00.000Z",
      updated_by: colleague.id,
      updated_at: "2030-01-05T00:00:00.000Z",
      done_at: null,
    })
    .execute();
  await db
    .insertInto("todo_comments")
    .values({
      id: `todo-comment-${tag}`,
      todo_id: `todo-${tag}`,
      author_id: user.id,
      body: `On it, ${tag}`,
      created_at: "2030-01-04T01:00:00.000Z",
    })
    .execute();
  // A request to the content assistant, with a draft saved from it.
  await db
    .insertInto("assistant_requests")
    .values({
      id: `assistant-${tag}`,
      admin_id: user.id,
      task: "example",
      chapter_id: null,
      skill: "multiplicative-order",
      instructions: `The order of 3 modulo 7, ${tag}`,
      prompt: JSON.stringify([{ role: "user", content: `The order of 3 modulo 7, ${tag}` }]),
      model: "local-model",
      response: `The order of 3 modulo 7 is 6, ${tag}.`,
      prompt_tokens: 120,
      completion_tokens: 40,
      status: "finished",
      error: `none-${tag}`,
      created_at: "2030-01-06T00:00:00.000Z",
      finished_at: "2030-01-06T00:00:05.000Z",
      draft_ref: `section:draft-${tag}`,
    })
    .execute();
  const other = await createUser(db, { email: `someone-else-${tag}@example.org`, passwordHash: null });
  await recordAudit(db, {
    actor: { id: user.id, email },
    action: "sessions.revoke",
    target: { id: other.id, email: other.email },
    details: { sessionsEnded: 2 },
  });
  return {
    user,
    traces: [
      email,
      user.id,
      `Ada ${tag}`,
      agent(tag),
      `subject-${tag}`,
      `credential-${tag}`,
      `public-key-${tag}`,
      `answer-${tag}`,
      `cus_${tag}`,
      `sub_${tag}`,
      `cs_${tag}`,
      `analytics-answer-${tag}`,
      `/quiz/attempt-of-${tag}`,
      `endpoint-${tag}`,
      `p256dh-${tag}`,
      `3 skills are due, ${tag}`,
    ],
  };
}

/** Every row of every table, as text. */
async function wholeDatabase(database: TestDatabase): Promise<string> {
  const tables = (await database.db.introspection.getTables()).map((table) => table.name);
  const dumps = await Promise.all(
    tables.map(async (table) => JSON.stringify(await sql`select * from ${sql.table(table)}`.execute(database.db))),
  );
  return dumps.join("\n");
}

type Row = Record<string, unknown>;

/**
 * Every row that refers to the user, by table: through a column that names a user (found in the
 * schema, not listed here), or owned through a key that cascades from such a row (a quiz attempt's
 * questions).
 */
async function rowsAbout(database: TestDatabase, userId: string): Promise<Map<string, Row[]>> {
  const { db, dialect } = database;
  const found = new Map<string, Row[]>();
  const add = (table: string, rows: Row[]): number => {
    const known = found.get(table) ?? [];
    const seen = new Set(known.map((row) => JSON.stringify(row)));
    const fresh = rows.filter((row) => !seen.has(JSON.stringify(row)));
    if (fresh.length > 0) found.set(table, [...known, ...fresh]);
    return fresh.length;
  };
  const select = async (table: string, column: string, values: unknown[]) =>
    (await sql<Row>`select * from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(values)})`.execute(db))
      .rows;
  add("users", await select("users", "id", [userId]));
  for (const reference of await userReferences(db, dialect)) {
    add(reference.table, await select(reference.table, reference.column, [userId]));
  }
  const cascades = (await foreignKeys(db, dialect)).filter(
    (key) => key.onDelete === "cascade" && key.referencedTable !== "users",
  );
  for (let grew = true; grew;) {
    grew = false;
    for (const key of cascades) {
      const parents = (found.get(key.referencedTable) ?? []).map((row) => row[key.referencedColumn]);
      if (parents.length > 0 && add(key.table, await select(key.table, key.column, parents)) > 0) grew = true;
    }
  }
  return found;
}

/** How a stored value reads in the export's JSON: a JSON column as the structure it holds, text as a string. */
function asExported(value: string): string {
  if (/^[[{]/.test(value)) {
    try {
      return JSON.stringify(JSON.parse(value));
    } catch {
      // Text that merely starts with a bracket.
    }
  }
  return JSON.stringify(value);
}

/**
 * What the export misses: a table that refers to users where the account has no row (so the check
 * below cannot see it), a text value of a row about the account that is not in the file and not named
 * in NOT_EXPORTED, or a secret that is in the file.
 */
async function exportGaps(database: TestDatabase, userId: string): Promise<string[]> {
  const gaps: string[] = [];
  const rows = await rowsAbout(database, userId);
  for (const { table } of await userReferences(database.db, database.dialect)) {
    if (!rows.has(table)) {
      gaps.push(`${table} refers to users, but the test account has no row in it: give it one in populatedAccount`);
    }
  }
  const text = JSON.stringify(await exportAccountData(database.db, userId));
  for (const [table, tableRows] of rows) {
    for (const row of tableRows) {
      for (const [column, value] of Object.entries(row)) {
        if (typeof value !== "string") continue;
        const omission = NOT_EXPORTED.find(
          (entry) =>
            entry.table === table && (entry.columns === null || (entry.columns as readonly string[]).includes(column)),
        );
        const shown = text.includes(asExported(value));
        if (omission?.kind === "secret" && shown) gaps.push(`${table}.${column} is secret, yet in the export`);
        if (!omission && !shown) {
          gaps.push(`${table}.${column} (${value.slice(0, 40)}) is neither in the export nor named in NOT_EXPORTED`);
        }
      }
    }
  }
  return gaps.sort();
}

/**
 * Rows kept when an account is deleted, without the person: the audit log keeps what administrators did,
 * and the site's content keeps what editors wrote (docs/running.md says so). Every other row about the
 * account must go.
 */
const KEPT_WITHOUT_THE_PERSON = new Set([
  "audit_log",
  "section_revisions",
  "quiz_question_revisions",
  "prime_record_revisions",
  "quiz_sets",
  "app_settings",
  "push_sends",
  "todo_items",
  "todo_comments",
  "assistant_requests",
]);

/**
 * A reply the person sent from the inbox as an administrator stays on the other person's thread without
 * its author; a reply to the person's own message goes with that message.
 */
function keptAsAuthor(table: string, row: Row, userId: string): boolean {
  return table === "contact_replies" && row.author_id === userId;
}

/** What deleting left behind: rows about the account that remain, or kept rows that still name it. */
async function deletionGaps(
  database: TestDatabase,
  doomed: { id: string; email: string },
  before: Map<string, Row[]>,
): Promise<string[]> {
  const gaps: string[] = [];
  for (const [table, rows] of before) {
    const keys = await primaryKeys(database.db, database.dialect, table);
    for (const row of rows) {
      const match = sql.join(
        keys.map((key) => sql`${sql.ref(key)} = ${row[key]}`),
        sql` and `,
      );
      const now = (await sql<Row>`select * from ${sql.table(table)} where ${match}`.execute(database.db)).rows[0];
      if (!KEPT_WITHOUT_THE_PERSON.has(table) && !keptAsAuthor(table, row, doomed.id)) {
        if (now) gaps.push(`${table}: a row about the deleted account remains`);
      } else if (!now) {
        gaps.push(`${table}: a row that is kept without the person was deleted`);
      } else if ([doomed.id, doomed.email].some((trace) => JSON.stringify(now).includes(trace))) {
        gaps.push(`${table}: a kept row still names the deleted account`);
      }
    }
  }
  for (const table of (await rowsAbout(database, doomed.id)).keys()) gaps.push(`${table} still refers to the account`);
  return gaps.sort();
}

describe.each(testDialects)("account data on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("exports everything stored about the account, without secrets", async () => {
    const { user } = await populatedAccount(database, "export");
    const exported = await exportAccountData(database.db, user.id);
    expect(exported.account).toMatchObject({
      email: user.email,
      displayName: "Ada export Lovelace",
      hasPassword: true,
    });
    expect(exported.sessions).toEqual([expect.objectContaining({ device: agent("export") })]);
    expect(exported.linkedIdentities).toEqual([
      expect.objectContaining({ provider: "idp", subject: "subject-export" }),
    ]);
    expect(exported.passkeys).toEqual([
      expect.objectContaining({ credentialId: "credential-export", transports: ["internal"] }),
    ]);
    expect(exported.emailLinks.map((link) => link.purpose).sort()).toEqual(["signup", "verify-email"]);
    expect(exported.contactMessages.map((message) => message.subject).sort()).toEqual(["As a guest", "Hello"]);
    expect(exported.contactMessages.find((message) => message.subject === "Hello")).toMatchObject({
      kind: "contact",
      questionId: null,
      archivedByStaffAt: null,
      replies: [
        { id: expect.any(String), subject: "Re: Hello", body: "An answer to Ada export", sentAt: expect.any(String) },
      ],
    });
    expect(exported.inboxRepliesWritten).toEqual([
      {
        id: expect.any(String),
        messageId: expect.any(String),
        subject: "Re: A question",
        body: "91 is 7 times 13.",
        sentAt: expect.any(String),
      },
    ]);
    // The colleague who answered and the visitor's address are other people's.
    expect(JSON.stringify(exported)).not.toContain("colleague-export@example.org");
    expect(JSON.stringify(exported)).not.toContain("visitor-export@example.org");
    expect(exported.mailboxCopies).toEqual([expect.objectContaining({ subject: "Your link" })]);
    expect(exported.administratorActions.map((entry) => entry.action).sort()).toEqual(["premium.grant", "role.grant"]);
    expect(exported.billing).toEqual({
      customers: [{ provider: "stripe", customerId: "cus_export", trialUsedAt: null, createdAt: expect.any(String) }],
      subscriptions: [
        expect.objectContaining({
          subscriptionId: "sub_export",
          plan: "monthly",
          status: "canceled",
          amountMinor: 499,
          currency: "eur",
          cancelAtPeriodEnd: true,
          firstPaymentAt: "2030-01-08T00:00:00.000Z",
          endedAt: "2030-02-01T00:00:00.000Z",
        }),
      ],
      checkouts: [
        expect.objectContaining({
          plan: "yearly",
          amountMinor: 3999,
          currency: "EUR",
          sessionId: "cs_export",
          state: "open",
        }),
      ],
      complimentaryPremium: [
        {
          id: expect.any(String),
          until: "2999-01-01T00:00:00.000Z",
          reason: "Prize export",
          grantedAt: expect.any(String),
          withdrawnAt: null,
        },
      ],
    });
    expect(exported.readingProgress).toEqual([
      {
        sectionId: expect.any(String),
        chapter: "chapter-export",
        section: "atoms",
        sectionTitle: "Primes, the atoms",
        readAt: expect.any(String),
      },
    ]);
    expect(exported.analyticsEvents).toEqual([
      {
        id: "analytics-answer-export",
        name: "quiz_answer",
        occurredAt: "2030-01-02T10:00:00.000Z",
        day: "2030-01-02",
        receivedAt: "2030-01-02T10:00:05.000Z",
        visitorOfTheDay: "visitorexport000",
        route: "/quiz/:attemptId",
        path: "/quiz/attempt-of-export",
        referrer: null,
        device: "phone",
        subject: "power-mod",
        outcome: "right",
        properties: { hints: 1 },
      },
    ]);
    const text = JSON.stringify(exported);
    expect(text).not.toContain("argon2-hash-of-the-password");
    // The checkout page's address carries the provider's key to it.
    expect(text).not.toContain("secret-fragment-export");
    const sessionIds = await database.db.selectFrom("sessions").select("id").where("user_id", "=", user.id).execute();
    for (const { id } of sessionIds) expect(text).not.toContain(id);
  });

  it("deletes the account so that nothing personal remains in any table, and leaves other accounts alone", async () => {
    const doomed = await populatedAccount(database, "doomed");
    const bystander = await populatedAccount(database, "bystander");
    const auditCount = async () => (await database.db.selectFrom("audit_log").select("id").execute()).length;
    const auditBefore = await auditCount();
    const before = await wholeDatabase(database);
    for (const trace of doomed.traces) expect(before, trace).toContain(trace);

    expect(await deleteAccount(database.db, doomed.user.id)).toBe("deleted");

    const after = await wholeDatabase(database);
    for (const trace of doomed.traces) expect(after, `"${trace}" remains`).not.toContain(trace);
    expect(after).not.toContain(hashToken(doomed.user.email).slice(0, 32));
    for (const trace of bystander.traces) expect(after, `bystander's "${trace}"`).toContain(trace);
    // The lessons stay; the reading marks go, and the revisions the person wrote lose their author.
    expect(after).toContain("Every whole number above 1 is a product of primes.");
    // What administrators did stays on record, without naming the person.
    expect(await auditCount()).toBe(auditBefore);
    expect(await deleteAccount(database.db, doomed.user.id)).toBe("not-found");
  });

  it("finds the columns that refer to users in the schema itself, on this dialect", async () => {
    const references = await userReferences(database.db, dialect);
    expect(references).toEqual(
      expect.arrayContaining([
        { table: "sessions", column: "user_id", onDelete: "cascade" },
        { table: "quiz_attempts", column: "user_id", onDelete: "cascade" },
        { table: "analytics_events", column: "user_id", onDelete: "cascade" },
        { table: "audit_log", column: "actor_id", onDelete: "set null" },
        { table: "section_revisions", column: "author_id", onDelete: "set null" },
      ]),
    );
    // NOT_EXPORTED names only tables and columns that exist.
    const tables = await database.db.introspection.getTables();
    for (const entry of NOT_EXPORTED) {
      const table = tables.find((candidate) => candidate.name === entry.table);
      expect(table, entry.table).toBeDefined();
      for (const column of entry.columns ?? []) {
        expect(
          table!.columns.map((c) => c.name),
          `${entry.table}.${column}`,
        ).toContain(column);
      }
    }
  });

  it("exports every row of every table that refers to the account, with quiz answers and mastery, and no secret", async () => {
    const { user } = await populatedAccount(database, "coverage");
    expect(await exportGaps(database, user.id)).toEqual([]);

    const exported = await exportAccountData(database.db, user.id);
    expect(exported.notIncluded.length).toBeGreaterThan(0);
    const chapterQuiz = exported.quizAttempts.find((attempt) => attempt.mode === "chapter")!;
    expect(chapterQuiz.finishedAt).not.toBeNull();
    expect(chapterQuiz.questions).toEqual([
      expect.objectContaining({
        skillId: "power-mod",
        seed: 4242,
        hintsUsed: 1,
        answers: ["answer-coverage"],
        correct: true,
      }),
      expect.objectContaining({ skillId: "multiplicative-order", answers: ["3", "x^2"], partResults: [false, true] }),
    ]);
    expect(exported.quizAttempts.map((attempt) => attempt.mode).sort()).toEqual(["chapter", "set"]);
    expect(exported.lessonExercises).toEqual([
      expect.objectContaining({
        chapter: "chapter-coverage",
        section: "atoms",
        exercise: 1,
        skillId: "prime-factorization",
        answers: ["7*13"],
        correct: true,
        hintsUsed: 1,
        tryNumber: 1,
      }),
    ]);
    expect(exported.dailyGoal).toMatchObject({ kind: "questions", target: 4, timeZone: "Europe/Paris" });
    // Lessons and quizzes feed one mastery: the exercise answered with a hint counts, not clean.
    expect(exported.mastery).toEqual([
      expect.objectContaining({ skillId: "prime-factorization", level: "attempted", answered: 1, recentClean: 0 }),
      expect.objectContaining({ skillId: "power-mod", level: "attempted", answered: 1, recentClean: 0 }),
      expect.objectContaining({ skillId: "multiplicative-order", level: "attempted", answered: 1, recentClean: 0 }),
    ]);
    expect(exported.actionsAsAdministrator).toEqual([
      expect.objectContaining({ action: "sessions.revoke", details: { sessionsEnded: 2 } }),
    ]);
    expect(exported.asEditor.lessonRevisions).toEqual([
      expect.objectContaining({ chapter: "chapter-coverage", section: "atoms", number: 1 }),
    ]);
    expect(exported.asEditor.settingsChanged).toEqual([
      { key: "freeQuizAttemptsPerDay", changedAt: expect.any(String) },
    ]);
    expect(exported.teamTodo).toEqual({
      items: [
        expect.objectContaining({
          id: "todo-coverage",
          status: "doing",
          madeByYou: true,
          assignedToYou: true,
          changedLastByYou: false,
        }),
      ],
      comments: [
        {
          id: "todo-comment-coverage",
          todoId: "todo-coverage",
          body: "On it, coverage",
          writtenAt: expect.any(String),
        },
      ],
    });
    expect(exported.assistantRequests).toEqual([
      expect.objectContaining({ id: "assistant-coverage", answer: "The order of 3 modulo 7 is 6, coverage." }),
    ]);
    // The other person of an audit entry is not named.
    expect(JSON.stringify(exported)).not.toContain("someone-else-coverage@example.org");
  });

  it("deletes every row about the account, keeping only audit entries and site content, without the person", async () => {
    const bystander = await populatedAccount(database, "onlooker");
    const doomed = await populatedAccount(database, "leaver");
    const before = await rowsAbout(database, doomed.user.id);
    const bystanderBefore = await rowsAbout(database, bystander.user.id);

    expect(await deleteAccount(database.db, doomed.user.id)).toBe("deleted");

    expect(await deletionGaps(database, doomed.user, before)).toEqual([]);
    expect(await rowsAbout(database, bystander.user.id)).toEqual(bystanderBefore);
  });

  it("fails both checks for a table they were not told about", async () => {
    const { user } = await populatedAccount(database, "newtable");
    // A table with a foreign key, and one whose column only says by its name that it holds a user.
    await sql`create table scratch_bookmarks (id text primary key, user_id text not null references users (id) on delete cascade, note text not null)`.execute(
      database.db,
    );
    await sql`create table scratch_marks (id text primary key, reader_user_id text not null, note text not null)`.execute(
      database.db,
    );
    try {
      await sql`insert into scratch_bookmarks values ('b1', ${user.id}, 'a bookmark')`.execute(database.db);
      expect(await exportGaps(database, user.id)).toEqual([
        "scratch_bookmarks.id (b1) is neither in the export nor named in NOT_EXPORTED",
        "scratch_bookmarks.note (a bookmark) is neither in the export nor named in NOT_EXPORTED",
        "scratch_marks refers to users, but the test account has no row in it: give it one in populatedAccount",
      ]);
      await sql`insert into scratch_marks values ('m1', ${user.id}, 'a mark')`.execute(database.db);
      const before = await rowsAbout(database, user.id);
      expect(await deleteAccount(database.db, user.id)).toBe("deleted");
      expect(await deletionGaps(database, user, before)).toEqual([
        "scratch_marks still refers to the account",
        "scratch_marks: a row about the deleted account remains",
      ]);
    } finally {
      await sql`drop table scratch_marks`.execute(database.db);
      await sql`drop table scratch_bookmarks`.execute(database.db);
    }
  });

  it("never deletes the last active administrator, even when two delete themselves at once", async () => {
    const admins = await Promise.all(
      ["first", "second"].map((name) =>
        createUser(database.db, { email: `${name}-admin@example.org`, passwordHash: null, role: "admin" }),
      ),
    );
    const others = await database.db
      .selectFrom("users")
      .select("id")
      .where("role", "=", "admin")
      .where(
        "id",
        "not in",
        admins.map((admin) => admin.id),
      )
      .execute();
    for (const { id } of others) await setRole(database.db, id, "user");

    const results = await Promise.all(admins.map((admin) => deleteAccount(database.db, admin.id)));
    expect([...results].sort()).toEqual(["deleted", "last-admin"]);
    expect(await countActiveAdmins(database.db)).toBe(1);
    const survivor = admins[results.indexOf("last-admin")]!;
    expect(await deleteAccount(database.db, survivor.id)).toBe("last-admin");
  });
});
