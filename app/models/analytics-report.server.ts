import { PostgresAdapter, sql, type Kysely, type RawBuilder, type SqlBool } from "kysely";
import type { Database } from "#database/schema";
import { skillMastery, RECENT_ANSWERS, type AnswerRecord } from "#core/quiz/mastery";
import { now as currentTime } from "../utils/clock";
import {
  addDays,
  COHORT_WEEKS,
  dayRangeSchema,
  defaultDayRange,
  eachDay,
  FUNNEL_STEPS,
  mondayOf,
  REPORT_DEVICES,
  REPORT_TOOLS,
  TOP_PAGES_LIMIT,
  TOP_REFERRERS_LIMIT,
  type AnalyticsInDepth,
  type CohortRow,
  type DashboardFigures,
  type DayRange,
  type FunnelRow,
  type UsageCharts,
} from "./analytics-figures";
import { ROLLUP_METRICS } from "./analytics-rollup.server";
import { likeLiteral } from "./database-errors.server";
import { countServerErrorsSince } from "./server-error.server";
import { ENDED_STATUSES } from "./subscription.server";
import { readSubscriptionMetrics } from "./subscription-metrics.server";

/*
 * The admin's analytics figures (docs/analytics.md), on SQLite and PostgreSQL alike: timestamps are
 * ISO-8601 UTC text, so windows are string comparisons, and buckets are prefixes of the text
 * (`substr(at, 1, 10)` is the day, 13 the hour, 16 the minute) instead of either dialect's date
 * functions. Counts come back as strings from PostgreSQL, hence the Number() around each.
 *
 * Visitor figures read the daily rollups (analytics_daily), which outlive the raw events; a range's
 * visitors are the sum of its days' distinct visitors (visitor-days), because a visitor's hash is
 * salted anew every day. Only the usage charts, which look at the last 48 hours, read raw events.
 */

const HOUR_MS = 60 * 60 * 1000;
const MINUTE_MS = 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/** The usage charts' windows. */
export const EVENTS_PER_HOUR_HOURS = 48;
export const LIVE_MINUTES = 30;
export const VISITORS_NOW_MINUTES = 5;

/** Statuses of a subscription whose first payment was never made: it never ran. */
const NEVER_RAN_STATUSES = ["incomplete", "incomplete_expired"];

const startOfDay = (day: string) => `${day}T00:00:00.000Z`;

/** Groups text timestamps by their first `length` characters, written the same on both dialects. */
const prefix = (column: string, length: 10 | 13 | 16) => sql<string>`substr(${sql.ref(column)}, 1, ${sql.lit(length)})`;

const isPostgres = (db: Kysely<Database>) => db.getExecutor().adapter instanceof PostgresAdapter;

/**
 * Every moment an account showed activity since `since` (and before `until`, when given), as
 * (user_id, at): an event sent while signed in, a section marked read, a quiz answer, and its latest
 * sign-in (the only one stored). "Active" and the retention cohorts both read this.
 */
function activity(db: Kysely<Database>, since: string, until?: string) {
  const events = db
    .selectFrom("analytics_events")
    .select(["user_id", "occurred_at as at"])
    .where("user_id", "is not", null)
    .where("occurred_at", ">=", since)
    .$if(until !== undefined, (query) => query.where("occurred_at", "<", until!))
    .$narrowType<{ user_id: string }>();
  const reads = db
    .selectFrom("section_progress")
    .select(["user_id", "read_at as at"])
    .where("read_at", ">=", since)
    .$if(until !== undefined, (query) => query.where("read_at", "<", until!));
  const answers = db
    .selectFrom("quiz_items")
    .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
    .select(["quiz_attempts.user_id", "quiz_items.answered_at as at"])
    .where("quiz_items.answered_at", ">=", since)
    .$if(until !== undefined, (query) => query.where("quiz_items.answered_at", "<", until!))
    .$narrowType<{ at: string }>();
  const signIns = db
    .selectFrom("users")
    .select(["id as user_id", "last_sign_in_at as at"])
    .where("last_sign_in_at", ">=", since)
    .$if(until !== undefined, (query) => query.where("last_sign_in_at", "<", until!))
    .$narrowType<{ at: string }>();
  return events.unionAll(reads).unionAll(answers).unionAll(signIns);
}

