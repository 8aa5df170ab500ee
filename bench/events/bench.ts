/**
 * Analytics ingestion benchmark (issue 20): events ingested per second by one production instance,
 * beside the home page's own throughput, in one run (docs/analytics.md).
 *
 * `npm run build && npm run bench:events [-- --seconds 8 --connections 32]`
 * `DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:events` runs it on PostgreSQL: the
 * bench creates a fresh database next to the one named and drops it afterwards.
 *
 * It starts `server/index.ts` in production mode from BUILD_DIR (default `build`) on a fresh data
 * directory, with TRUST_PROXY=loopback so each batch can name its own client address in
 * X-Forwarded-For: the per-visitor rate limit (600 events a minute) is then not what is measured. Three
 * phases: GET / alone; POST /api/events alone (batches of 20, several connections); both at once
 * (the home page while events pour in, the "ingestion never slows rendering" claim). Then the server is
 * stopped and the database checked: every event answered as stored must be there exactly once.
 * Exit code 0 means the bench ran and the check passed, whatever the ratios.
 */
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { openDatabase } from "#database/connection";
import { startServer, type RunningServer } from "#tests/e2e/server-process";

/** The goal of issue 20: events ingested per second on one instance. */
const GOAL_EVENTS_PER_SECOND = 2_000;
const BATCH_SIZE = 20;

const { values: options } = parseArgs({
  options: {
    seconds: { type: "string", default: "8" },
    // Each connection waits for its group commit (~100 ms), so one connection sends at most ~10 batches a
    // second; real traffic is many browsers each sending a batch every 10 s, so concurrency is what counts.
    connections: { type: "string", default: "32" },
  },
});
const SECONDS = Number(options.seconds);
const CONNECTIONS = Number(options.connections);

const runId = Math.random().toString(36).slice(2, 8);
let sequence = 0;
/** A fresh client per batch: its own address and browser, so its own visitor and rate-limit bucket. */
let clients = 0;

function batch(): { body: string; ids: string[] } {
  const at = Date.now();
  const events = Array.from({ length: BATCH_SIZE }, (_, index) => {
    const id = `bench-${runId}-${String((sequence += 1)).padStart(9, "0")}`;
    const common = { id, at, route: "/chapters/:slug", path: "/chapters/primes", width: 390 + index * 60 };
    switch (index % 4) {
      case 0:
        return { ...common, name: "page_view", props: { referrer: "search.example.org" } };
      case 1:
        return {
          ...common,
          name: "tool_use",
          props: { tool: "factorization", digits: 30, method: "rho", seconds: 0.2, outcome: "finished" },
        };
      case 2:
        return { ...common, name: "quiz_answer", props: { skill: "power-mod", right: index % 3 === 0, hints: 0 } };
      default:
        return { ...common, name: "chapter_read", props: { chapter: "primes" } };
    }
  });
  return { body: JSON.stringify({ events }), ids: events.map((event) => event.id) };
}

function clientHeaders(origin: string): Record<string, string> {
  clients += 1;
  return {
    Origin: origin,
    "Content-Type": "application/json",
    "X-Forwarded-For": `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`,
    "User-Agent": `Mozilla/5.0 (X11; Linux x86_64) Gecko/20100101 Firefox/140.0 Bench/${clients % 50}`,
  };
}

interface PhaseResult {
  requests: number;
  seconds: number;
  failures: Map<number, number>;
}

/** `connections` loops each sending one request after the other until `seconds` have passed. */
async function drive(connections: number, seconds: number, send: () => Promise<number>): Promise<PhaseResult> {
  const failures = new Map<number, number>();
  let requests = 0;
  const started = performance.now();
  const deadline = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < deadline) {
        const status = await send().catch(() => 0);
        if (status >= 200 && status < 300) requests += 1;
        else failures.set(status, (failures.get(status) ?? 0) + 1);
      }
    }),
  );
  return { requests, seconds: (performance.now() - started) / 1000, failures };
}

async function getHome(server: RunningServer): Promise<number> {
  const response = await fetch(`${server.url}/`, { headers: { "X-Forwarded-For": "10.255.0.1" } });
  await response.arrayBuffer();
  return response.status;
}

function postEvents(server: RunningServer, sent: Set<string>): () => Promise<number> {
  return async () => {
    const { body, ids } = batch();
    const response = await fetch(`${server.url}/api/events`, {
      method: "POST",
      headers: clientHeaders(server.url),
      body,
    });
    const answer = (await response.json()) as { stored?: number; duplicates?: number };
    if (response.status === 202) {
      if (answer.stored !== BATCH_SIZE) throw new Error(`A batch was answered ${JSON.stringify(answer)}`);
      for (const id of ids) sent.add(id);
    }
    return response.status;
  };
}

