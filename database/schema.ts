import type { Generated } from "kysely";

/**
 * Table types shared by migrations and models. Timestamps are ISO-8601 UTC
 * strings and identifiers are random UUIDs on both dialects (see
 * docs/decisions/0003-one-schema-two-dialects.md).
 */
import type { PrimeRecordKind } from "#core/primes/prime-records";

export type { PrimeRecordKind };

export type Role = "user" | "admin";

/** Who may read a chapter: every signed-in user, or premium subscribers (and admins). */
export type ChapterAccess = "free" | "premium";

export interface UsersTable {
  id: string;
  email: string;
  password_hash: string | null;
  role: Role;
  /**
   * Premium until this instant: derived from the account's subscriptions and complimentary grants by
   * app/billing/entitlement.ts, and rewritten whenever they change. Null when neither gives premium.
   */
  premium_until: string | null;
  display_name: string | null;
  email_verified_at: string | null;
  /** Set while an admin has disabled the account: it cannot sign in and has no sessions. */
  disabled_at: string | null;
  last_sign_in_at: string | null;
  /** JSON of the user's preferences (see app/models/preferences.ts), null for the defaults. */
  preferences: string | null;
  created_at: string;
  updated_at: string;
}

export interface SessionsTable {
  /** SHA-256 of the random token in the cookie, so a database leak cannot be replayed. */
  id: string;
  user_id: string;
  created_at: string;
  expires_at: string;
  user_agent: string | null;
  /** Updated at most every few minutes, so reading a page rarely writes. */
  last_used_at: string | null;
}

/** A session ended by the idle timeout, remembered while its cookie lives so the login page can say why. */
export interface IdleSessionEndingsTable {
  session_id: string;
  expires_at: string;
}

export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  subject: string;
  message: string;
  user_id: string | null;
  created_at: string;
  read_at: string | null;
  kind: Generated<ContactMessageKind>;
  question_id: string | null;
  archived_at: string | null;
}

export type ContactMessageKind = "contact" | "question_report";

/** A reply an admin sent by e-mail from the inbox, kept on the message's thread. */
export interface ContactRepliesTable {
  id: string;
  message_id: string;
  author_id: string | null;
  recipient: string;
  subject: string;
  body: string;
  sent_at: string;
}

export type TodoPriority = "low" | "normal" | "high" | "urgent";
export type TodoStatus = "open" | "doing" | "done";

export interface TodoItemsTable {
  id: string;
  title: string;
  notes: Generated<string>;
  assignee_id: string | null;
  due_on: string | null;
  priority: TodoPriority;
  status: TodoStatus;
  position: number;
  version: Generated<number>;
  created_by: string | null;
  created_at: string;
  /** Who made the last edit (null once that account is deleted). */
  updated_by: string | null;
  updated_at: string;
  done_at: string | null;
}

export interface TodoCommentsTable {
  id: string;
  todo_id: string;
  author_id: string | null;
  body: string;
  created_at: string;
}

/** One request to the content assistant and its answer: the history of /admin/adminia. */
export interface AssistantRequestsTable {
  id: string;
  admin_id: string | null;
  task: string;
  chapter_id: string | null;
  skill: string | null;
  instructions: string;
  prompt: string;
  model: string;
  response: Generated<string>;
  prompt_tokens: number | null;
  completion_tokens: number | null;
  status: string;
  error: string | null;
  created_at: string;
  finished_at: string | null;
  draft_ref: string | null;
}

export interface RateLimitsTable {
  key: string;
  count: number;
  expires_at: string;
}

export type EmailTokenPurpose = "signup" | "verify-email" | "reset-password" | "change-email" | "sign-in-link";

export interface EmailTokensTable {
  /** SHA-256 of the token in the link; the token itself is only in the e-mail. */
  id: string;
  purpose: EmailTokenPurpose;
  /** The address the link was sent to (for an e-mail change: the new address). */
  email: string;
  /** The account the link acts on; null for sign-up, where no account exists yet. */
  user_id: string | null;
  /** For sign-up: the chosen password's hash, so the link can create the account. */
  password_hash: string | null;
  created_at: string;
  expires_at: string;
  used_at: string | null;
}

/** An account's sign-in with a third-party OpenID provider. */
export interface IdentitiesTable {
  id: string;
  user_id: string;
  /** The provider's id from the OIDC_PROVIDERS setting. */
  provider: string;
  /** The provider's stable user id (the ID token's `sub`). */
  subject: string;
  email: string | null;
  created_at: string;
  last_used_at: string | null;
}

