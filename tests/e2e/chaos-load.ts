import { randomUUID } from "node:crypto";
import type { InstanceCluster } from "./instance-cluster";

/**
 * The chaos run of issue 25: learners write through the proxy (quiz answers, reading progress, contact
 * messages, analytics events, each with ids of its own) while one instance is killed with SIGKILL and
 * another is stopped with SIGTERM and started again. Afterwards every write that got a 2xx is looked
 * up in the database, and every request that did not get its expected answer is checked against the
 * requests the proxy had in flight on the killed instance when it died.
 */

const WRITE_KINDS = ["quizAnswer", "progress", "contactMessage", "analyticsEvent"] as const;
type WriteKind = (typeof WRITE_KINDS)[number];

export interface ChaosOptions {
  learners: number;
  /** At least this long, and until the restarted instance has been back for LOAD_AFTER_RESTART_MS. */
  loadMs: number;
  /** When, from the start of the load, instance KILLED dies and instance RESTARTED restarts. */
  killAtMs: number;
  restartAtMs: number;
}

const KILLED = 1;
const RESTARTED = 2;
const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36";
const ANALYTICS_BATCH = 2;
const MAX_PARTS = 8;
const LOAD_AFTER_RESTART_MS = 4_000;

interface KindFigures {
  attempted: number;
  accepted: number;
  failed: number;
  /** Accepted writes found in the database afterwards. */
  found: number;
}

export interface ChaosReport {
  figures: {
    loadSeconds: number;
    attempted: number;
    accepted: number;
    failed: number;
    /** Requests (writes and the quiz starts around them) in flight on the killed instance when it died. */
    inFlightAtKill: number;
    /** Requests in flight on the restarted instance when it got SIGTERM, and how many of them were answered. */
    inFlightAtStop: number;
    finishedAfterStop: number;
    /** From SIGTERM to the restarted instance serving again. */
    restartSeconds: number;
    /** Requests each instance answered. */
    answeredBy: number[];
    /** Requests the restarted instance's new process answered. */
    answeredByRestarted: number;
    byKind: Record<WriteKind, KindFigures>;
  };
  /** Requests answered with a status their write does not expect: none should be. */
  unexpected: string[];
  /** Requests that failed without being in flight on the killed instance, with where the proxy sent them: none should be. */
  failedNotInFlightAtKill: string[];
}

interface RequestOptions {
  form?: Record<string, string>;
  json?: unknown;
  headers?: Record<string, string>;
  cookie?: string;
  requestId?: string;
}

interface Learner {
  cookie: string;
  /** Quiz items of the open attempt not answered yet. */
  items: string[];
  attemptId: string | null;
  /** Moves on with each write: which kind, chapter and section comes next. */
  turn: number;
}

