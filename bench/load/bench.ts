/**
 * Load benchmark (issue 25): throughput and latency of one production instance on SQLite, each route as a
 * ratio to a hashed static file served by the same server in the same run (docs/performance.md).
 *
 * Needs a build first: `npm run build` (or `BUILD_DIR=/tmp/mine npm run build` and the same BUILD_DIR here).
 * `npm run bench:load [-- --seconds 10 --connections 50 --port 4300]`, `-- --quick` (3 s per route),
 * `-- --only /about,chapter` (those routes and the static file), `-- --soak 10` (mixed load for 10 minutes, the server's RSS sampled), `-- --profile chapter` (the server
 * under `node --cpu-prof` while one route is loaded; prints its costliest functions and keeps the profile).
 *
 * The server gets its own DATA_DIR in a temporary folder and TRUST_PROXY=loopback, so requests to the
 * per-client limits (/api/factor: 60 a minute per address; /api/events: 600 events a minute per visitor)
 * each name a client address of their own in X-Forwarded-For: the bench measures work, not 429s. Every
 * answer that is not 2xx counts as an error. Requests accept gzip and brotli, as browsers do.
 * Exit code 0 means the bench ran, goals met or not.
 */
import { spawn, type ChildProcess } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, openSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon, { type AutocannonRequest, type AutocannonResult } from "autocannon";
import { hashPassword } from "#app/auth/password.server";
import { grantComplimentaryPremium } from "#app/models/complimentary-grant.server";
import { createUser } from "#app/models/user.server";
import { openDatabase } from "#database/connection";
import { functionCosts, topFunctions, type CpuProfile } from "./cpu-profile";
import { mainThreadFullCollections } from "./gc-trace";
import { trendGrowth } from "./trend-growth";

const { values: options } = parseArgs({
  options: {
    seconds: { type: "string", default: "10" },
    connections: { type: "string", default: "50" },
    port: { type: "string", default: "4300" },
    quick: { type: "boolean", default: false },
    soak: { type: "string" },
    profile: { type: "string" },
    // Routes to measure (names containing any of these words, comma-separated); the static file always runs.
    only: { type: "string" },
  },
});
const SECONDS = options.quick ? 3 : Number(options.seconds);
const CONNECTIONS = Number(options.connections);
const PORT = Number(options.port);
const BUILD_DIR = path.resolve(process.env.BUILD_DIR ?? "build");
const CHAPTER = "/chapter/atomic-model-of-numbers";
/** The goal of issue 25 for every route: p99 under a second at 50 connections. */
const P99_GOAL_MS = 1_000;
/** How much the server's memory may grow over the soak. */
const RSS_GROWTH_GOAL = 0.1;

interface Route {
  name: string;
  /** The route's goal: at least this share of the static file's throughput. */
  goal: number;
  request: AutocannonRequest;
}

let client = 0;
/** A client address of its own (TRUST_PROXY=loopback makes it the request's `req.ip`). */
function nextClientAddress(): string {
  client += 1;
  return `10.${(client >> 16) & 255}.${(client >> 8) & 255}.${client & 255}`;
}

let eventNumber = 0;
const runId = Math.random().toString(36).slice(2, 8);
/** A batch of page views as a browser sends it (docs/analytics.md), ids unique over the run. */
function eventBatch(): string {
  const events = Array.from({ length: 10 }, () => ({
    id: `load-${runId}-${String((eventNumber += 1)).padStart(10, "0")}`,
    at: Date.now(),
    name: "page_view",
    route: "/chapter/:chapterName",
    path: CHAPTER,
    width: 1280,
    props: { referrer: "search.example.org" },
  }));
  return JSON.stringify({ events });
}

let factorInput = 0;
/** Small inputs, the same sequence every run: 7-digit numbers, factored in well under a millisecond. */
function nextFactorInput(): string {
  factorInput += 1;
  return String(1_000_003 + factorInput * 7_919);
}

function routes(origin: string, staticAsset: string, cookie: string): Route[] {
  const browser = { "Accept-Encoding": "gzip, deflate, br", "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) Bench" };
  return [
    { name: `static ${staticAsset}`, goal: 1, request: { path: staticAsset, headers: browser } },
    { name: "/", goal: 1 / 8, request: { path: "/", headers: browser } },
    { name: "/about", goal: 1 / 8, request: { path: "/about", headers: browser } },
    {
      name: `${CHAPTER} (signed in)`,
      goal: 1 / 15,
      request: { path: CHAPTER, headers: { ...browser, Cookie: cookie } },
    },
    {
      name: "/api/factor (7 digits)",
      goal: 1 / 10,
      request: {
        headers: browser,
        setupRequest: (request) => ({
          ...request,
          path: `/api/factor?n=${nextFactorInput()}`,
          headers: { ...browser, "X-Forwarded-For": nextClientAddress() },
        }),
      },
    },
    {
      name: "POST /api/events (10 events)",
      goal: 1 / 10,
      request: {
        method: "POST",
        path: "/api/events",
        setupRequest: (request) => ({
          ...request,
          body: eventBatch(),
          headers: {
            ...browser,
            Origin: origin,
            "Content-Type": "application/json",
            "X-Forwarded-For": nextClientAddress(),
          },
        }),
      },
    },
  ];
}