async function scratchPostgres(adminUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `numberlab_bench_${runId}`;
  const admin = async (query: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(query);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}

const perSecond = (phase: PhaseResult, per = 1) => (phase.requests * per) / phase.seconds;
const fmt = (value: number) => Math.round(value).toLocaleString("en-US");
const failuresOf = (phase: PhaseResult) =>
  phase.failures.size === 0
    ? "none"
    : [...phase.failures].map(([status, n]) => `${n}× ${status || "error"}`).join(", ");

async function main(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-bench-events-"));
  const adminUrl = process.env.DATABASE_URL;
  const postgres = adminUrl ? await scratchPostgres(adminUrl) : undefined;
  const dialect = postgres ? "postgres" : "sqlite";
  console.error(`bench:events on ${dialect}, ${CONNECTIONS} connections, ${SECONDS} s per phase, data in ${dataDir}`);
  const server = await startServer({
    DATA_DIR: dataDir,
    LOG_REQUESTS: "false",
    TRUST_PROXY: "loopback",
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const sent = new Set<string>();
  let home: PhaseResult, events: PhaseResult, mixedHome: PhaseResult, mixedEvents: PhaseResult;
  try {
    // Warm-up: the first renders compile and fill caches; the first batch makes the day's salt.
    await drive(2, 1, () => getHome(server));
    await drive(2, 1, postEvents(server, sent));
    home = await drive(CONNECTIONS, SECONDS, () => getHome(server));
    events = await drive(CONNECTIONS, SECONDS, postEvents(server, sent));
    const half = Math.max(1, Math.floor(CONNECTIONS / 2));
    [mixedHome, mixedEvents] = await Promise.all([
      drive(half, SECONDS, () => getHome(server)),
      drive(half, SECONDS, postEvents(server, sent)),
    ]);
  } finally {
    const code = await server.stop();
    if (code !== 0) console.error(`The server exited with ${code}:\n${server.output().slice(-2000)}`);
  }

  // Every event answered as stored is in the database, once.
  const handle = openDatabase(postgres ? { databaseUrl: postgres.url, dataDir } : { dataDir });
  let stored: number;
  try {
    const row = await handle.db
      .selectFrom("analytics_events")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("id", "like", `bench-${runId}-%`)
      .executeTakeFirstOrThrow();
    stored = Number(row.n);
  } finally {
    await handle.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const eventsPerSecond = perSecond(events, BATCH_SIZE);
  const mixedEventsPerSecond = perSecond(mixedEvents, BATCH_SIZE);
  console.log(
    `\nAnalytics ingestion on ${dialect}, one instance, ${CONNECTIONS} connections, ${SECONDS} s per phase.\n`,
  );
  console.log("| phase | figure | failures | goal | ratio (figure / goal) |");
  console.log("|---|---|---|---|---|");
  console.log(`| GET / alone | ${fmt(perSecond(home))} pages/s | ${failuresOf(home)} | — | — |`);
  console.log(
    `| POST /api/events alone (batches of ${BATCH_SIZE}) | ${fmt(eventsPerSecond)} events/s (${fmt(perSecond(events))} requests/s) | ${failuresOf(events)} | ${fmt(GOAL_EVENTS_PER_SECOND)} events/s | ${(eventsPerSecond / GOAL_EVENTS_PER_SECOND).toFixed(2)} |`,
  );
  console.log(
    `| both at once: GET / (${Math.max(1, Math.floor(CONNECTIONS / 2))} connections) | ${fmt(perSecond(mixedHome))} pages/s | ${failuresOf(mixedHome)} | — | ${(perSecond(mixedHome) / perSecond(home)).toFixed(2)} of alone |`,
  );
  console.log(
    `| both at once: POST /api/events | ${fmt(mixedEventsPerSecond)} events/s | ${failuresOf(mixedEvents)} | — | ${(mixedEventsPerSecond / GOAL_EVENTS_PER_SECOND).toFixed(2)} of goal |`,
  );
  console.log(`\nStored: ${fmt(stored)} of ${fmt(sent.size)} events answered as stored.`);
  if (stored !== sent.size) {
    console.error("Some events answered as stored are missing from the database.");
    process.exitCode = 1;
  }
}

await main();