// ---------------------------------------------------------------------------------------------------
// The dashboard

/**
 * The dashboard's figures (/admin/admin). The last 30 days are the 30 UTC days up to and including
 * today; "active" windows are rolling (the last 24 hours, 7 and 30 days before now).
 */
export async function readDashboardFigures(
  db: Kysely<Database>,
  system: { buildId: string; startedAt: Date },
): Promise<DashboardFigures> {
  const at = currentTime();
  const window = defaultDayRange(at);
  const [users, learning, traffic, subscriptions, systemFigures] = await Promise.all([
    readUserFigures(db, at, window),
    readLearningFigures(db, window),
    readTrafficFigures(db, window),
    readSubscriptionFigures(db, at),
    readSystemFigures(db, at, system),
  ]);
  return { at: at.toISOString(), users, learning, ...traffic, subscriptions, system: systemFigures };
}

async function readUserFigures(db: Kysely<Database>, at: Date, window: DayRange): Promise<DashboardFigures["users"]> {
  const since = (days: number) => new Date(at.getTime() - days * DAY_MS).toISOString();
  const total = await db
    .selectFrom("users")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const signUps = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("users")
        .select(prefix("created_at", 10).as("day"))
        .where("created_at", ">=", startOfDay(window.from))
        .where("created_at", "<", startOfDay(addDays(window.to, 1)))
        .as("sign_ups"),
    )
    .select((eb) => ["sign_ups.day", eb.fn.countAll<number | string>().as("count")])
    .groupBy("sign_ups.day")
    .execute();
  const lastActive = db
    .selectFrom(activity(db, since(30)).as("activity"))
    .select((eb) => ["activity.user_id", eb.fn.max("activity.at").as("last")])
    .groupBy("activity.user_id");
  const active = await db
    .selectFrom(lastActive.as("accounts"))
    .select((eb) => [
      eb.fn
        .sum<number | string | null>(eb.case().when("accounts.last", ">=", since(1)).then(1).else(0).end())
        .as("day1"),
      eb.fn
        .sum<number | string | null>(eb.case().when("accounts.last", ">=", since(7)).then(1).else(0).end())
        .as("day7"),
      eb.fn.countAll<number | string>().as("day30"),
    ])
    .executeTakeFirstOrThrow();

  const signUpsOn = new Map(signUps.map((row) => [row.day, Number(row.count)]));
  const signUpsByDay = eachDay(window).map((day) => ({ day, value: signUpsOn.get(day) ?? 0 }));
  return {
    total: Number(total.count),
    newIn30Days: signUpsByDay.reduce((sum, point) => sum + point.value, 0),
    active: { day1: Number(active.day1 ?? 0), day7: Number(active.day7 ?? 0), day30: Number(active.day30) },
    signUpsByDay,
  };
}

async function readLearningFigures(db: Kysely<Database>, window: DayRange): Promise<DashboardFigures["learning"]> {
  const since = startOfDay(window.from);
  const until = startOfDay(addDays(window.to, 1));
  const sections = await db
    .selectFrom("section_progress")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("read_at", ">=", since)
    .where("read_at", "<", until)
    .executeTakeFirstOrThrow();
  const chapters = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("section_progress")
        .innerJoin("sections", "sections.id", "section_progress.section_id")
        .select(["section_progress.user_id", "sections.chapter_id"])
        .distinct()
        .where("section_progress.read_at", ">=", since)
        .where("section_progress.read_at", "<", until)
        .as("pairs"),
    )
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .executeTakeFirstOrThrow();
  const answers = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("quiz_items")
        .select(["correct", prefix("answered_at", 10).as("day")])
        .where("answered_at", ">=", since)
        .where("answered_at", "<", until)
        .as("answers"),
    )
    .select((eb) => [
      "answers.day",
      eb.fn.countAll<number | string>().as("answered"),
      eb.fn.sum<number | string | null>("answers.correct").as("right"),
    ])
    .groupBy("answers.day")
    .execute();

  const answersOn = new Map(
    answers.map((row) => [row.day, { answered: Number(row.answered), right: Number(row.right ?? 0) }]),
  );
  const answersByDay = eachDay(window).map((day) => {
    const { answered, right } = answersOn.get(day) ?? { answered: 0, right: 0 };
    return { day, right, wrong: answered - right };
  });
  const quizAnswers = answersByDay.reduce((sum, day) => sum + day.right + day.wrong, 0);
  const right = answersByDay.reduce((sum, day) => sum + day.right, 0);
  return {
    sectionsRead: Number(sections.count),
    chaptersRead: Number(chapters.count),
    quizAnswers,
    shareRight: quizAnswers === 0 ? null : right / quizAnswers,
    masteryReached: await countMasteredSkills(db),
    answersByDay,
  };
}