interface Server {
  url: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

async function startServer(dataDir: string, nodeArgs: string[] = []): Promise<Server> {
  const output = openSync(path.join(dataDir, "server.log"), "a");
  const child = spawn(process.execPath, [...nodeArgs, "--import", "tsx", "server/index.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      BUILD_DIR,
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", output, output],
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const url = `http://127.0.0.1:${PORT}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    const log = () => readFileSync(path.join(dataDir, "server.log"), "utf8").slice(-2000);
    if (child.exitCode !== null) throw new Error(`The server exited:\n${log()}`);
    if (Date.now() > deadline) throw new Error(`The server did not start in 60 s:\n${log()}`);
    const ok = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) break;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    child,
    stop: () => {
      child.kill("SIGTERM");
      return exited;
    },
  };
}

/** A premium reader (so the whole chapter renders), signed in through the login form. */
async function signIn(url: string, dataDir: string): Promise<string> {
  const email = "load-reader@example.org";
  const password = "the load bench's reader 2718";
  const { db, close } = openDatabase({ dataDir });
  try {
    const user = await createUser(db, { email, passwordHash: await hashPassword(password), emailVerified: true });
    await grantComplimentaryPremium(db, null, user, { until: "2999-01-01T00:00:00.000Z", reason: "The load bench" });
  } finally {
    await close();
  }
  const response = await fetch(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email, password }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (response.status !== 302 || !cookie) throw new Error(`Signing in answered ${response.status}`);
  return cookie;
}

/** A hashed file the home page loads: its first script. */
async function staticAssetOf(url: string): Promise<string> {
  const html = await (await fetch(`${url}/`)).text();
  const asset = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
  if (!asset) throw new Error("The home page names no /assets/*.js file");
  return asset;
}

function load(url: string, requests: AutocannonRequest[], seconds: number, connections = CONNECTIONS) {
  return autocannon({ url, connections, duration: seconds, requests });
}

const errorsOf = (result: AutocannonResult) => result.errors + result.timeouts + result.non2xx;
const okPerSecond = (result: AutocannonResult) => result["2xx"] / result.duration;
function errorText(result: AutocannonResult): string {
  const statuses = Object.entries(result.statusCodeStats)
    .filter(([status]) => !status.startsWith("2"))
    .map(([status, { count }]) => `${count}× ${status}`);
  if (result.errors + result.timeouts > 0) statuses.push(`${result.errors + result.timeouts}× no answer`);
  return statuses.length === 0 ? "0" : statuses.join(", ");
}

async function measure(server: Server, list: Route[]): Promise<void> {
  // Warm-up: the first renders compile code and fill caches.
  for (const route of list) await load(server.url, [route.request], options.quick ? 1 : 2, 10);
  const results: { route: Route; result: AutocannonResult }[] = [];
  for (const route of list) {
    console.error(`  ${route.name}…`);
    results.push({ route, result: await load(server.url, [route.request], SECONDS) });
  }
  const anchor = okPerSecond(results[0]!.result);
  console.log(`\nOne instance on SQLite, ${CONNECTIONS} connections, ${SECONDS} s per route, build ${BUILD_DIR}.\n`);
  console.log("| route | req/s | p50 ms | p99 ms | errors | ratio to static | goal | met |");
  console.log("|---|---|---|---|---|---|---|---|");
  for (const { route, result } of results) {
    const ratio = okPerSecond(result) / anchor;
    const met = ratio >= route.goal && errorsOf(result) === 0 && result.latency.p99 < P99_GOAL_MS;
    console.log(
      `| ${route.name} | ${Math.round(okPerSecond(result))} | ${result.latency.p50} | ${result.latency.p99} | ${errorText(result)} | 1/${(1 / ratio).toFixed(1)} | 1/${Math.round(1 / route.goal)} | ${met ? "yes" : "no"} |`,
    );
  }
  console.log(`\nmet: ratio to static at or above the goal, no errors and p99 under ${P99_GOAL_MS} ms.`);
}

/** How long the process has run, from /proc (its start in clock ticks since boot, usually 100 a second). */
function processUptimeMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const startTicks = Number(fields[19]);
  const bootSeconds = Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
  return bootSeconds * 1000 - startTicks * 10;
}

function rssKiB(pid: number): number {
  const line = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  if (!line) throw new Error(`No VmRSS for process ${pid}`);
  return Number(line[1]);
}

/** All routes in turn on every connection for `minutes`, the RSS sampled every 10 s. */
async function soak(server: Server, list: Route[], minutes: number, serverLog: string): Promise<void> {
  const pid = server.child.pid!;
  const mixed = list.map((route) => route.request);
  await load(server.url, mixed, 30);
  const soakStartMs = processUptimeMs(pid);
  const baseline = rssKiB(pid);
  const samples: number[] = [];
  const sampler = setInterval(() => samples.push(rssKiB(pid)), 10_000);
  console.error(`Soak: ${minutes} min of mixed load; RSS after a 30 s warm-up ${Math.round(baseline / 1024)} MiB`);
  let result: AutocannonResult;
  try {
    result = await load(server.url, mixed, minutes * 60);
  } finally {
    clearInterval(sampler);
  }
  const final = rssKiB(pid);
  // The heap's sawtooth moves RSS by more than 10 % from one sample to the next, so growth is read off
  // the least-squares line through every sample, not the last sample against the first.
  const growth = trendGrowth([baseline, ...samples, final]);
  const perMinute = samples.filter((_, index) => index % 6 === 5).map((kib) => Math.round(kib / 1024));
  console.log(`\nSoak: ${minutes} min, ${CONNECTIONS} connections, every route in turn.`);
  console.log(`RSS per minute (MiB): ${perMinute.join(", ")}; peak ${Math.round(Math.max(...samples) / 1024)} MiB`);
  console.log(
    `RSS ${Math.round(baseline / 1024)} → ${Math.round(final / 1024)} MiB; growth along the trend ${(growth * 100).toFixed(1)} % (goal under ${RSS_GROWTH_GOAL * 100} %: ${growth < RSS_GROWTH_GOAL ? "met" : "not met"})`,
  );
  const live = mainThreadFullCollections(readFileSync(serverLog, "utf8")).filter((c) => c.atMs >= soakStartMs);
  if (live.length >= 2) {
    const mb = live.map((collection) => collection.liveMb);
    console.log(
      `Live heap after each of ${live.length} full collections (MB): ${Math.min(...mb)}–${Math.max(...mb)}, first ${mb[0]}, last ${mb.at(-1)}; growth along the trend ${(trendGrowth(mb) * 100).toFixed(1)} %`,
    );
  }
  console.log(`${Math.round(okPerSecond(result))} req/s, p99 ${result.latency.p99} ms, errors: ${errorText(result)}`);
}

/** V8 stamps profile samples with the same clock (CLOCK_MONOTONIC), in microseconds. */
const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** The server's main thread profile (worker threads write their own, with another thread id). */
function mainThreadProfile(directory: string, pid: number): string {
  const file = readdirSync(directory).find((name) => name.includes(`.${pid}.0.`) && name.endsWith(".cpuprofile"));
  if (!file) throw new Error(`No CPU profile of process ${pid} in ${directory}`);
  return path.join(directory, file);
}

async function main(): Promise<void> {
  const workDir = mkdtempSync(path.join(os.tmpdir(), "numberlab-bench-load-"));
  const profileDir = path.join(workDir, "profiles");
  // A soak's server prints its collections, so the live heap can be told from the heap's size.
  const nodeArgs = options.profile
    ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`]
    : options.soak
      ? ["--trace-gc"]
      : [];
  const server = await startServer(workDir, nodeArgs);
  let stopped = false;
  try {
    const list = routes(server.url, await staticAssetOf(server.url), await signIn(server.url, workDir));
    if (options.soak) await soak(server, list, Number(options.soak), path.join(workDir, "server.log"));
    else if (options.profile) {
      const route =
        list.find((entry) => entry.name === options.profile) ??
        list.find((entry) => entry.name.includes(options.profile!));
      if (!route) throw new Error(`No route matches ${options.profile}: ${list.map((entry) => entry.name).join(", ")}`);
      await load(server.url, [route.request], 2, 10);
      console.error(`Profiling ${route.name} for ${SECONDS} s…`);
      // The profile covers the server's whole life; the tables count the samples of the measured run only.
      const from = monotonicMicros();
      const result = await load(server.url, [route.request], SECONDS);
      const to = monotonicMicros();
      await server.stop();
      stopped = true;
      const kept = path.resolve("bench/results", `load-${new Date().toISOString().replace(/[:.]/g, "-")}.cpuprofile`);
      mkdirSync(path.dirname(kept), { recursive: true });
      copyFileSync(mainThreadProfile(profileDir, server.child.pid!), kept);
      const costs = functionCosts(JSON.parse(readFileSync(kept, "utf8")) as CpuProfile, { window: { from, to } });
      console.log(
        `\n${route.name}: ${Math.round(okPerSecond(result))} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${errorText(result)} (under the profiler)\n`,
      );
      console.log(`${topFunctions(costs, "self")}\n\n${topFunctions(costs, "inclusive")}`);
      console.log(`\nProfile (Chrome DevTools › Performance › Load profile, or speedscope): ${kept}`);
    } else {
      const words = options.only?.split(",");
      await measure(
        server,
        list.filter(
          (route, index) =>
            index === 0 ||
            !words ||
            words.some((word) => route.name === word || (word.length > 1 && route.name.includes(word))),
        ),
      );
    }
  } finally {
    if (!stopped) await server.stop();
    rmSync(workDir, { recursive: true, force: true });
  }
}

await main();