export async function runChaos(
  cluster: InstanceCluster,
  { password, newAccount }: { password: string; newAccount: (role: "admin") => Promise<{ id: string; email: string }> },
  { learners: learnerCount = 6, loadMs = 20_000, killAtMs = 6_000, restartAtMs = 11_000 }: Partial<ChaosOptions> = {},
): Promise<ChaosReport> {
  const { origin, db, proxy } = cluster;
  const chapterRows = await db
    .selectFrom("chapters")
    .innerJoin("sections", "sections.chapter_id", "chapters.id")
    .select(["chapters.slug", "sections.id"])
    .where("chapters.published_at", "is not", null)
    .where("sections.published_at", "is not", null)
    .orderBy("chapters.position")
    .orderBy("sections.position")
    .execute();
  const chapters = [...new Set(chapterRows.map((row) => row.slug))].map((slug) => ({
    slug,
    sectionIds: chapterRows.filter((row) => row.slug === slug).map((row) => row.id),
  }));

  // Administrators, so the quiz allowance and premium chapters never refuse a write.
  const learners: Learner[] = [];
  for (let index = 0; index < learnerCount; index++) {
    const account = await newAccount("admin");
    const login = await send("/login", { form: { intent: "login", email: account.email, password } });
    const cookie = /(__session=[^;]+)/.exec(login.headers.get("set-cookie") ?? "")?.[1];
    if (!cookie) throw new Error(`No session for a chaos learner (${login.status}).`);
    learners.push({ cookie, items: [], attemptId: null, turn: index });
  }

  const byKind = Object.fromEntries(
    WRITE_KINDS.map((kind) => [kind, { attempted: 0, accepted: 0, failed: 0, found: 0 }]),
  ) as Record<WriteKind, KindFigures>;
  const acceptedKeys: Record<WriteKind, string[]> = {
    quizAnswer: [],
    progress: [],
    contactMessage: [],
    analyticsEvent: [],
  };
  const failedIds: string[] = [];
  const unexpected: string[] = [];
  let contactSenders = 0;

  /** A form POST, or JSON when `json` is given, through the proxy, named by an X-Request-Id. */
  async function send(
    path: string,
    { form = {}, json, headers = {}, cookie, requestId = randomUUID() }: RequestOptions,
  ): Promise<Response> {
    const response = await fetch(`${origin}${path}`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Origin: origin,
        "X-Request-Id": requestId,
        "User-Agent": BROWSER,
        "Content-Type": json === undefined ? "application/x-www-form-urlencoded" : "application/json",
        ...(cookie ? { Cookie: cookie } : {}),
        ...headers,
      },
      body: json === undefined ? new URLSearchParams(form) : JSON.stringify(json),
    });
    // The body is read so the request is over (answered or failed) when this returns.
    await response.arrayBuffer();
    return response;
  }

  /**
   * Sends through the proxy and files the outcome: the response when it has the expected status, null
   * for a failure (the proxy's 502, or an answer cut short) or any other status (unexpected).
   */
  async function attempt(label: string, expected: number, path: string, options: RequestOptions) {
    const requestId = randomUUID();
    let response: Response | null = null;
    try {
      response = await send(path, { ...options, requestId });
    } catch {
      // The proxy cut the answer short: its records say where the request went.
    }
    if (response?.status === expected) return response;
    // The app never answers 502: that is the proxy's, for a request its instance dropped.
    if (response && response.status !== 502) unexpected.push(`${label}: ${response.status}`);
    else failedIds.push(requestId);
    return null;
  }

  async function nextItem(learner: Learner): Promise<string | null> {
    if (learner.items.length > 0) return learner.items.shift()!;
    if (learner.attemptId) {
      const finished = await attempt("quiz finish", 302, `/quiz/${learner.attemptId}`, {
        form: { intent: "finish" },
        cookie: learner.cookie,
      });
      if (!finished) return null;
      learner.attemptId = null;
    }
    const chapter = chapters[learner.turn % chapters.length]!;
    const started = await attempt("quiz start", 302, `/chapter/${chapter.slug}/quiz`, { cookie: learner.cookie });
    const attemptId = /^\/quiz\/([\w-]+)$/.exec(started?.headers.get("location") ?? "")?.[1];
    if (!attemptId) return null;
    learner.attemptId = attemptId;
    const items = await db
      .selectFrom("quiz_items")
      .select("id")
      .where("attempt_id", "=", attemptId)
      .where("answered_at", "is", null)
      .orderBy("position")
      .execute();
    learner.items = items.map((item) => item.id);
    return learner.items.shift() ?? null;
  }

  async function write(learner: Learner, kind: WriteKind): Promise<void> {
    learner.turn += 1;
    if (kind === "quizAnswer") {
      const itemId = await nextItem(learner);
      if (!itemId) return;
      byKind.quizAnswer.attempted += 1;
      // Right or wrong, an answer is recorded; fields beyond the question's parts are not read.
      const parts = Object.fromEntries(Array.from({ length: MAX_PARTS }, (_, part) => [`part-${part}`, "1"]));
      const ok = await attempt(kind, 200, `/quiz/${learner.attemptId}`, {
        form: { intent: "answer", itemId, idempotencyKey: randomUUID(), ...parts },
        cookie: learner.cookie,
      });
      if (ok) acceptedKeys.quizAnswer.push(itemId);
      else byKind.quizAnswer.failed += 1;
      return;
    }
    // Analytics are counted in events (ANALYTICS_BATCH a request), the others in requests.
    const weight = kind === "analyticsEvent" ? ANALYTICS_BATCH : 1;
    byKind[kind].attempted += weight;
    let ok: Response | null;
    let keys: string[];
    if (kind === "progress") {
      const chapter = chapters[learner.turn % chapters.length]!;
      const sectionId = chapter.sectionIds[learner.turn % chapter.sectionIds.length]!;
      const key = randomUUID();
      keys = [key];
      ok = await attempt(kind, 200, `/chapter/${chapter.slug}`, {
        form: { intent: learner.turn % 2 === 0 ? "read" : "unread", sectionId, idempotencyKey: key },
        cookie: learner.cookie,
      });
    } else if (kind === "contactMessage") {
      contactSenders += 1;
      const subject = `Chaos ${randomUUID()}`;
      keys = [subject];
      // Each from an address of its own: the contact form allows five messages per address.
      const sender = `10.77.${Math.floor(contactSenders / 250)}.${contactSenders % 250}`;
      ok = await attempt(kind, 200, "/contact", {
        form: { name: "Chaos", email: "chaos@example.org", subject, message: "Written while instances come and go." },
        headers: { "X-Forwarded-For": sender },
      });
    } else {
      keys = Array.from({ length: ANALYTICS_BATCH }, () => `chaos-${randomUUID()}`);
      const events = keys.map((id) => ({
        id,
        name: "page_view",
        at: Date.now(),
        route: "/about",
        path: "/about",
        props: {},
      }));
      ok = await attempt(kind, 202, "/api/events", { json: { events } });
    }
    if (ok) acceptedKeys[kind].push(...keys);
    else byKind[kind].failed += weight;
  }

  const started = Date.now();
  // The load goes on until the restarted instance has served a while, however long its start took.
  let stopAt = Infinity;
  const workers = learners.map(async (learner, index) => {
    while (Date.now() < stopAt) await write(learner, WRITE_KINDS[(learner.turn + index) % WRITE_KINDS.length]!);
  });

  const faults = (async () => {
    await new Promise((resolve) => setTimeout(resolve, killAtMs));
    const killSentAt = Date.now();
    await cluster.kill(KILLED);
    // Whatever the proxy had sent there and not seen answered was in flight when it died.
    const inFlight = [...proxy.requests.values()].filter(
      (request) =>
        request.upstream === KILLED &&
        request.outcome !== "answered" &&
        (request.failedAt === undefined || request.failedAt >= killSentAt),
    );
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, started + restartAtMs - Date.now())));
    // Sent to the instance that is stopped gracefully and still unanswered when SIGTERM goes: these must finish.
    const inFlightAtStop = [...proxy.requests.values()].filter(
      (request) => request.upstream === RESTARTED && request.outcome === "in-flight",
    );
    const stopSentAt = Date.now();
    await cluster.restart(RESTARTED);
    const restartedAt = Date.now();
    stopAt = Math.max(started + loadMs, restartedAt + LOAD_AFTER_RESTART_MS);
    return {
      inFlightAtKill: new Set(inFlight.map((request) => request.id)),
      inFlightAtStop,
      killSentAt,
      stopSentAt,
      restartedAt,
      restartSeconds: (restartedAt - stopSentAt) / 1000,
    };
  })();

  await Promise.all(workers);
  const { inFlightAtKill, inFlightAtStop, killSentAt, stopSentAt, restartedAt, restartSeconds } = await faults;
  const loadSeconds = (Date.now() - started) / 1000;

  byKind.quizAnswer.found = (
    await db
      .selectFrom("quiz_items")
      .select("id")
      .where("id", "in", ["", ...acceptedKeys.quizAnswer])
      .where("answered_at", "is not", null)
      .execute()
  ).length;
  byKind.progress.found = (
    await db
      .selectFrom("idempotent_submissions")
      .select("key")
      .where("key", "in", ["", ...acceptedKeys.progress])
      .where("result", "is not", null)
      .execute()
  ).length;
  byKind.contactMessage.found = (
    await db
      .selectFrom("contact_messages")
      .select("id")
      .where("subject", "in", ["", ...acceptedKeys.contactMessage])
      .execute()
  ).length;
  byKind.analyticsEvent.found = (
    await db
      .selectFrom("analytics_events")
      .select("id")
      .where("id", "in", ["", ...acceptedKeys.analyticsEvent])
      .execute()
  ).length;
  byKind.analyticsEvent.accepted = acceptedKeys.analyticsEvent.length;
  byKind.quizAnswer.accepted = acceptedKeys.quizAnswer.length;
  byKind.progress.accepted = acceptedKeys.progress.length;
  byKind.contactMessage.accepted = acceptedKeys.contactMessage.length;

  const proxied = [...proxy.requests.values()];
  const answeredBy = cluster.instances.map(
    (_, index) => proxied.filter((request) => request.upstream === index && request.outcome === "answered").length,
  );
  const kinds = Object.values(byKind);
  return {
    figures: {
      loadSeconds,
      attempted: kinds.reduce((sum, kind) => sum + kind.attempted, 0),
      accepted: kinds.reduce((sum, kind) => sum + kind.accepted, 0),
      failed: kinds.reduce((sum, kind) => sum + kind.failed, 0),
      inFlightAtKill: inFlightAtKill.size,
      inFlightAtStop: inFlightAtStop.length,
      restartSeconds,
      finishedAfterStop: inFlightAtStop.filter((request) => request.outcome === "answered").length,
      answeredBy,
      answeredByRestarted: proxied.filter(
        (request) => request.upstream === RESTARTED && request.sentAt > restartedAt && request.outcome === "answered",
      ).length,
      byKind,
    },
    unexpected,
    failedNotInFlightAtKill: failedIds
      .filter((id) => !inFlightAtKill.has(id))
      .map((id) => {
        // Times from the start of the load, so a failure can be placed against the kill and the SIGTERM.
        const record = proxy.requests.get(id);
        const at = (time: number | undefined) => (time === undefined ? "never" : `${time - started} ms`);
        const where = record
          ? `sent to instance ${record.upstream} at ${at(record.sentAt)}, ${record.outcome}, failed at ${at(record.failedAt)}`
          : "the proxy has no record of it";
        return `${id}: ${where}; SIGKILL at ${at(killSentAt)}, SIGTERM at ${at(stopSentAt)}`;
      }),
  };
}