export interface PasskeysTable {
  /** The WebAuthn credential id, base64url. */
  id: string;
  user_id: string;
  /** COSE public key, base64url. */
  public_key: string;
  counter: number;
  /** JSON array of transport hints. */
  transports: string | null;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export type AuthFlowKind = "oidc" | "oidc-link" | "passkey-register" | "passkey-sign-in";

/** A sign-in step in progress (OIDC state, WebAuthn challenge), keyed by the hash of a cookie token, used once. */
export interface AuthFlowsTable {
  id: string;
  kind: AuthFlowKind;
  user_id: string | null;
  /** JSON, validated by the flow that reads it. */
  data: string;
  created_at: string;
  expires_at: string;
}

export interface AuditLogTable {
  id: string;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_id: string | null;
  target_email: string | null;
  /** JSON with what changed. */
  details: string | null;
  created_at: string;
}

/** Mail kept for admins to read when no SMTP server is configured. */
export interface OutboxMailsTable {
  id: string;
  recipient: string;
  subject: string;
  body: string;
  created_at: string;
}

export interface ChaptersTable {
  id: string;
  slug: string;
  title: string;
  summary: string;
  /** Course position, 1-based; ties are broken by slug. */
  position: number;
  access: ChapterAccess;
  /** Null while the chapter is unpublished. */
  published_at: string | null;
  /** Starts at 1 and grows with every metadata change, so two editors cannot overwrite each other unseen. */
  version: number;
  /** Set once an admin edits the metadata in the app; imports then leave the metadata alone. */
  edited_in_app_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface SectionsTable {
  id: string;
  chapter_id: string;
  /** Unique within its chapter: the heading's anchor and the section's identity for imports. */
  slug: string;
  position: number;
  published_at: string | null;
  /** The `number` of the section_revisions row shown to readers. */
  current_revision: number;
  created_at: string;
  updated_at: string;
}

export type RevisionSource = "import" | "editor" | "restore";

/** Every saved state of a section; never updated, so any of them can be shown or restored. */
export interface SectionRevisionsTable {
  id: string;
  section_id: string;
  /** 1, 2, 3… per section; unique with section_id, which is what refuses a second save from the same base. */
  number: number;
  title: string;
  body: string;
  source: RevisionSource;
  /** The revision the editor started from. */
  based_on: number | null;
  /** For a restore: the revision whose title and body were copied. */
  restored_from: number | null;
  author_id: string | null;
  created_at: string;
}

export interface SectionProgressTable {
  user_id: string;
  section_id: string;
  read_at: string;
}

/** One setting of /admin/application: its value is JSON, validated by app/models/app-settings.server.ts. */
export interface AppSettingsTable {
  key: string;
  value: string;
  updated_by: string | null;
  updated_at: string;
}

export type QuizMode = "chapter" | "practice" | "set";

/** Questions an admin generated and published: a quiz learners take, or a problem set to print. */
export interface QuizSetsTable {
  id: string;
  title: string;
  kind: "quiz" | "problem-set";
  /** JSON array of { templateId, skillId, seed, difficulty }. */
  items: string;
  created_by: string | null;
  created_at: string;
}

export interface QuizAttemptsTable {
  id: string;
  user_id: string;
  mode: QuizMode;
  /** The chapter of a chapter quiz; null otherwise. */
  chapter_slug: string | null;
  /** The published set a "set" attempt takes; null otherwise. */
  set_id: string | null;
  started_at: string;
  finished_at: string | null;
}

/** One question of an attempt: (template, seed, difficulty) makes it again, key included, on the server only. */
export interface QuizItemsTable {
  id: string;
  attempt_id: string;
  position: number;
  template_id: string;
  skill_id: string;
  seed: number;
  difficulty: number;
  hints_used: number;
  /** JSON array: the answer given to each part. */
  answers: string | null;
  /** JSON array of booleans: each part's verdict. */
  part_results: string | null;
  /** 1 when every part was right, 0 otherwise; null until answered. */
  correct: number | null;
  time_ms: number | null;
  answered_at: string | null;
}

/** One answer to an exercise inside a lesson, graded against the key of the revision the reader saw. */
export interface ExerciseAnswersTable {
  id: string;
  user_id: string;
  section_id: string;
  revision_id: string;
  exercise_number: number;
  skill_id: string;
  /** JSON array: the answer given to each part. */
  answers: string;
  /** JSON array of booleans: each part's verdict. */
  part_results: string;
  correct: number;
  hints_used: number;
  /** 1 when the worked answer had been shown before this answer. */
  revealed: number;
  /** 1 for the first answer since the exercise was last solved: the one mastery counts. */
  try_number: number;
  answered_at: string;
}

/**
 * Something a search finds: a section, a definition, a theorem, an exercise or a tool. Derived from the
 * content (app/models/search.server.ts); PostgreSQL adds a generated `search_vector`, SQLite an FTS5 table.
 */
export interface SearchDocumentsTable {
  id: string;
  kind: "section" | "definition" | "theorem" | "exercise" | "tool";
  section_id: string | null;
  revision: number;
  target: string;
  position: number;
  title: string;
  body: string;
}

/** The daily goal a learner chose, counted on their local days. */
export interface DailyGoalsTable {
  user_id: string;
  kind: "questions" | "minutes";
  target: number;
  time_zone: string;
  updated_at: string;
}

/** A question an admin wrote; its text and key are in its revisions. */
export interface QuizQuestionsTable {
  id: string;
  published_at: string | null;
  current_revision: number;
  created_at: string;
  updated_at: string;
}

export interface QuizQuestionRevisionsTable {
  id: string;
  question_id: string;
  number: number;
  skill_id: string;
  difficulty: number;
  /** JSON of core/quiz/fixed-question.ts FixedQuestionContent. */
  content: string;
  based_on: number | null;
  author_id: string | null;
  created_at: string;
}

/** A record of /prime-discoveries; its facts are in its revisions. */
export interface PrimeRecordsTable {
  id: string;
  kind: PrimeRecordKind;
  /** Names the record within its kind: the exponent, or the number as written. */
  natural_key: string;
  published_at: string | null;
  /** When it was first published; imported records count as published on import. */
  first_published_at: string | null;
  current_revision: number;
  created_at: string;
  updated_at: string;
}

export interface PrimeRecordRevisionsTable {
  id: string;
  record_id: string;
  number: number;
  /** JSON of the record (core/primes/prime-records.ts). */
  content: string;
  source: "import" | "editor";
  based_on: number | null;
  author_id: string | null;
  created_at: string;
}

export type PaymentProviderName = "stripe" | "test";
export type PlanInterval = "monthly" | "yearly";

export interface BillingCustomersTable {
  user_id: string;
  provider: PaymentProviderName;
  customer_id: string;
  trial_used_at: string | null;
  created_at: string;
}

/** The provider's state of one subscription, as the last sync read it (app/billing/sync.server.ts). */
export interface SubscriptionsTable {
  id: string;
  user_id: string;
  provider: PaymentProviderName;
  customer_id: string;
  subscription_id: string;
  plan: PlanInterval | null;
  /** The provider's status: active, trialing, past_due, paused, unpaid, canceled, incomplete… */
  status: string;
  amount_minor: number | null;
  currency: string | null;
  current_period_end: string | null;
  trial_end: string | null;
  cancel_at_period_end: number;
  past_due_since: string | null;
  paused_from: string | null;
  paused_until: string | null;
  first_payment_at: string | null;
  ended_at: string | null;
  observed_at: string;
  created_at: string;
  updated_at: string;
}

export type PaymentEventState = "processing" | "done" | "failed";

export interface PaymentEventsTable {
  provider: PaymentProviderName;
  event_id: string;
  type: string;
  customer_id: string | null;
  state: PaymentEventState;
  provider_created_at: string;
  received_at: string;
  updated_at: string;
}

export type CheckoutState = "opening" | "open" | "complete" | "expired" | "failed";

export interface CheckoutsTable {
  id: string;
  user_id: string;
  provider: PaymentProviderName;
  plan: PlanInterval;
  amount_minor: number;
  currency: string;
  trial_days: number;
  return_to: string | null;
  session_id: string | null;
  url: string | null;
  state: CheckoutState;
  created_at: string;
  updated_at: string;
}

export interface ComplimentaryGrantsTable {
  id: string;
  user_id: string;
  until: string;
  reason: string;
  granted_by: string | null;
  created_at: string;
  revoked_at: string | null;
  revoked_by: string | null;
}

/** The built-in test-mode provider's records; `data` is the object as JSON. */
export interface TestProviderObjectsTable {
  id: string;
  kind: string;
  customer_id: string | null;
  data: string;
  deliver_after: string | null;
  attempts: number;
  created_at: string;
  updated_at: string;
}

/** What the server answered to a submission with an idempotency key; `result` is `{ status, body }` as JSON. */
export interface IdempotentSubmissionsTable {
  user_id: string;
  key: string;
  scope: string;
  /** Null only inside the transaction that applies the submission. */
  result: string | null;
  created_at: string;
}

/** One analytics event (app/analytics/events.ts); no IP address, a visitor hash of the day instead. */
export interface AnalyticsEventsTable {
  id: string;
  name: string;
  occurred_at: string;
  /** UTC day of occurred_at, YYYY-MM-DD. */
  day: string;
  received_at: string;
  visitor: string;
  user_id: string | null;
  route: string;
  path: string;
  referrer: string | null;
  device: string | null;
  subject: string | null;
  outcome: string | null;
  props: string | null;
}

/** Counts of one day, kept after the raw events are pruned (app/models/analytics-rollup.server.ts). */
export interface AnalyticsDailyTable {
  day: string;
  metric: string;
  dimension: string;
  events: number;
  visitors: number;
}

/** The secret of one day that visitor hashes are salted with; deleted once the day is over. */
export interface AnalyticsSaltsTable {
  day: string;
  salt: string;
  created_at: string;
}

/** A response of 500 or above, recorded by whichever instance answered it. */
export interface ServerErrorsTable {
  id: string;
  occurred_at: string;
  method: string;
  path: string;
  status: number;
}

/** A signed-in browser's push subscription (docs/push.md); removed with its session. */
export interface PushSubscriptionsTable {
  id: string;
  user_id: string;
  session_id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  user_agent: string | null;
  created_at: string;
  refreshed_at: string;
}

/** A topic (app/push/vocabulary.ts) a learner asked to hear about. */
export interface PushTopicsTable {
  user_id: string;
  topic: string;
}

/** A learner's time zone, review-reminder hour and quiet hours (local hours 0–23). */
export interface NotificationSettingsTable {
  user_id: string;
  time_zone: string;
  reminder_hour: number;
  quiet_start: number | null;
  quiet_end: number | null;
  last_reminder_on: string | null;
  updated_at: string;
}

/** One message sent (or scheduled) to an audience; its deliveries are its report. */
export interface PushSendsTable {
  id: string;
  kind: string;
  title: string;
  body: string;
  url: string;
  topic: string;
  audience: string;
  audience_user_id: string | null;
  created_by: string | null;
  created_at: string;
  scheduled_for: string;
  status: string;
  dispatched_at: string | null;
}

/** One send to one subscription, and what became of it. */
export interface PushDeliveriesTable {
  id: string;
  send_id: string;
  subscription_id: string | null;
  user_id: string;
  push_service: string;
  body: string | null;
  status: string;
  not_before: string;
  attempts: Generated<number>;
  last_error: string | null;
  updated_at: string;
  sent_at: string | null;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  idle_session_endings: IdleSessionEndingsTable;
  push_subscriptions: PushSubscriptionsTable;
  push_topics: PushTopicsTable;
  notification_settings: NotificationSettingsTable;
  push_sends: PushSendsTable;
  push_deliveries: PushDeliveriesTable;
  contact_messages: ContactMessagesTable;
  contact_replies: ContactRepliesTable;
  todo_items: TodoItemsTable;
  todo_comments: TodoCommentsTable;
  assistant_requests: AssistantRequestsTable;
  rate_limits: RateLimitsTable;
  email_tokens: EmailTokensTable;
  identities: IdentitiesTable;
  passkeys: PasskeysTable;
  auth_flows: AuthFlowsTable;
  audit_log: AuditLogTable;
  outbox_mails: OutboxMailsTable;
  chapters: ChaptersTable;
  sections: SectionsTable;
  section_revisions: SectionRevisionsTable;
  section_progress: SectionProgressTable;
  app_settings: AppSettingsTable;
  quiz_sets: QuizSetsTable;
  quiz_attempts: QuizAttemptsTable;
  quiz_items: QuizItemsTable;
  exercise_answers: ExerciseAnswersTable;
  daily_goals: DailyGoalsTable;
  search_documents: SearchDocumentsTable;
  quiz_questions: QuizQuestionsTable;
  quiz_question_revisions: QuizQuestionRevisionsTable;
  prime_records: PrimeRecordsTable;
  prime_record_revisions: PrimeRecordRevisionsTable;
  billing_customers: BillingCustomersTable;
  subscriptions: SubscriptionsTable;
  payment_events: PaymentEventsTable;
  checkouts: CheckoutsTable;
  complimentary_grants: ComplimentaryGrantsTable;
  test_provider_objects: TestProviderObjectsTable;
  idempotent_submissions: IdempotentSubmissionsTable;
  analytics_events: AnalyticsEventsTable;
  analytics_daily: AnalyticsDailyTable;
  analytics_salts: AnalyticsSaltsTable;
  server_errors: ServerErrorsTable;
}