/**
 * Learner and skill pairs at the level "mastered", by core/quiz/mastery.ts. Mastery looks only at a
 * skill's latest RECENT_ANSWERS answers, so the query hands over at most that many per pair (a window
 * function, on both dialects): the work grows with the pairs, not with the answers ever given.
 */
async function countMasteredSkills(db: Kysely<Database>): Promise<number> {
  const ranked = db
    .selectFrom("quiz_items")
    .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
    .select((eb) => [
      "quiz_attempts.user_id",
      "quiz_items.skill_id",
      "quiz_items.correct",
      "quiz_items.hints_used",
      "quiz_items.answered_at",
      eb.fn
        .agg<number>("row_number")
        .over((over) =>
          over
            .partitionBy(["quiz_attempts.user_id", "quiz_items.skill_id"])
            .orderBy("quiz_items.answered_at", "desc")
            .orderBy("quiz_items.id", "desc"),
        )
        .as("recency"),
    ])
    .where("quiz_items.answered_at", "is not", null);
  const rows = await db
    .selectFrom(ranked.as("ranked"))
    .select(["user_id", "skill_id", "correct", "hints_used", "answered_at"])
    .where("recency", "<=", RECENT_ANSWERS)
    .execute();

  const byPair = new Map<string, AnswerRecord[]>();
  for (const row of rows) {
    const key = `${row.user_id}\u0000${row.skill_id}`;
    const answers = byPair.get(key) ?? [];
    answers.push({
      skillId: row.skill_id,
      correct: Number(row.correct) === 1,
      hintsUsed: Number(row.hints_used),
      answeredAt: row.answered_at!,
    });
    byPair.set(key, answers);
  }
  let mastered = 0;
  for (const answers of byPair.values()) {
    if (skillMastery(answers[0]!.skillId, answers).level === "mastered") mastered += 1;
  }
  return mastered;
}

/** Tools and visitors, from the daily rollups. */
async function readTrafficFigures(
  db: Kysely<Database>,
  window: DayRange,
): Promise<Pick<DashboardFigures, "tools" | "visitors">> {
  const rows = await db
    .selectFrom("analytics_daily")
    .select(["day", "metric", "dimension", "events", "visitors"])
    .where("day", ">=", window.from)
    .where("day", "<=", window.to)
    .where((eb) =>
      eb.or([
        eb("metric", "=", ROLLUP_METRICS.all),
        eb.and([eb("metric", "=", ROLLUP_METRICS.event), eb("dimension", "=", "page_view")]),
        eb("metric", "=", ROLLUP_METRICS.tool),
      ]),
    )
    .execute();
  const visitorsByDay = new Map(eachDay(window).map((day) => [day, { day, visitors: 0, pageViews: 0 }]));
  const toolsByDay = new Map(eachDay(window).map((day) => [day, { day, factorization: 0, plot: 0, primes: 0 }]));
  for (const row of rows) {
    const visitors = visitorsByDay.get(row.day)!;
    const tools = toolsByDay.get(row.day)!;
    if (row.metric === ROLLUP_METRICS.all) visitors.visitors = Number(row.visitors);
    else if (row.metric === ROLLUP_METRICS.event) visitors.pageViews = Number(row.events);
    else if (isReportTool(row.dimension)) tools[row.dimension] = Number(row.events);
  }
  const byDay = [...toolsByDay.values()];
  const visitors = [...visitorsByDay.values()];
  const sum = <T>(list: T[], value: (item: T) => number) => list.reduce((total, item) => total + value(item), 0);
  return {
    tools: {
      factorizations: sum(byDay, (day) => day.factorization),
      plots: sum(byDay, (day) => day.plot),
      primeTools: sum(byDay, (day) => day.primes),
      byDay,
    },
    visitors: {
      byDay: visitors,
      total: sum(visitors, (day) => day.visitors),
      pageViews: sum(visitors, (day) => day.pageViews),
    },
  };
}

