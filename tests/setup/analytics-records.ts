import type { Kysely } from "kysely";
import type { Database } from "#database/schema";

/**
 * Rows for the analytics report tests (app/models/analytics-*.server.test.ts), written straight into
 * the tables with the times each test chooses: the reports read what is stored, whoever stored it.
 */

export interface EventRecord {
  /** ISO time the event happened; its UTC day is the row's `day`. */
  at: string;
  visitor: string;
  name?: string;
  userId?: string | null;
  path?: string;
  referrer?: string | null;
  device?: string | null;
  subject?: string | null;
  outcome?: string | null;
}

let sequence = 0;
const nextId = (kind: string) => `${kind}-${++sequence}-${crypto.randomUUID()}`;

export async function insertEvents(db: Kysely<Database>, events: readonly EventRecord[]): Promise<void> {
  for (let start = 0; start < events.length; start += 200) {
    await db
      .insertInto("analytics_events")
      .values(
        events.slice(start, start + 200).map((event) => ({
          id: nextId("event"),
          name: event.name ?? "page_view",
          occurred_at: event.at,
          day: event.at.slice(0, 10),
          received_at: event.at,
          visitor: event.visitor,
          user_id: event.userId ?? null,
          route: event.path ?? "/",
          path: event.path ?? "/",
          referrer: event.referrer ?? null,
          device: event.device ?? null,
          subject: event.subject ?? null,
          outcome: event.outcome ?? null,
          props: null,
        })),
      )
      .execute();
  }
}

export async function insertUser(
  db: Kysely<Database>,
  user: { createdAt: string; lastSignInAt?: string | null },
): Promise<string> {
  const id = nextId("user");
  await db
    .insertInto("users")
    .values({
      id,
      email: `${id}@example.org`,
      password_hash: null,
      role: "user",
      premium_until: null,
      display_name: null,
      email_verified_at: user.createdAt,
      disabled_at: null,
      last_sign_in_at: user.lastSignInAt ?? null,
      preferences: null,
      created_at: user.createdAt,
      updated_at: user.createdAt,
    })
    .execute();
  return id;
}

/** A published chapter with `sections` published sections; their ids in order. */
export async function insertChapter(db: Kysely<Database>, sections: number): Promise<string[]> {
  const chapterId = nextId("chapter");
  const at = "2029-01-01T00:00:00.000Z";
  await db
    .insertInto("chapters")
    .values({
      id: chapterId,
      slug: chapterId,
      title: chapterId,
      summary: "",
      position: sequence,
      access: "free",
      published_at: at,
      version: 1,
      edited_in_app_at: null,
      created_at: at,
      updated_at: at,
    })
    .execute();
  const ids = Array.from({ length: sections }, () => nextId("section"));
  await db
    .insertInto("sections")
    .values(
      ids.map((id, index) => ({
        id,
        chapter_id: chapterId,
        slug: id,
        position: index + 1,
        published_at: at,
        current_revision: 1,
        created_at: at,
        updated_at: at,
      })),
    )
    .execute();
  return ids;
}

export async function insertSectionRead(
  db: Kysely<Database>,
  read: { userId: string; sectionId: string; at: string },
): Promise<void> {
  await db
    .insertInto("section_progress")
    .values({ user_id: read.userId, section_id: read.sectionId, read_at: read.at })
    .execute();
}

export interface AnswerRecordInput {
  userId: string;
  /** When it was answered; null for a question shown but not answered. */
  at: string | null;
  correct?: boolean;
  hints?: number;
  difficulty?: number;
  skill?: string;
}

/** Each answer in an attempt of its own, started when it was answered (or at the epoch when unanswered). */
export async function insertAnswers(db: Kysely<Database>, answers: readonly AnswerRecordInput[]): Promise<void> {
  for (const answer of answers) {
    const attemptId = nextId("attempt");
    const started = answer.at ?? "2029-01-01T00:00:00.000Z";
    await db
      .insertInto("quiz_attempts")
      .values({
        id: attemptId,
        user_id: answer.userId,
        mode: "practice",
        chapter_slug: null,
        set_id: null,
        started_at: started,
        finished_at: answer.at,
      })
      .execute();
    await db
      .insertInto("quiz_items")
      .values({
        id: nextId("item"),
        attempt_id: attemptId,
        position: 1,
        template_id: "template",
        skill_id: answer.skill ?? "skill",
        seed: 1,
        difficulty: answer.difficulty ?? 1,
        hints_used: answer.hints ?? 0,
        answers: answer.at === null ? null : "[]",
        part_results: answer.at === null ? null : "[]",
        correct: answer.at === null ? null : answer.correct === false ? 0 : 1,
        time_ms: answer.at === null ? null : 1000,
        answered_at: answer.at,
      })
      .execute();
  }
}

export async function insertSubscription(
  db: Kysely<Database>,
  subscription: { userId: string; status: string; createdAt: string; endedAt?: string | null; updatedAt?: string },
): Promise<void> {
  const id = nextId("subscription");
  await db
    .insertInto("subscriptions")
    .values({
      id,
      user_id: subscription.userId,
      provider: "test",
      customer_id: `cus_${id}`,
      subscription_id: `sub_${id}`,
      plan: "monthly",
      status: subscription.status,
      amount_minor: 499,
      currency: "eur",
      current_period_end: null,
      trial_end: null,
      cancel_at_period_end: 0,
      past_due_since: null,
      paused_from: null,
      paused_until: null,
      first_payment_at: subscription.createdAt,
      ended_at: subscription.endedAt ?? null,
      observed_at: subscription.updatedAt ?? subscription.createdAt,
      created_at: subscription.createdAt,
      updated_at: subscription.updatedAt ?? subscription.createdAt,
    })
    .execute();
}

export async function insertServerError(db: Kysely<Database>, at: string): Promise<void> {
  await db
    .insertInto("server_errors")
    .values({ id: nextId("error"), occurred_at: at, method: "GET", path: "/", status: 500 })
    .execute();
}
