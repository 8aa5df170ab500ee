import { sql, type Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { likeLiteral } from "./database-errors.server";
import { serializeAdminChanges } from "./admin-users.server";
import { toSubscription } from "./subscription.server";
import { parsePreferences } from "./preferences";
import { rateLimitSubjectKey } from "./rate-limit.server";
import { countActiveAdmins } from "./user.server";
import { skillMastery } from "#core/quiz/mastery";
import { answerHistory } from "./quiz.server";
import { SKILLS } from "#core/quiz/skills";

/**
 * What the export leaves out, and why; the file carries this list, and the
 * account-data test holds every table that refers to a user to it: a column
 * of such a table is either in the file or named here. "secret" columns
 * never appear in the file at all.
 */
export const NOT_EXPORTED = [
  {
    table: "users",
    columns: ["password_hash"],
    kind: "secret",
    reason:
      "Your password is kept only as an Argon2 hash; a copy would only help someone guess the password. `account.hasPassword` says whether there is one.",
  },
  {
    table: "sessions",
    columns: ["id"],
    kind: "secret",
    reason:
      "Each session is stored under the SHA-256 of the key in its cookie; a copy could help take over the session.",
  },
  {
    table: "email_tokens",
    columns: ["id", "password_hash"],
    kind: "secret",
    reason: "The hash of each e-mailed link's key, and for a sign-up link the hash of the password chosen with it.",
  },
  {
    table: "auth_flows",
    columns: ["id", "data"],
    kind: "secret",
    reason:
      "A sign-in in progress keeps its one-time secrets (OpenID state, nonce and PKCE verifier, a passkey challenge) under the hash of a cookie key, for a few minutes.",
  },
  {
    table: "rate_limits",
    columns: null,
    kind: "transient",
    reason:
      "Counters of recent attempts (sign-in, e-mailed links, the contact form), keyed by a hash of your address or network address; they expire within the hour and hold nothing else.",
  },
  {
    table: "audit_log",
    columns: ["actor_id", "actor_email", "target_id", "target_email"],
    kind: "other-person",
    reason:
      "Entries name you, not the other person: the administrator who acted on your account, or the account you acted on as an administrator.",
  },
  {
    table: "section_revisions",
    columns: ["body"],
    kind: "site-content",
    reason:
      "Lesson text you wrote as an editor is the site's content, shown with its history in /admin/content; this file lists which revisions are yours and when.",
  },
  {
    table: "quiz_question_revisions",
    columns: ["content"],
    kind: "site-content",
    reason:
      "Quiz questions you wrote as an editor are the site's content, shown with their history in /admin/content; this file lists which revisions are yours and when.",
  },
  {
    table: "prime_record_revisions",
    columns: ["content"],
    kind: "site-content",
    reason:
      "Prime records you edited are the site's content, shown with their history in /admin/content; this file lists which revisions are yours and when.",
  },
  {
    table: "quiz_sets",
    columns: ["items"],
    kind: "site-content",
    reason: "The questions of a set you generated are the site's content, listed in /admin/generate.",
  },
  {
    table: "checkouts",
    columns: ["url"],
    kind: "secret",
    reason:
      "The address of each payment page opened for you carries the payment provider's key to that checkout; `billing.checkouts` lists the checkouts themselves.",
  },
  {
    table: "complimentary_grants",
    columns: ["granted_by", "revoked_by"],
    kind: "other-person",
    reason:
      "The administrators who gave or withdrew your complimentary premium; the file says when, until when and why.",
  },
  {
    table: "idempotent_submissions",
    columns: null,
    kind: "transient",
    reason:
      "Receipts of what you did offline and your device sent later (a section marked read, a quiz answer): each keeps the server's answer for 30 days, so a repeat is applied only once. What they applied is in `readingProgress` and `quizAttempts`.",
  },
  {
    table: "push_subscriptions",
    columns: ["endpoint", "p256dh", "auth", "session_id"],
    kind: "secret",
    reason:
      "The push service's address for your browser and its keys let anyone holding them send notifications to it, and the session is stored under the hash of its cookie key; `notifications.devices` lists each device by its browser and push service.",
  },
  {
    table: "push_sends",
    columns: ["body", "url", "topic", "audience", "audience_user_id", "scheduled_for", "status", "dispatched_at"],
    kind: "site-content",
    reason:
      "Notifications you composed as an administrator are the site's messages, shown with their delivery reports in /admin/sendNotification; this file lists which are yours and when. Those sent to you are under `notifications.received`.",
  },
  {
    table: "contact_replies",
    columns: ["author_id", "recipient"],
    kind: "other-person",
    reason:
      "A reply to one of your messages leaves out the administrator who wrote it; a reply you wrote as an administrator leaves out the address it went to. Their text is in the file.",
  },
  {
    table: "todo_items",
    columns: ["notes", "assignee_id", "created_by", "updated_by"],
    kind: "site-content",
    reason:
      "Items of the team's todo list that you made, are assigned or changed last are the team's working notes, shown in /admin/todo; this file lists them with your part in each, without their notes or the other administrators named. Your comments on them are in the file.",
  },
  {
    table: "assistant_requests",
    columns: ["prompt"],
    kind: "site-content",
    reason:
      "The messages sent to the content assistant's model wrap your instructions in the site's own description of its lesson and question formats; your instructions and the model's answer are in the file.",
  },
  {
    table: "app_settings",
    columns: ["value"],
    kind: "site-content",
    reason: "Settings you changed as an administrator are the site's configuration, shown in /admin/application.",
  },
] as const satisfies readonly {
  table: keyof Database;
  /** null: the whole table. */
  columns: readonly string[] | null;
  kind: "secret" | "transient" | "other-person" | "site-content";
  reason: string;
}[];

const parseJson = (text: string | null): unknown => (text === null ? null : (JSON.parse(text) as unknown));

/**
 * Everything Numberlab stores about one account, as the "export my data"
 * file: the account, its sign-in methods, sessions and sign-ins in
 * progress, pending links, the mail kept for it while no SMTP server was
 * set, its contact messages with the replies to them (and the replies it sent
 * as an administrator), its subscriptions, checkouts and complimentary
 * premium, reading progress, quiz attempts and lesson exercises with every
 * answer and the mastery they add up to, the analytics events sent while signed in, its notification choices, devices
 * and the notifications sent to them, audit entries about it or by it, and what it wrote or changed as
 * an editor, and its part in the team's todo list. What is left out is listed in
 * the file itself (NOT_EXPORTED).
 */
export async function exportAccountData(db: Kysely<Database>, userId: string) {
  const user = await db.selectFrom("users").selectAll().where("id", "=", userId).executeTakeFirstOrThrow();
  const [
    sessions,
    identities,
    passkeys,
    signInsInProgress,
    links,
    messages,
    repliesReceived,
    repliesWritten,
    mails,
    auditAbout,
    auditBy,
    progress,
    attempts,
    items,
    exerciseAnswers,
    dailyGoal,
    sectionRevisions,
    questionRevisions,
    recordRevisions,
    quizSets,
    settings,
    billingCustomers,
    subscriptions,
    checkouts,
    grants,
    analyticsEvents,
    notificationSettings,
    pushTopics,
    pushDevices,
    pushReceived,
    pushSent,
    todoItems,
    todoComments,
    assistantRequests,
  ] = await Promise.all([
    db
      .selectFrom("sessions")
      .select(["created_at", "last_used_at", "expires_at", "user_agent"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("identities")
      .select(["id", "provider", "subject", "email", "created_at", "last_used_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("passkeys")
      .select(["id", "name", "public_key", "counter", "transports", "created_at", "last_used_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("auth_flows")
      .select(["kind", "created_at", "expires_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("email_tokens")
      .select(["purpose", "email", "created_at", "expires_at", "used_at"])
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)]))
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("contact_messages")
      .select([
        "id",
        "kind",
        "name",
        "email",
        "subject",
        "message",
        "question_id",
        "created_at",
        "read_at",
        "archived_at",
      ])
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)]))
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("contact_replies")
      .innerJoin("contact_messages", "contact_messages.id", "contact_replies.message_id")
      .select([
        "contact_replies.id",
        "contact_replies.message_id",
        "contact_replies.subject",
        "contact_replies.body",
        "contact_replies.sent_at",
      ])
      .where((eb) =>
        eb.or([eb("contact_messages.user_id", "=", userId), eb("contact_messages.email", "=", user.email)]),
      )
      .orderBy("contact_replies.sent_at")
      .execute(),
    db
      .selectFrom("contact_replies")
      .select(["id", "message_id", "subject", "body", "sent_at"])
      .where("author_id", "=", userId)
      .orderBy("sent_at")
      .execute(),
    db
      .selectFrom("outbox_mails")
      .select(["id", "recipient", "subject", "body", "created_at"])
      .where("recipient", "=", user.email)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("audit_log")
      .select(["id", "action", "details", "created_at"])
      .where("target_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("audit_log")
      .select(["id", "action", "details", "created_at"])
      .where("actor_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("section_progress")
      .innerJoin("sections", "sections.id", "section_progress.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .innerJoin("section_revisions", (join) =>
        join
          .onRef("section_revisions.section_id", "=", "sections.id")
          .onRef("section_revisions.number", "=", "sections.current_revision"),
      )
      .select([
        "section_progress.section_id",
        "chapters.slug as chapter",
        "sections.slug as section",
        "section_revisions.title",
        "section_progress.read_at",
      ])
      .where("section_progress.user_id", "=", userId)
      .orderBy("section_progress.read_at")
      .execute(),
    db
      .selectFrom("quiz_attempts")
      .select(["id", "mode", "chapter_slug", "set_id", "started_at", "finished_at"])
      .where("user_id", "=", userId)
      .orderBy("started_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("quiz_items")
      .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
      .selectAll("quiz_items")
      .where("quiz_attempts.user_id", "=", userId)
      .orderBy("quiz_items.position")
      .execute(),
    db
      .selectFrom("exercise_answers")
      .innerJoin("sections", "sections.id", "exercise_answers.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .selectAll("exercise_answers")
      .select(["chapters.slug as chapter", "sections.slug as section"])
      .where("exercise_answers.user_id", "=", userId)
      .orderBy("exercise_answers.answered_at")
      .orderBy("exercise_answers.try_number")
      .execute(),
    db
      .selectFrom("daily_goals")
      .select(["kind", "target", "time_zone", "updated_at"])
      .where("user_id", "=", userId)
      .executeTakeFirst(),
    db
      .selectFrom("section_revisions")
      .innerJoin("sections", "sections.id", "section_revisions.section_id")
      .innerJoin("chapters", "chapters.id", "sections.chapter_id")
      .select([
        "section_revisions.id",
        "section_revisions.section_id",
        "chapters.slug as chapter",
        "sections.slug as section",
        "section_revisions.number",
        "section_revisions.title",
        "section_revisions.source",
        "section_revisions.based_on",
        "section_revisions.restored_from",
        "section_revisions.created_at",
      ])
      .where("section_revisions.author_id", "=", userId)
      .orderBy("section_revisions.created_at")
      .execute(),
    db
      .selectFrom("quiz_question_revisions")
      .select(["id", "question_id", "number", "skill_id", "difficulty", "based_on", "created_at"])
      .where("author_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("prime_record_revisions")
      .innerJoin("prime_records", "prime_records.id", "prime_record_revisions.record_id")
      .select([
        "prime_record_revisions.id",
        "prime_record_revisions.record_id",
        "prime_records.kind",
        "prime_records.natural_key",
        "prime_record_revisions.number",
        "prime_record_revisions.source",
        "prime_record_revisions.based_on",
        "prime_record_revisions.created_at",
      ])
      .where("prime_record_revisions.author_id", "=", userId)
      .orderBy("prime_record_revisions.created_at")
      .execute(),
    db
      .selectFrom("quiz_sets")
      .select(["id", "title", "kind", "created_at"])
      .where("created_by", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("app_settings")
      .select(["key", "updated_at"])
      .where("updated_by", "=", userId)
      .orderBy("key")
      .execute(),
    db.selectFrom("billing_customers").selectAll().where("user_id", "=", userId).orderBy("created_at").execute(),
    db.selectFrom("subscriptions").selectAll().where("user_id", "=", userId).orderBy("created_at").execute(),
    db
      .selectFrom("checkouts")
      .select([
        "id",
        "provider",
        "plan",
        "amount_minor",
        "currency",
        "trial_days",
        "return_to",
        "session_id",
        "state",
        "created_at",
        "updated_at",
      ])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("complimentary_grants")
      .select(["id", "until", "reason", "created_at", "revoked_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("analytics_events")
      .selectAll()
      .where("user_id", "=", userId)
      .orderBy("occurred_at")
      .orderBy("id")
      .execute(),
    db.selectFrom("notification_settings").selectAll().where("user_id", "=", userId).executeTakeFirst(),
    db.selectFrom("push_topics").select("topic").where("user_id", "=", userId).orderBy("topic").execute(),
    db
      .selectFrom("push_subscriptions")
      .select(["id", "endpoint", "user_agent", "created_at", "refreshed_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("push_deliveries")
      .innerJoin("push_sends", "push_sends.id", "push_deliveries.send_id")
      .select([
        "push_deliveries.id",
        "push_deliveries.send_id",
        "push_deliveries.subscription_id",
        "push_sends.kind",
        "push_sends.title",
        "push_sends.body as send_body",
        "push_deliveries.body",
        "push_sends.url",
        "push_deliveries.push_service",
        "push_deliveries.status",
        "push_deliveries.not_before",
        "push_deliveries.attempts",
        "push_deliveries.last_error",
        "push_deliveries.updated_at",
        "push_deliveries.sent_at",
      ])
      .where("push_deliveries.user_id", "=", userId)
      .orderBy("push_deliveries.updated_at")
      .orderBy("push_deliveries.id")
      .execute(),
    db
      .selectFrom("push_sends")
      .select(["id", "kind", "title", "created_at"])
      .where("created_by", "=", userId)
      .orderBy("created_at")
      .execute(),
    db
      .selectFrom("todo_items")
      .select([
        "id",
        "title",
        "status",
        "priority",
        "due_on",
        "assignee_id",
        "created_by",
        "updated_by",
        "created_at",
        "updated_at",
        "done_at",
      ])
      .where((eb) =>
        eb.or([eb("created_by", "=", userId), eb("assignee_id", "=", userId), eb("updated_by", "=", userId)]),
      )
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("todo_comments")
      .select(["id", "todo_id", "body", "created_at"])
      .where("author_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
    db
      .selectFrom("assistant_requests")
      .select([
        "id",
        "task",
        "chapter_id",
        "skill",
        "instructions",
        "model",
        "response",
        "prompt_tokens",
        "completion_tokens",
        "status",
        "error",
        "created_at",
        "finished_at",
        "draft_ref",
      ])
      .where("admin_id", "=", userId)
      .orderBy("created_at")
      .orderBy("id")
      .execute(),
  ]);
  // Mastery as the profile shows it: quiz answers and first tries at lesson exercises.
  const history = await answerHistory(db, userId);
  const auditEntry = (row: (typeof auditAbout)[number]) => ({
    id: row.id,
    action: row.action,
    details: parseJson(row.details),
    at: row.created_at,
  });
  return {
    format: "numberlab-account-export",
    exportedAt: isoNow(),
    notIncluded: NOT_EXPORTED,
    account: {
      id: user.id,
      email: user.email,
      displayName: user.display_name,
      emailVerifiedAt: user.email_verified_at,
      hasPassword: user.password_hash !== null,
      role: user.role,
      premiumUntil: user.premium_until,
      disabledAt: user.disabled_at,
      lastSignInAt: user.last_sign_in_at,
      preferences: parsePreferences(user.preferences),
      createdAt: user.created_at,
      updatedAt: user.updated_at,
    },
    sessions: sessions.map((row) => ({
      device: row.user_agent,
      createdAt: row.created_at,
      lastUsedAt: row.last_used_at,
      expiresAt: row.expires_at,
    })),
    linkedIdentities: identities.map((row) => ({
      id: row.id,
      provider: row.provider,
      subject: row.subject,
      email: row.email,
      linkedAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
    passkeys: passkeys.map((row) => ({
      credentialId: row.id,
      name: row.name,
      publicKey: row.public_key,
      signatureCounter: Number(row.counter),
      transports: parseJson(row.transports) ?? [],
      addedAt: row.created_at,
      lastUsedAt: row.last_used_at,
    })),
    signInsInProgress: signInsInProgress.map((row) => ({
      kind: row.kind,
      startedAt: row.created_at,
      expiresAt: row.expires_at,
    })),
    emailLinks: links.map((row) => ({
      purpose: row.purpose,
      sentTo: row.email,
      createdAt: row.created_at,
      expiresAt: row.expires_at,
      usedAt: row.used_at,
    })),
    contactMessages: messages.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      email: row.email,
      subject: row.subject,
      message: row.message,
      // A question report names the quiz question it is about.
      questionId: row.question_id,
      sentAt: row.created_at,
      readByStaffAt: row.read_at,
      archivedByStaffAt: row.archived_at,
      // The answers the site's team sent to it by e-mail.
      replies: repliesReceived
        .filter((reply) => reply.message_id === row.id)
        .map((reply) => ({ id: reply.id, subject: reply.subject, body: reply.body, sentAt: reply.sent_at })),
    })),
    // As an administrator: the replies you sent from the inbox.
    inboxRepliesWritten: repliesWritten.map((row) => ({
      id: row.id,
      messageId: row.message_id,
      subject: row.subject,
      body: row.body,
      sentAt: row.sent_at,
    })),
    mailboxCopies: mails.map((row) => ({
      id: row.id,
      to: row.recipient,
      subject: row.subject,
      body: row.body,
      sentAt: row.created_at,
    })),
    // What the app stores of your payments: the provider keeps the card and the invoices themselves.
    billing: {
      customers: billingCustomers.map((row) => ({
        provider: row.provider,
        customerId: row.customer_id,
        trialUsedAt: row.trial_used_at,
        createdAt: row.created_at,
      })),
      subscriptions: subscriptions.map((row) => {
        const { userId: _owner, observedAt, ...subscription } = toSubscription(row);
        return { ...subscription, readFromProviderAt: observedAt, updatedAt: row.updated_at };
      }),
      checkouts: checkouts.map((row) => ({
        id: row.id,
        provider: row.provider,
        plan: row.plan,
        amountMinor: Number(row.amount_minor),
        currency: row.currency,
        trialDays: Number(row.trial_days),
        returnTo: row.return_to,
        sessionId: row.session_id,
        state: row.state,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
      })),
      complimentaryPremium: grants.map((row) => ({
        id: row.id,
        until: row.until,
        reason: row.reason,
        grantedAt: row.created_at,
        withdrawnAt: row.revoked_at,
      })),
    },
    administratorActions: auditAbout.map(auditEntry),
    actionsAsAdministrator: auditBy.map(auditEntry),
    readingProgress: progress.map((row) => ({
      sectionId: row.section_id,
      chapter: row.chapter,
      section: row.section,
      sectionTitle: row.title,
      readAt: row.read_at,
    })),
    quizAttempts: attempts.map((attempt) => ({
      id: attempt.id,
      mode: attempt.mode,
      chapter: attempt.chapter_slug,
      setId: attempt.set_id,
      startedAt: attempt.started_at,
      finishedAt: attempt.finished_at,
      // Template, seed and difficulty make the question again: the page at /quiz/<attempt id> shows it.
      questions: items
        .filter((item) => item.attempt_id === attempt.id)
        .map((item) => ({
          id: item.id,
          position: Number(item.position),
          templateId: item.template_id,
          skillId: item.skill_id,
          seed: Number(item.seed),
          difficulty: Number(item.difficulty),
          hintsUsed: Number(item.hints_used),
          answers: parseJson(item.answers),
          partResults: parseJson(item.part_results),
          correct: item.correct === null ? null : Number(item.correct) === 1,
          timeMs: item.time_ms === null ? null : Number(item.time_ms),
          answeredAt: item.answered_at,
        })),
    })),
    // The daily goal you chose; the streak is worked out from your answers and reading, as pages show it.
    dailyGoal: dailyGoal
      ? {
          kind: dailyGoal.kind,
          target: Number(dailyGoal.target),
          timeZone: dailyGoal.time_zone,
          updatedAt: dailyGoal.updated_at,
        }
      : null,
    // Answers to the exercises inside lessons, graded against the section's revision the page showed.
    lessonExercises: exerciseAnswers.map((row) => ({
      id: row.id,
      chapter: row.chapter,
      section: row.section,
      sectionId: row.section_id,
      revisionId: row.revision_id,
      exercise: Number(row.exercise_number),
      skillId: row.skill_id,
      answers: parseJson(row.answers),
      partResults: parseJson(row.part_results),
      correct: Number(row.correct) === 1,
      hintsUsed: Number(row.hints_used),
      workedAnswerSeen: Number(row.revealed) === 1,
      tryNumber: Number(row.try_number),
      answeredAt: row.answered_at,
    })),
    // Usage events sent while signed in with analytics on (docs/analytics.md); raw events are kept for the
    // retention the site set, then only daily counts without the account remain.
    analyticsEvents: analyticsEvents.map((row) => ({
      id: row.id,
      name: row.name,
      occurredAt: row.occurred_at,
      day: row.day,
      receivedAt: row.received_at,
      visitorOfTheDay: row.visitor,
      route: row.route,
      path: row.path,
      referrer: row.referrer,
      device: row.device,
      subject: row.subject,
      outcome: row.outcome,
      properties: parseJson(row.props),
    })),
    // Web push (docs/push.md): what you chose, the devices that receive, and what was sent to them.
    notifications: {
      settings: notificationSettings
        ? {
            timeZone: notificationSettings.time_zone,
            reviewReminderHour: Number(notificationSettings.reminder_hour),
            quietHours:
              notificationSettings.quiet_start === null || notificationSettings.quiet_end === null
                ? null
                : { from: Number(notificationSettings.quiet_start), to: Number(notificationSettings.quiet_end) },
            lastReviewReminderOn: notificationSettings.last_reminder_on,
            updatedAt: notificationSettings.updated_at,
          }
        : null,
      topics: pushTopics.map((row) => row.topic),
      devices: pushDevices.map((row) => ({
        id: row.id,
        device: row.user_agent,
        pushService: new URL(row.endpoint).host,
        subscribedAt: row.created_at,
        refreshedAt: row.refreshed_at,
      })),
      received: pushReceived.map((row) => ({
        id: row.id,
        sendId: row.send_id,
        deviceId: row.subscription_id,
        kind: row.kind,
        title: row.title,
        body: row.body ?? row.send_body,
        link: row.url,
        pushService: row.push_service,
        status: row.status,
        notBefore: row.not_before,
        attempts: Number(row.attempts),
        error: row.last_error,
        updatedAt: row.updated_at,
        sentAt: row.sent_at,
      })),
    },
    // Not stored: worked out from the answers above, as the profile shows it.
    mastery: SKILLS.map((skill) => ({
      ...skillMastery(skill.id, history),
      title: skill.title,
      chapter: skill.chapter,
    })).filter((mastery) => mastery.level !== "new"),
    // As an administrator: the team's todo list (/admin/todo), the items you are part of and your comments.
    teamTodo: {
      items: todoItems.map((row) => ({
        id: row.id,
        title: row.title,
        status: row.status,
        priority: row.priority,
        dueOn: row.due_on,
        madeByYou: row.created_by === userId,
        assignedToYou: row.assignee_id === userId,
        changedLastByYou: row.updated_by === userId,
        createdAt: row.created_at,
        updatedAt: row.updated_at,
        doneAt: row.done_at,
      })),
      comments: todoComments.map((row) => ({
        id: row.id,
        todoId: row.todo_id,
        body: row.body,
        writtenAt: row.created_at,
      })),
    },
    // As an administrator: what you asked the content assistant (/admin/adminia) and what it answered.
    assistantRequests: assistantRequests.map((row) => ({
      id: row.id,
      task: row.task,
      chapterId: row.chapter_id,
      skill: row.skill,
      instructions: row.instructions,
      model: row.model,
      answer: row.response,
      promptTokens: row.prompt_tokens,
      completionTokens: row.completion_tokens,
      status: row.status,
      error: row.error,
      askedAt: row.created_at,
      finishedAt: row.finished_at,
      draft: row.draft_ref,
    })),
    asEditor: {
      lessonRevisions: sectionRevisions.map((row) => ({
        id: row.id,
        sectionId: row.section_id,
        chapter: row.chapter,
        section: row.section,
        number: Number(row.number),
        title: row.title,
        source: row.source,
        basedOn: row.based_on,
        restoredFrom: row.restored_from,
        savedAt: row.created_at,
      })),
      quizQuestionRevisions: questionRevisions.map((row) => ({
        id: row.id,
        questionId: row.question_id,
        number: Number(row.number),
        skillId: row.skill_id,
        difficulty: Number(row.difficulty),
        basedOn: row.based_on,
        savedAt: row.created_at,
      })),
      primeRecordRevisions: recordRevisions.map((row) => ({
        id: row.id,
        recordId: row.record_id,
        kind: row.kind,
        record: row.natural_key,
        number: Number(row.number),
        source: row.source,
        basedOn: row.based_on,
        savedAt: row.created_at,
      })),
      quizSets: quizSets.map((row) => ({ id: row.id, title: row.title, kind: row.kind, createdAt: row.created_at })),
      settingsChanged: settings.map((row) => ({ key: row.key, changedAt: row.updated_at })),
      notificationsComposed: pushSent.map((row) => ({
        id: row.id,
        kind: row.kind,
        title: row.title,
        createdAt: row.created_at,
      })),
    },
  };
}

export type AccountExport = Awaited<ReturnType<typeof exportAccountData>>;

/**
 * Deletes an account and every personal trace of it in one transaction:
 * the user row (sessions, identities, passkeys, sign-in flows, reading
 * progress, quiz attempts with their answers and analytics events go with it by cascade), its
 * links, contact messages (with the replies sent to them), outbox mail,
 * rate-limit counters and pending provider links. Two kinds of rows are kept without the person (their
 * reference set to null by the foreign key): audit entries, which keep what
 * happened but not who it was, and the site's content the person wrote or
 * changed as an editor (lesson, question and record revisions, quiz sets,
 * settings), which loses its author, as do the replies the person sent from
 * the inbox, which stay on the other person's thread.
 */
export async function deleteAccount(
  db: Kysely<Database>,
  userId: string,
): Promise<"deleted" | "not-found" | "last-admin"> {
  return serializeAdminChanges(db, async (trx) => {
    const user = await trx.selectFrom("users").select(["email", "role"]).where("id", "=", userId).executeTakeFirst();
    if (!user) return "not-found";
    // The site must keep an administrator: the last one hands the role on first.
    if (user.role === "admin" && (await countActiveAdmins(trx)) <= 1) return "last-admin";
    await trx
      .deleteFrom("email_tokens")
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)]))
      .execute();
    await trx
      .deleteFrom("contact_messages")
      .where((eb) => eb.or([eb("user_id", "=", userId), eb("email", "=", user.email)]))
      .execute();
    await trx.deleteFrom("outbox_mails").where("recipient", "=", user.email).execute();
    // Rate-limit keys hold only a hash of the address, but a hash of a known address is still traceable.
    await trx
      .deleteFrom("rate_limits")
      .where("key", "like", `%:${rateLimitSubjectKey(user.email)}:%`)
      .execute();
    // A provider sign-in waiting to be linked to this account names its address in the flow's data.
    await trx
      .deleteFrom("auth_flows")
      .where(sql<boolean>`lower(data) like ${`%${likeLiteral(user.email)}%`} escape '\\'`)
      .execute();
    await trx.updateTable("audit_log").set({ target_email: null }).where("target_id", "=", userId).execute();
    await trx.updateTable("audit_log").set({ actor_email: null }).where("actor_id", "=", userId).execute();
    await trx.updateTable("audit_log").set({ target_email: null }).where("target_email", "=", user.email).execute();
    await trx.updateTable("audit_log").set({ actor_email: null }).where("actor_email", "=", user.email).execute();
    await trx.deleteFrom("users").where("id", "=", userId).execute();
    return "deleted";
  });
}