const isReportTool = (value: string): value is (typeof REPORT_TOOLS)[number] =>
  (REPORT_TOOLS as readonly string[]).includes(value);

/**
 * Subscription metrics, and churn: of the subscriptions running 30 days ago (the app had seen them by
 * then, they had not ended by then, and they are not ones whose first payment never came), those
 * that have ended since. Only ended subscriptions of that group count, so the rate stays within 0..1.
 */
async function readSubscriptionFigures(db: Kysely<Database>, at: Date): Promise<DashboardFigures["subscriptions"]> {
  const start = new Date(at.getTime() - 30 * DAY_MS).toISOString();
  const metrics = await readSubscriptionMetrics(db);
  const ended = [...ENDED_STATUSES];
  const churn = await db
    .selectFrom("subscriptions")
    .select((eb) => [
      eb.fn.countAll<number | string>().as("atStart"),
      eb.fn.sum<number | string | null>(eb.case().when("status", "in", ended).then(1).else(0).end()).as("ended"),
    ])
    .where("created_at", "<=", start)
    .where("status", "not in", NEVER_RAN_STATUSES)
    .where((eb) => eb.or([eb("status", "not in", ended), eb(eb.fn.coalesce("ended_at", "updated_at"), ">", start)]))
    .executeTakeFirstOrThrow();
  const atStart = Number(churn.atStart);
  const endedSince = Number(churn.ended ?? 0);
  return { ...metrics, churn: { ended: endedSince, atStart, rate: atStart === 0 ? null : endedSince / atStart } };
}

async function readSystemFigures(
  db: Kysely<Database>,
  at: Date,
  system: { buildId: string; startedAt: Date },
): Promise<DashboardFigures["system"]> {
  const postgres = isPostgres(db);
  const serverErrors24h = await countServerErrorsSince(db, new Date(at.getTime() - DAY_MS).toISOString());
  const events = await db
    .selectFrom("analytics_events")
    .select((eb) => [eb.fn.countAll<number | string>().as("count"), eb.fn.min("day").as("oldest")])
    .executeTakeFirstOrThrow();
  return {
    buildId: system.buildId,
    uptimeSeconds: Math.max(0, Math.floor((at.getTime() - system.startedAt.getTime()) / 1000)),
    dialect: postgres ? "postgres" : "sqlite",
    databaseBytes: await readDatabaseBytes(db, postgres),
    serverErrors24h,
    storedEvents: Number(events.count),
    oldestEventDay: events.oldest ?? null,
  };
}

async function readDatabaseBytes(db: Kysely<Database>, postgres: boolean): Promise<number | null> {
  try {
    const query = postgres
      ? sql<{ bytes: number | string }>`select pg_database_size(current_database()) as bytes`
      : sql<{
          bytes: number | string;
        }>`select page_count * page_size as bytes from pragma_page_count(), pragma_page_size()`;
    const { rows } = await query.execute(db);
    return rows[0] ? Number(rows[0].bytes) : null;
  } catch {
    // A role without the right to read the size (PostgreSQL) still gets the rest of the dashboard;
    // the figure says "unknown" rather than failing the page.
    return null;
  }
}

// ---------------------------------------------------------------------------------------------------
// In depth

/**
 * The analytics page's figures (/admin/admin2) for a range of UTC days (checked here with
 * dayRangeSchema: real days, from ≤ to, at most MAX_RANGE_DAYS; a RangeError otherwise).
 *
 * The funnel follows the accounts created in the range, each step a subset of the previous:
 * - visit: visitor-days in the range (rollups; visitors are anonymous, so this step only gives scale);
 * - sign_up: accounts created in the range (and not deleted since);
 * - first_chapter: of those, the accounts that have marked a section read, at any time up to now;
 * - first_quiz: of those, the accounts that have answered a quiz question;
 * - subscription: of those, the accounts with a subscription the provider started (a trial or a paid
 *   one, running or ended since: any subscriptions row except those whose first payment never came).
 *   The subscriptions table is authoritative: it is synced from the payment provider, whereas the
 *   checkout_completed event is missing for learners with Do Not Track or analytics switched off.
 *
 * Top pages: the TOP_PAGES_LIMIT most viewed addresses, or, with `pagesContaining`, the most viewed of
 * those containing that text in any case (a page with few views is found that way in a busy range).
 *
 * Cohorts: the accounts created in the range by sign-up week (Monday-based UTC weeks); week k counts
 * those with any activity (as for "active" on the dashboard) between 7k and 7k + 7 days after their
 * week's Monday, null while that week is not over.
 */
export async function readAnalyticsInDepth(
  db: Kysely<Database>,
  range: DayRange,
  { pagesContaining = "" }: { pagesContaining?: string } = {},
): Promise<AnalyticsInDepth> {
  const checked = dayRangeSchema.safeParse(range);
  if (!checked.success) throw new RangeError(checked.error.issues[0]?.message ?? "Not a range of days.");
  const { from, to } = checked.data;
  const at = currentTime();
  const [rollups, topPages, referrers, funnel, cohorts, quizByDifficulty] = await Promise.all([
    readRangeRollups(db, { from, to }),
    readTopPages(db, { from, to }, pagesContaining.trim()),
    readReferrers(db, { from, to }),
    readFunnelCounts(db, { from, to }),
    readCohorts(db, { from, to }, at),
    readQuizByDifficulty(db, { from, to }),
  ]);
  const visits = rollups.get(ROLLUP_METRICS.all, "").visitors;
  return {
    range: { from, to },
    totals: {
      visitors: visits,
      pageViews: rollups.get(ROLLUP_METRICS.event, "page_view").events,
      events: rollups.get(ROLLUP_METRICS.all, "").events,
    },
    topPages,
    referrers,
    devices: REPORT_DEVICES.map((device) => ({
      device,
      visitors: rollups.get(ROLLUP_METRICS.device, device).visitors,
    })),
    funnel: funnelRows([visits, funnel.signUps, funnel.read, funnel.answered, funnel.subscribed]),
    cohorts,
    tools: REPORT_TOOLS.map((tool) => ({
      tool,
      uses: rollups.get(ROLLUP_METRICS.tool, tool).events,
      finished: rollups.get(ROLLUP_METRICS.toolOutcome, `${tool}:finished`).events,
      stopped: rollups.get(ROLLUP_METRICS.toolOutcome, `${tool}:stopped`).events,
      failed: rollups.get(ROLLUP_METRICS.toolOutcome, `${tool}:failed`).events,
    })),
    quizByDifficulty,
  };
}

/** The range's sums of the small rollups (everything but pages and referrers), by metric and dimension. */
async function readRangeRollups(db: Kysely<Database>, range: DayRange) {
  const rows = await db
    .selectFrom("analytics_daily")
    .select((eb) => [
      "metric",
      "dimension",
      eb.fn.sum<number | string>("events").as("events"),
      eb.fn.sum<number | string>("visitors").as("visitors"),
    ])
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .where("metric", "in", [
      ROLLUP_METRICS.all,
      ROLLUP_METRICS.event,
      ROLLUP_METRICS.device,
      ROLLUP_METRICS.tool,
      ROLLUP_METRICS.toolOutcome,
    ])
    .groupBy(["metric", "dimension"])
    .execute();
  const sums = new Map(
    rows.map((row) => [
      `${row.metric}\u0000${row.dimension}`,
      { events: Number(row.events), visitors: Number(row.visitors) },
    ]),
  );
  return {
    get: (metric: string, dimension: string) => sums.get(`${metric}\u0000${dimension}`) ?? { events: 0, visitors: 0 },
  };
}

async function readTopPages(
  db: Kysely<Database>,
  range: DayRange,
  containing: string,
): Promise<AnalyticsInDepth["topPages"]> {
  let query = db
    .selectFrom("analytics_daily")
    .select((eb) => [
      "dimension",
      eb.fn.sum<number | string>("events").as("views"),
      eb.fn.sum<number | string>("visitors").as("visitors"),
    ])
    .where("metric", "=", ROLLUP_METRICS.page)
    .where("day", ">=", range.from)
    .where("day", "<=", range.to);
  if (containing !== "") {
    // lower() on both sides and an explicit escape character match alike on SQLite (whose lower() the
    // connection makes Unicode-aware) and PostgreSQL.
    const pattern = `%${likeLiteral(containing.toLowerCase())}%`;
    query = query.where(sql<SqlBool>`lower(${sql.ref("dimension")}) like ${pattern} escape '\\'`);
  }
  const rows = await query
    .groupBy("dimension")
    .orderBy((eb) => eb.fn.sum("events"), "desc")
    .orderBy("dimension")
    .limit(TOP_PAGES_LIMIT)
    .execute();
  return rows.map((row) => ({ path: row.dimension, views: Number(row.views), visitors: Number(row.visitors) }));
}

async function readReferrers(db: Kysely<Database>, range: DayRange): Promise<AnalyticsInDepth["referrers"]> {
  const rows = await db
    .selectFrom("analytics_daily")
    .select((eb) => ["dimension", eb.fn.sum<number | string>("visitors").as("visits")])
    .where("metric", "=", ROLLUP_METRICS.referrer)
    .where("day", ">=", range.from)
    .where("day", "<=", range.to)
    .groupBy("dimension")
    .orderBy((eb) => eb.fn.sum("visitors"), "desc")
    .orderBy("dimension")
    .limit(TOP_REFERRERS_LIMIT)
    .execute();
  return rows.map((row) => ({ domain: row.dimension, visits: Number(row.visits) }));
}

/** The funnel's account steps (see readAnalyticsInDepth), counted in one pass over the range's sign-ups. */
async function readFunnelCounts(db: Kysely<Database>, range: DayRange) {
  const row = await db
    .selectFrom("users")
    .select((eb) => {
      const read = eb.exists(
        eb
          .selectFrom("section_progress")
          .select("section_progress.user_id")
          .whereRef("section_progress.user_id", "=", "users.id"),
      );
      const answered = eb.exists(
        eb
          .selectFrom("quiz_items")
          .innerJoin("quiz_attempts", "quiz_attempts.id", "quiz_items.attempt_id")
          .select("quiz_items.id")
          .whereRef("quiz_attempts.user_id", "=", "users.id")
          .where("quiz_items.answered_at", "is not", null),
      );
      const subscribed = eb.exists(
        eb
          .selectFrom("subscriptions")
          .select("subscriptions.id")
          .whereRef("subscriptions.user_id", "=", "users.id")
          .where("subscriptions.status", "not in", NEVER_RAN_STATUSES),
      );
      const countWhere = (condition: typeof read) =>
        eb.fn.sum<number | string | null>(eb.case().when(condition).then(1).else(0).end());
      return [
        eb.fn.countAll<number | string>().as("signUps"),
        countWhere(read).as("read"),
        countWhere(eb.and([read, answered])).as("answered"),
        countWhere(eb.and([read, answered, subscribed])).as("subscribed"),
      ];
    })
    .where("created_at", ">=", startOfDay(range.from))
    .where("created_at", "<", startOfDay(addDays(range.to, 1)))
    .executeTakeFirstOrThrow();
  return {
    signUps: Number(row.signUps),
    read: Number(row.read ?? 0),
    answered: Number(row.answered ?? 0),
    subscribed: Number(row.subscribed ?? 0),
  };
}

/** The funnel's rows from its counts in FUNNEL_STEPS order. */
export function funnelRows(counts: readonly number[]): FunnelRow[] {
  return FUNNEL_STEPS.map((step, index) => {
    const count = counts[index] ?? 0;
    const previous = index === 0 ? undefined : (counts[index - 1] ?? 0);
    return {
      step,
      count,
      dropOff: previous === undefined || previous === 0 ? null : Math.max(0, 1 - count / previous),
    };
  });
}

/**
 * The index of the week an ISO timestamp falls in, among weeks starting on `mondays` (ascending):
 * a CASE over the weeks' starts, so the same SQL groups by week on both dialects. -1 before the first.
 */
function weekIndex(column: string, mondays: readonly string[]): RawBuilder<number> {
  const branches = mondays
    .map((monday, index) => sql`when ${sql.ref(column)} >= ${startOfDay(monday)} then ${sql.lit(index)}`)
    .reverse();
  return sql<number>`case ${sql.join(branches, sql` `)} else -1 end`;
}

async function readCohorts(db: Kysely<Database>, range: DayRange, at: Date): Promise<CohortRow[]> {
  const firstMonday = mondayOf(range.from);
  const cohortCount = Math.round((Date.parse(mondayOf(range.to)) - Date.parse(firstMonday)) / (7 * DAY_MS)) + 1;
  // The cohorts' weeks, then the weeks their last cohort is followed into.
  const mondays = Array.from({ length: cohortCount + COHORT_WEEKS - 1 }, (_, week) => addDays(firstMonday, 7 * week));
  const cohortMondays = mondays.slice(0, cohortCount);
  const signedUpFrom = startOfDay(range.from);
  const signedUpBefore = startOfDay(addDays(range.to, 1));

  const sizes = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("users")
        .select(weekIndex("users.created_at", cohortMondays).as("cohort"))
        .where("users.created_at", ">=", signedUpFrom)
        .where("users.created_at", "<", signedUpBefore)
        .as("accounts"),
    )
    .select((eb) => ["accounts.cohort", eb.fn.countAll<number | string>().as("size")])
    .groupBy("accounts.cohort")
    .execute();

  const activityEnd = startOfDay(addDays(mondays.at(-1)!, 7));
  const active = await db
    .selectFrom((eb) =>
      eb
        .selectFrom(activity(db, startOfDay(firstMonday), activityEnd).as("activity"))
        .innerJoin("users", "users.id", "activity.user_id")
        .select([
          "activity.user_id",
          weekIndex("users.created_at", cohortMondays).as("cohort"),
          weekIndex("activity.at", mondays).as("week"),
        ])
        .where("users.created_at", ">=", signedUpFrom)
        .where("users.created_at", "<", signedUpBefore)
        .as("weeks"),
    )
    .select((eb) => [
      "weeks.cohort",
      "weeks.week",
      eb.fn.count<number | string>("weeks.user_id").distinct().as("active"),
    ])
    .groupBy(["weeks.cohort", "weeks.week"])
    .execute();

  const sizeOf = new Map(sizes.map((row) => [Number(row.cohort), Number(row.size)]));
  const activeIn = new Map(active.map((row) => [`${Number(row.cohort)}:${Number(row.week)}`, Number(row.active)]));
  return cohortMondays.map((weekStart, cohort) => ({
    weekStart,
    size: sizeOf.get(cohort) ?? 0,
    activeByWeek: Array.from({ length: COHORT_WEEKS }, (_, week) => {
      const weekOver = Date.parse(startOfDay(addDays(weekStart, 7 * (week + 1)))) <= at.getTime();
      return weekOver ? (activeIn.get(`${cohort}:${cohort + week}`) ?? 0) : null;
    }),
  }));
}

async function readQuizByDifficulty(
  db: Kysely<Database>,
  range: DayRange,
): Promise<AnalyticsInDepth["quizByDifficulty"]> {
  const rows = await db
    .selectFrom("quiz_items")
    .select((eb) => [
      "difficulty",
      eb.fn.countAll<number | string>().as("answered"),
      eb.fn.sum<number | string | null>("correct").as("right"),
      eb.fn.sum<number | string | null>("hints_used").as("hints"),
    ])
    .where("answered_at", ">=", startOfDay(range.from))
    .where("answered_at", "<", startOfDay(addDays(range.to, 1)))
    .groupBy("difficulty")
    .orderBy("difficulty")
    .execute();
  return rows.map((row) => {
    const answered = Number(row.answered);
    return {
      difficulty: Number(row.difficulty),
      answered,
      right: Number(row.right ?? 0),
      averageHints: Number(row.hints ?? 0) / answered,
    };
  });
}

// ---------------------------------------------------------------------------------------------------
// Usage charts

/**
 * The usage charts (/tests/mychart), from the raw events by when they happened: events per hour by
 * name over the last 48 hours, and per minute over the last 30. An event sent late (a queue kept
 * offline) lands in the hour it happened, once it arrives.
 */
export async function readUsageCharts(db: Kysely<Database>): Promise<UsageCharts> {
  const at = currentTime();
  const hourEnd = Math.floor(at.getTime() / HOUR_MS) * HOUR_MS + HOUR_MS;
  const hourStart = hourEnd - EVENTS_PER_HOUR_HOURS * HOUR_MS;
  const minuteEnd = Math.floor(at.getTime() / MINUTE_MS) * MINUTE_MS + MINUTE_MS;
  const minuteStart = minuteEnd - LIVE_MINUTES * MINUTE_MS;
  const iso = (time: number) => new Date(time).toISOString();

  const hourly = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("analytics_events")
        .select(["name", prefix("occurred_at", 13).as("hour")])
        .where("occurred_at", ">=", iso(hourStart))
        .where("occurred_at", "<", iso(hourEnd))
        .as("events"),
    )
    .select((eb) => ["events.hour", "events.name", eb.fn.countAll<number | string>().as("count")])
    .groupBy(["events.hour", "events.name"])
    .execute();
  const perMinute = await db
    .selectFrom((eb) =>
      eb
        .selectFrom("analytics_events")
        .select(["visitor", prefix("occurred_at", 16).as("minute")])
        .where("occurred_at", ">=", iso(minuteStart))
        .where("occurred_at", "<", iso(minuteEnd))
        .as("events"),
    )
    .select((eb) => [
      "events.minute",
      eb.fn.countAll<number | string>().as("events"),
      eb.fn.count<number | string>("events.visitor").distinct().as("visitors"),
    ])
    .groupBy("events.minute")
    .execute();
  const now = await db
    .selectFrom("analytics_events")
    .select((eb) => eb.fn.count<number | string>("visitor").distinct().as("visitors"))
    .where("occurred_at", ">=", iso(at.getTime() - VISITORS_NOW_MINUTES * MINUTE_MS))
    .where("occurred_at", "<", iso(minuteEnd))
    .executeTakeFirstOrThrow();

  const names = [...new Set(hourly.map((row) => row.name))].sort();
  const countOf = new Map(hourly.map((row) => [`${row.hour}\u0000${row.name}`, Number(row.count)]));
  const eventsPerHour = Array.from({ length: EVENTS_PER_HOUR_HOURS }, (_, index) => {
    const hour = iso(hourStart + index * HOUR_MS);
    const key = hour.slice(0, 13);
    return { hour, counts: Object.fromEntries(names.map((name) => [name, countOf.get(`${key}\u0000${name}`) ?? 0])) };
  });
  const minuteOf = new Map(perMinute.map((row) => [row.minute, row]));
  const live = Array.from({ length: LIVE_MINUTES }, (_, index) => {
    const minute = iso(minuteStart + index * MINUTE_MS);
    const row = minuteOf.get(minute.slice(0, 16));
    return { minute, events: Number(row?.events ?? 0), visitors: Number(row?.visitors ?? 0) };
  });
  return { at: at.toISOString(), eventsPerHour, live, visitorsNow: Number(now.visitors) };
}
