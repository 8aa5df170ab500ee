/**
 * Web benchmark (issue 23): Lighthouse on the production build, for the public pages, the profile
 * and the five chapters (read by a premium reader), each beside its static anchor: the same page's
 * HTML as the server sends it, with its CSS and fonts and without any script, served by the same
 * server from the client build. Per page: scores, LCP, TBT and CLS (ours and the anchor's, with the
 * LCP ratio), the HTML and hydration-data bytes, and the JavaScript bytes and requests, printed
 * against the goals (LCP ≤ 1.2 × the anchor's, TBT ≤ 200 ms, CLS 0, performance ≥ 95,
 * accessibility = 100; chapters' HTML ≤ 600 KB and hydration ≤ 10 % of it; the home page's
 * JavaScript ≤ 150 KB gzipped in ≤ 15 requests).
 *
 * `npm run bench:web` builds, starts `npm run serve` on a free loopback port
 * with an empty temporary DATA_DIR, runs Lighthouse three times per page and per anchor,
 * prints the medians, and writes every run to bench/results/web-<time>.json.
 *
 * Exit code 0 means the bench ran, whether or not the goals were met (an unmet
 * goal is a finding, not a failure); non-zero means something could not run.
 */
import { execFile, spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { z } from "zod";
import { grantComplimentaryPremium } from "#app/models/complimentary-grant.server";
import { createUser } from "#app/models/user.server";
import { hashPassword } from "#app/auth/password.server";
import { openDatabase } from "#database/connection";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "#tests/setup/chromium";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RESULTS_DIR = path.join(ROOT, "bench", "results");

/**
 * Pinned and run through npx, never a project dependency: as a devDependency
 * it makes `npm ci` reject the lockfile (STACK-NOTES, Headline and §7).
 */
const LIGHTHOUSE_PACKAGE = "lighthouse@12.8.2";

const CHROME_FLAGS = ["--headless=new", ...CHROMIUM_ARGS].join(" ");

const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
type Category = (typeof CATEGORIES)[number];

const PAGES = ["/", "/login", "/prime-factorization-engine", "/prime-discoveries", "/tests/ploting"] as const;
/** Pages that need a signed-in reader: the bench signs one in (premium, so every chapter is whole). */
const CHAPTER_PAGES = [
  "/chapter/fundamentals-of-algebra",
  "/chapter/atomic-model-of-numbers",
  "/chapter/remainder-calculation-sequences",
  "/chapter/exponential-remainders",
  "/chapter/periods-and-primes",
] as const;
const SIGNED_IN_PAGES = ["/profile", ...CHAPTER_PAGES] as const;
/** Where the anchors are written in the client build, so the server's static files layer serves them. */
const ANCHOR_DIR = "bench-anchors";
const READER_EMAIL = "bench-reader@example.org";
const READER_PASSWORD = "a long bench password 2718";
/** Scores swing by about ±10 points between runs on a loaded 2-core machine; the median of 3 steadies them. */
const RUNS_PER_PAGE = 3;

const HEALTH_TIMEOUT_MS = 60_000;
const HEALTH_POLL_MS = 250;
const HEALTH_REQUEST_TIMEOUT_MS = 2_000;
/** The server's own grace period is 10 s (server/graceful-shutdown.ts); allow a little more before SIGKILL. */
const SERVER_STOP_TIMEOUT_MS = 15_000;
const BUILD_TIMEOUT_MS = 5 * 60_000;
/** A run takes about 15 s; the first one also downloads Lighthouse into the npx cache. */
const LIGHTHOUSE_TIMEOUT_MS = 5 * 60_000;
/**
 * Lighthouse now and then fails a run outright on a loaded machine (NO_NAVSTART,
 * "Something went wrong with recording the trace", was seen here); retrying it
 * keeps one flaky run from throwing away the others.
 */
const ATTEMPTS_PER_RUN = 3;
const KILL_GRACE_MS = 5_000;

/** KB as Lighthouse counts them (KiB), so the numbers match its own report. */
const BYTES_PER_KB = 1024;
const LARGEST_SCRIPTS_SHOWN = 5;
/** Enough failing elements per audit to locate the problem without bloating the results file. */
const NODES_KEPT_PER_AUDIT = 10;
const NODES_SHOWN_PER_AUDIT = 3;

type Metric =
  | "performance"
  | "accessibility"
  | "bestPractices"
  | "scriptKb"
  | "scriptRequests"
  | "lcpMs"
  | "tbtMs"
  | "cls"
  | "lcpRatio"
  | "htmlKb"
  | "hydrationShare";
type Medians = Record<Metric, number>;

interface Goal {
  metric: Metric;
  label: string;
  target: number;
  /** "atLeast" for scores (higher is better), "atMost" for weights. */
  direction: "atLeast" | "atMost";
  /** Pages the goal applies to; all pages when absent. */
  pages?: readonly string[];
}

const GOALS: readonly Goal[] = [
  { metric: "lcpRatio", label: "LCP ≤ 1.2 × anchor", target: 1.2, direction: "atMost" },
  { metric: "tbtMs", label: "TBT ≤ 200 ms", target: 200, direction: "atMost" },
  { metric: "cls", label: "CLS 0", target: 0, direction: "atMost" },
  { metric: "performance", label: "performance ≥ 95", target: 95, direction: "atLeast" },
  // 100 is the highest score, so "at least 100" is "exactly 100".
  { metric: "accessibility", label: "accessibility = 100", target: 100, direction: "atLeast" },
  { metric: "htmlKb", label: "HTML ≤ 600 KB", target: 600, direction: "atMost", pages: CHAPTER_PAGES },
  // "No page sends the same content twice": every page, not only the chapters.
  { metric: "hydrationShare", label: "hydration ≤ 10 %", target: 0.1, direction: "atMost" },
  { metric: "scriptKb", label: "JS ≤ 150 KB", target: 150, direction: "atMost", pages: ["/"] },
  { metric: "scriptRequests", label: "JS requests ≤ 15", target: 15, direction: "atMost", pages: ["/"] },
];

/* ------------------------------------------------------------------------ */
/* Lighthouse report: only the parts read here, validated so a changed
 * report shape fails loudly instead of producing zeros.                     */

const auditSchema = z.object({
  id: z.string(),
  title: z.string(),
  score: z.number().nullable(),
  scoreDisplayMode: z.string(),
  numericValue: z.number().optional(),
  details: z.unknown().optional(),
});

const reportSchema = z.object({
  lighthouseVersion: z.string(),
  runtimeError: z.object({ code: z.string(), message: z.string() }).optional(),
  runWarnings: z.array(z.string()).optional(),
  categories: z.record(
    z.string(),
    z.object({ score: z.number().nullable(), auditRefs: z.array(z.object({ id: z.string() })) }),
  ),
  audits: z.record(z.string(), auditSchema),
});
type LighthouseReport = z.infer<typeof reportSchema>;

const networkRequestsSchema = z.object({
  items: z.array(
    z.object({
      url: z.string(),
      resourceType: z.string().optional(),
      transferSize: z.number().optional(),
    }),
  ),
});

const failingNodesSchema = z.object({
  items: z.array(
    z.object({
      node: z
        .object({
          selector: z.string().optional(),
          snippet: z.string().optional(),
          /** axe's reason, e.g. the measured contrast ratio and colours. */
          explanation: z.string().optional(),
        })
        .optional(),
    }),
  ),
});

/* ------------------------------------------------------------------------ */
/* Results.                                                                  */

interface ScriptTransfer {
  url: string;
  kb: number;
}

interface FailingAudit {
  id: string;
  title: string;
  /** All failing elements; `nodes` keeps only the first few. */
  elements: number;
  nodes: { selector?: string; snippet?: string; explanation?: string }[];
}

interface RunResult {
  run: number;
  /** More than 1 when Lighthouse failed and the run was retried. */
  attempts: number;
  lighthouseVersion: string;
  scores: Record<Category, number>;
  scriptKb: number;
  scripts: ScriptTransfer[];
  lcpMs: number;
  tbtMs: number;
  cls: number;
  failingAccessibilityAudits: FailingAudit[];
  warnings: string[];
}

interface GoalResult {
  label: string;
  value: number;
  target: number;
  ratio: number;
  met: boolean;
}

interface AnchorResult {
  url: string;
  median: { lcpMs: number; tbtMs: number; cls: number };
  runs: RunResult[];
}

interface PageResult {
  page: string;
  url: string;
  median: Medians;
  goals: GoalResult[];
  runs: RunResult[];
  anchor: AnchorResult;
}

/* ------------------------------------------------------------------------ */
/* Clean-up that also runs on Ctrl-C: the server lives in its own process
 * group, so without this an interrupted bench would leave it running.       */

const cleanups: (() => Promise<void>)[] = [];
let cleaningUp: Promise<void> | undefined;

function onCleanup(step: () => Promise<void>): void {
  cleanups.push(step);
}

/** Runs every registered step once, newest first (stop the server before deleting its data). */
function cleanUp(): Promise<void> {
  cleaningUp ??= (async () => {
    for (const step of [...cleanups].reverse()) {
      try {
        await step();
      } catch (error) {
        console.error(`bench:web: clean-up step failed: ${describe(error)}`);
      }
    }
  })();
  return cleaningUp;
}

/** Child process groups still running, with the signal that stops each, so an interrupt reaches them all. */
const runningGroups = new Map<number, NodeJS.Signals>();
let interrupted = false;

for (const [signal, exitCode] of [
  ["SIGINT", 130],
  ["SIGTERM", 143],
] as const) {
  // `on`, not `once`: tsx relays a Ctrl-C to this process a second time, and the
  // default action of that second SIGINT would kill it before the clean-up ends.
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = true;
    console.error(`\nbench:web: ${signal} received, stopping`);
    for (const [group, stopSignal] of runningGroups) signalGroup(group, stopSignal);
    void cleanUp().finally(() => process.exit(exitCode));
  });
}

/* ------------------------------------------------------------------------ */
/* Processes. Every child starts its own process group (detached) because a
 * signal must reach the whole tree (npm → sh → node for the server, npx → node
 * for Lighthouse), and npm itself exits on a signal at once, without waiting:
 * "stopped" therefore means the group is empty, not that npm has exited.    */

interface Spawned {
  child: ChildProcess;
  group: number;
}

function spawnGroup(
  command: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; output: "inherit" | "pipe"; stopSignal: NodeJS.Signals },
): Spawned {
  const { env, output, stopSignal } = options;
  const child = spawn(command, args, { cwd: ROOT, env, detached: true, stdio: ["ignore", output, output] });
  if (child.pid === undefined) throw new Error(`could not start ${command}`);
  runningGroups.set(child.pid, stopSignal);
  return { child, group: child.pid };
}

function signalGroup(group: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-group, signal);
  } catch (error) {
    if (!isNoSuchProcess(error)) throw error;
  }
}

function groupAlive(group: number): boolean {
  try {
    process.kill(-group, 0);
    return true;
  } catch (error) {
    if (isNoSuchProcess(error)) return false;
    throw error;
  }
}

async function waitForGroupExit(group: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (groupAlive(group)) {
    if (Date.now() > deadline) return false;
    await sleep(100);
  }
  runningGroups.delete(group);
  return true;
}

/** The group's stop signal, then SIGKILL if it has not gone within `graceMs`. Returns whether it had to kill. */
async function stopGroup(group: number, graceMs: number): Promise<boolean> {
  signalGroup(group, runningGroups.get(group) ?? "SIGTERM");
  if (await waitForGroupExit(group, graceMs)) return false;
  signalGroup(group, "SIGKILL");
  await waitForGroupExit(group, KILL_GRACE_MS);
  return true;
}

/** Runs a command to completion with its output shown; throws on failure or timeout. */
async function runCommand(
  label: string,
  command: string,
  args: readonly string[],
  options: { env: NodeJS.ProcessEnv; timeoutMs: number; stopSignal: NodeJS.Signals },
): Promise<void> {
  const { env, timeoutMs, stopSignal } = options;
  const { child, group } = spawnGroup(command, args, { env, output: "inherit", stopSignal });
  const exited = once(child, "exit") as Promise<[number | null, NodeJS.Signals | null]>;
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    stopGroup(group, KILL_GRACE_MS).catch((error: unknown) => console.error(`bench:web: ${describe(error)}`));
  }, timeoutMs);
  try {
    const [code, signal] = await exited;
    if (timedOut) throw new Error(`${label} took longer than ${timeoutMs / 1000} s and was stopped`);
    if (code !== 0) throw new Error(`${label} ${signal ? `was killed by ${signal}` : `exited with code ${code}`}`);
  } finally {
    clearTimeout(timer);
    // Normally the group is already empty; this only catches what a crashed command left behind.
    await stopGroup(group, KILL_GRACE_MS);
  }
}

function isNoSuchProcess(error: unknown): boolean {
  return error instanceof Error && "code" in error && error.code === "ESRCH";
}

/* ------------------------------------------------------------------------ */
/* Build and server.                                                         */

async function build(): Promise<void> {
  console.error("bench:web: npm run build");
  await runCommand("npm run build", "npm", ["run", "build"], {
    env: process.env,
    timeoutMs: BUILD_TIMEOUT_MS,
    stopSignal: "SIGTERM",
  });
}

/** Asks the OS for a free loopback port; the tiny race until the server binds it is acceptable here. */
async function findFreePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, "127.0.0.1");
  await once(probe, "listening");
  const address = probe.address();
  probe.close();
  await once(probe, "close");
  if (typeof address !== "object" || address === null) throw new Error("could not read the probe port");
  return address.port;
}

/**
 * The server's environment: a fresh SQLite database, no request log (it would
 * bury the report), bound to loopback only. DATABASE_URL and APP_URL are
 * dropped so a developer's shell cannot point the bench at a real database or
 * make the origin check reject requests to 127.0.0.1.
 */
function serverEnv(port: number, dataDir: string): NodeJS.ProcessEnv {
  const { DATABASE_URL: _database, APP_URL: _appUrl, ...inherited } = process.env;
  return { ...inherited, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, LOG_REQUESTS: "false" };
}

interface RunningServer {
  baseUrl: string;
  /** How the server ended, once it has (e.g. "code 1", "signal SIGTERM"); undefined while it runs. */
  exitStatus(): string | undefined;
}

/** Starts `npm run serve` and resolves once GET /healthz answers 200; registers its stop for clean-up. */
async function startServer(port: number, dataDir: string): Promise<RunningServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  console.error(`bench:web: npm run serve on ${baseUrl}, DATA_DIR=${dataDir}`);
  const { child, group } = spawnGroup("npm", ["run", "serve"], {
    env: serverEnv(port, dataDir),
    output: "pipe",
    // server/index.ts shuts down gracefully on SIGTERM: open requests finish, the database closes.
    stopSignal: "SIGTERM",
  });
  prefixLines(child, "[server] ");
  onCleanup(async () => {
    const forced = await stopGroup(group, SERVER_STOP_TIMEOUT_MS);
    console.error(`bench:web: server stopped${forced ? " (killed after the grace period)" : ""}`);
  });

  // npm exits when the server does, so its exit stands for the server's.
  let exitStatus: string | undefined;
  child.once("exit", (code, signal) => (exitStatus = signal ? `signal ${signal}` : `code ${code}`));
  const server = { baseUrl, exitStatus: () => exitStatus };
  await waitForHealthy(server);
  return server;
}

/** Server output goes to stderr, marked, so it never mixes into the table on stdout. */
function prefixLines(child: ChildProcess, prefix: string): void {
  for (const stream of [child.stdout, child.stderr]) {
    stream?.setEncoding("utf8");
    let pending = "";
    stream?.on("data", (chunk: string) => {
      const lines = (pending + chunk).split("\n");
      pending = lines.pop() ?? "";
      for (const line of lines) process.stderr.write(`${prefix}${line}\n`);
    });
    stream?.on("end", () => pending && process.stderr.write(`${prefix}${pending}\n`));
  }
}

async function waitForHealthy({ baseUrl, exitStatus }: RunningServer): Promise<void> {
  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  let lastProblem = "no answer yet";
  while (Date.now() < deadline) {
    const status = exitStatus();
    if (status !== undefined) {
      throw new Error(`the server exited (${status}) before /healthz answered; its output is above`);
    }
    try {
      const response = await fetch(`${baseUrl}/healthz`, {
        signal: AbortSignal.timeout(HEALTH_REQUEST_TIMEOUT_MS),
      });
      await response.body?.cancel();
      if (response.status === 200) return;
      lastProblem = `HTTP ${response.status}`;
    } catch (error) {
      lastProblem = describe(error);
    }
    await sleep(HEALTH_POLL_MS);
  }
  throw new Error(
    `GET ${baseUrl}/healthz did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${lastProblem})`,
  );
}

/* ------------------------------------------------------------------------ */
/* Lighthouse.                                                               */

async function runLighthouse(url: string, outputPath: string, cookie?: string): Promise<LighthouseReport> {
  // A failed attempt may leave its report behind; never read that one as this run's.
  await rm(outputPath, { force: true });
  const args = [
    "--yes",
    LIGHTHOUSE_PACKAGE,
    url,
    "--quiet",
    "--output=json",
    `--output-path=${outputPath}`,
    `--only-categories=${CATEGORIES.join(",")}`,
    `--chrome-flags=${CHROME_FLAGS}`,
    ...(cookie ? [`--extra-headers=${JSON.stringify({ Cookie: cookie })}`] : []),
  ];
  await runCommand(`lighthouse ${url}`, "npx", args, {
    env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
    timeoutMs: LIGHTHOUSE_TIMEOUT_MS,
    // chrome-launcher starts Chromium in a process group of its own and closes it
    // on SIGINT only; on SIGTERM, Chromium would outlive Lighthouse.
    stopSignal: "SIGINT",
  });
  const report = reportSchema.parse(JSON.parse(await readFile(outputPath, "utf8")));
  if (report.runtimeError) {
    throw new Error(`lighthouse ${url}: ${report.runtimeError.code}: ${report.runtimeError.message}`);
  }
  return report;
}

function readRun(report: LighthouseReport, run: number, attempts: number): RunResult {
  const scripts = scriptTransfers(report);
  const totalKb = scripts.reduce((sum, script) => sum + script.kb, 0);
  return {
    run,
    attempts,
    lighthouseVersion: report.lighthouseVersion,
    scores: categoryScores(report),
    scriptKb: round(totalKb, 1),
    scripts,
    lcpMs: Math.round(numericAudit(report, "largest-contentful-paint")),
    tbtMs: Math.round(numericAudit(report, "total-blocking-time")),
    cls: round(numericAudit(report, "cumulative-layout-shift"), 3),
    failingAccessibilityAudits: failingAccessibilityAudits(report),
    warnings: report.runWarnings ?? [],
  };
}

function numericAudit(report: LighthouseReport, id: string): number {
  const value = report.audits[id]?.numericValue;
  if (value === undefined) throw new Error(`the report has no value for ${id}`);
  return value;
}

/** Scores as 0–100; a missing score means Lighthouse could not measure the page, which is a failed run. */
function categoryScores(report: LighthouseReport): Record<Category, number> {
  const scores = {} as Record<Category, number>;
  for (const category of CATEGORIES) {
    const score = report.categories[category]?.score;
    if (score === null || score === undefined) throw new Error(`the report has no ${category} score`);
    scores[category] = Math.round(score * 100);
  }
  return scores;
}

/** Scripts the page loaded, largest first; transferSize is what crossed the wire (gzip-compressed). */
function scriptTransfers(report: LighthouseReport): ScriptTransfer[] {
  const { items } = networkRequestsSchema.parse(report.audits["network-requests"]?.details);
  return items
    .filter((item) => item.resourceType === "Script")
    .map((item) => ({ url: item.url, kb: round((item.transferSize ?? 0) / BYTES_PER_KB, 1) }))
    .sort((a, b) => b.kb - a.kb);
}

/** Pass/fail and numeric audits below full marks; informative and not-applicable audits carry no verdict. */
function failingAccessibilityAudits(report: LighthouseReport): FailingAudit[] {
  const refs = report.categories.accessibility?.auditRefs ?? [];
  const failing: FailingAudit[] = [];
  for (const { id } of refs) {
    const audit = report.audits[id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (audit.scoreDisplayMode !== "binary" && audit.scoreDisplayMode !== "numeric") continue;
    const nodes = failingNodes(audit.details);
    failing.push({ id, title: audit.title, elements: nodes.length, nodes: nodes.slice(0, NODES_KEPT_PER_AUDIT) });
  }
  return failing;
}

function failingNodes(details: unknown): FailingAudit["nodes"] {
  const parsed = failingNodesSchema.safeParse(details);
  if (!parsed.success) return [];
  return parsed.data.items.flatMap((item) => (item.node ? [item.node] : []));
}

/**
 * One Lighthouse run, retried when Lighthouse itself fails; not when the bench
 * is interrupted or the server is gone, where a retry could only fail again.
 */
async function measureRun(server: RunningServer, url: string, outputPath: string, run: number, cookie?: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      return readRun(await runLighthouse(url, outputPath, cookie), run, attempt);
    } catch (error) {
      const serverExit = server.exitStatus();
      if (serverExit !== undefined) {
        // Seen when another process on the machine stopped the server mid-bench.
        throw new Error(`the server stopped during the bench (${serverExit}); see its output above`, {
          cause: error,
        });
      }
      if (interrupted || attempt >= ATTEMPTS_PER_RUN) throw error;
      console.error(`bench:web: attempt ${attempt} failed (${describe(error)}); retrying`);
    }
  }
}

async function measureRuns(
  server: RunningServer,
  url: string,
  name: string,
  reportsDir: string,
  cookie?: string,
): Promise<RunResult[]> {
  const runs: RunResult[] = [];
  for (let run = 1; run <= RUNS_PER_PAGE; run++) {
    console.error(`bench:web: lighthouse ${name} run ${run}/${RUNS_PER_PAGE}`);
    const outputPath = path.join(reportsDir, `${slug(name)}-${run}.json`);
    runs.push(await measureRun(server, url, outputPath, run, cookie));
  }
  return runs;
}

/**
 * The page as the server sends it, and its anchor: the same HTML without scripts (inline ones, the
 * module scripts and their preloads), written into the client build so the same server serves it.
 */
async function writeAnchor(server: RunningServer, page: string, clientDir: string, cookie?: string) {
  const response = await fetch(new URL(page, server.baseUrl), { headers: cookie ? { Cookie: cookie } : {} });
  const html = await response.text();
  if (response.status !== 200) throw new Error(`GET ${page} answered ${response.status}, not the page`);
  let hydrationBytes = 0;
  const anchor = html
    .replace(/<script\b([^>]*)>([\s\S]*?)<\/script>/g, (_script, attributes: string, body: string) => {
      if (!/\bsrc=/.test(attributes)) hydrationBytes += Buffer.byteLength(body, "utf8");
      return "";
    })
    .replace(/<link\b[^>]*\brel="modulepreload"[^>]*>/g, "");
  const file = `${slug(page)}.html`;
  await writeFile(path.join(clientDir, ANCHOR_DIR, file), anchor);
  return {
    anchorUrl: new URL(`/${ANCHOR_DIR}/${file}`, server.baseUrl).href,
    htmlBytes: Buffer.byteLength(html, "utf8"),
    hydrationBytes,
  };
}

async function measurePage(
  server: RunningServer,
  page: string,
  reportsDir: string,
  clientDir: string,
  cookie?: string,
): Promise<PageResult> {
  const url = new URL(page, server.baseUrl).href;
  const { anchorUrl, htmlBytes, hydrationBytes } = await writeAnchor(server, page, clientDir, cookie);
  const runs = await measureRuns(server, url, page, reportsDir, cookie);
  const anchorRuns = await measureRuns(server, anchorUrl, `${page} (anchor)`, reportsDir);
  const anchor: AnchorResult = {
    url: anchorUrl,
    median: {
      lcpMs: median(anchorRuns.map((run) => run.lcpMs)),
      tbtMs: median(anchorRuns.map((run) => run.tbtMs)),
      cls: median(anchorRuns.map((run) => run.cls)),
    },
    runs: anchorRuns,
  };
  const lcpMs = median(runs.map((run) => run.lcpMs));
  const medians: Medians = {
    performance: median(runs.map((run) => run.scores.performance)),
    accessibility: median(runs.map((run) => run.scores.accessibility)),
    bestPractices: median(runs.map((run) => run.scores["best-practices"])),
    scriptKb: round(median(runs.map((run) => run.scriptKb)), 1),
    scriptRequests: median(runs.map((run) => run.scripts.length)),
    lcpMs,
    tbtMs: median(runs.map((run) => run.tbtMs)),
    cls: median(runs.map((run) => run.cls)),
    lcpRatio: round(lcpMs / anchor.median.lcpMs, 2),
    htmlKb: round(htmlBytes / BYTES_PER_KB, 1),
    hydrationShare: round(hydrationBytes / htmlBytes, 3),
  };
  return { page, url, median: medians, goals: evaluateGoals(page, medians), runs, anchor };
}

function evaluateGoals(page: string, medians: Medians): GoalResult[] {
  return GOALS.filter((goal) => !goal.pages || goal.pages.includes(page)).map((goal) => {
    const value = medians[goal.metric];
    const met = goal.direction === "atLeast" ? value >= goal.target : value <= goal.target;
    // A target of 0 (CLS) has no ratio; the value says it all.
    const ratio = goal.target === 0 ? (value === 0 ? 1 : Infinity) : round(value / goal.target, 2);
    return { label: goal.label, value, target: goal.target, ratio, met };
  });
}

/* ------------------------------------------------------------------------ */
/* Report.                                                                   */

function printTable(pages: readonly PageResult[]): void {
  const header = [
    "page",
    "perf",
    "a11y",
    "LCP ms",
    "anchor LCP ms",
    "LCP ratio",
    "TBT ms",
    "anchor TBT ms",
    "CLS",
    "HTML KB",
    "hydration",
    "JS KB (gzip)",
    "JS requests",
  ];
  const rows = pages.map(({ page, median: m, anchor }) => [
    page,
    String(m.performance),
    String(m.accessibility),
    String(m.lcpMs),
    String(anchor.median.lcpMs),
    m.lcpRatio.toFixed(2),
    String(m.tbtMs),
    String(anchor.median.tbtMs),
    m.cls.toFixed(3),
    m.htmlKb.toFixed(1),
    `${(m.hydrationShare * 100).toFixed(1)} %`,
    m.scriptKb.toFixed(1),
    String(m.scriptRequests),
  ]);
  console.log(`\nMedians of ${RUNS_PER_PAGE} Lighthouse runs (${LIGHTHOUSE_PACKAGE}, mobile preset):\n`);
  printRows(header, rows);
  console.log("\nGoals (value/target = ratio):\n");
  printRows(
    ["page", "goal", "value/target = ratio"],
    pages.flatMap((page) => page.goals.map((goal) => [page.page, goal.label, formatGoal(goal)])),
  );
  const retried = pages.flatMap((page) => [...page.runs, ...page.anchor.runs]).filter((run) => run.attempts > 1);
  if (retried.length > 0) {
    console.log(`\n(${retried.length} run(s) needed more than one Lighthouse attempt; see the JSON.)`);
  }
}

function printRows(header: readonly string[], rows: readonly (readonly string[])[]): void {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => row[column]?.length ?? 0)));
  const format = (row: readonly string[]) =>
    row
      .map((cell, column) => cell.padEnd(widths[column] ?? 0))
      .join(" | ")
      .trimEnd();
  console.log(format(header));
  console.log(widths.map((width) => "-".repeat(width)).join("-|-"));
  for (const row of rows) console.log(format(row));
}

function formatGoal(goal: GoalResult): string {
  const ratio = Number.isFinite(goal.ratio) ? goal.ratio.toFixed(2) : "∞";
  return `${goal.value}/${goal.target} = ${ratio} ${goal.met ? "met" : "NOT met"}`;
}

/** Every audit that failed in any run, with how often, so a flaky failure is visible as such. */
function printFailingAccessibilityAudits(pages: readonly PageResult[]): void {
  console.log("\nFailing accessibility audits:");
  let any = false;
  for (const page of pages) {
    const byId = new Map<string, { audit: FailingAudit; runs: number }>();
    for (const run of page.runs) {
      for (const audit of run.failingAccessibilityAudits) {
        const seen = byId.get(audit.id);
        byId.set(audit.id, { audit: seen?.audit ?? audit, runs: (seen?.runs ?? 0) + 1 });
      }
    }
    for (const { audit, runs } of byId.values()) {
      any = true;
      const count = `${audit.elements} ${audit.elements === 1 ? "element" : "elements"}`;
      console.log(`  ${page.page}  ${audit.id} (${runs}/${page.runs.length} runs, ${count}): ${audit.title}`);
      for (const node of audit.nodes.slice(0, NODES_SHOWN_PER_AUDIT)) {
        console.log(`      ${node.selector ?? "(no selector)"}`);
        // axe's explanation starts with "Fix any of the following:"; the last line is the finding.
        const finding = node.explanation?.trim().split("\n").at(-1)?.trim();
        if (finding) console.log(`        ${finding}`);
      }
    }
  }
  if (!any) console.log("  none");
}

/** From the run whose JS weight is the median, so the list adds up to the number in the table. */
function printLargestScripts(pages: readonly PageResult[]): void {
  for (const page of pages) {
    const run = page.runs.find((r) => r.scriptKb === page.median.scriptKb) ?? page.runs[0];
    if (!run) continue;
    console.log(
      `\nLargest scripts on ${page.page} (${run.scripts.length} scripts, ${run.scriptKb.toFixed(1)} KB in run ${run.run}):`,
    );
    for (const script of run.scripts.slice(0, LARGEST_SCRIPTS_SHOWN)) {
      console.log(`  ${script.kb.toFixed(1).padStart(7)} KB  ${new URL(script.url).pathname}`);
    }
  }
}

async function writeResults(pages: readonly PageResult[], startedAt: Date): Promise<string> {
  await mkdir(RESULTS_DIR, { recursive: true });
  // Colons are not allowed in file names on every system, so the ISO time uses dashes.
  const file = path.join(RESULTS_DIR, `web-${startedAt.toISOString().replace(/[:.]/g, "-")}.json`);
  const results = {
    startedAt: startedAt.toISOString(),
    finishedAt: new Date().toISOString(),
    commit: await gitCommit(),
    node: process.version,
    lighthouseVersion: pages[0]?.runs[0]?.lighthouseVersion ?? null,
    chromePath: CHROMIUM_PATH,
    chromeFlags: CHROME_FLAGS,
    runsPerPage: RUNS_PER_PAGE,
    kbMeans: `${BYTES_PER_KB} bytes of transferSize (compressed, as sent)`,
    goals: GOALS,
    pages,
  };
  await writeFile(file, `${JSON.stringify(results, null, 2)}\n`);
  return file;
}

/** The commit measured, so results can be compared over time; null outside a git checkout. */
async function gitCommit(): Promise<string | null> {
  try {
    const { stdout } = await promisify(execFile)("git", ["rev-parse", "HEAD"], { cwd: ROOT });
    return stdout.trim();
  } catch {
    return null;
  }
}

/* ------------------------------------------------------------------------ */
/* Small helpers.                                                            */

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle];
  if (upper === undefined) throw new Error("median of no values");
  return sorted.length % 2 === 1 ? upper : (sorted[middle - 1]! + upper) / 2;
}

function round(value: number, digits: number): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function slug(page: string): string {
  return page === "/" ? "home" : page.replace(/^\//, "").replace(/[^a-z0-9]+/gi, "-");
}

function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/**
 * A premium reader in the bench's database, signed in through the real login
 * form: the session cookie Lighthouse then sends with every chapter request.
 */
async function signInPremiumReader(baseUrl: string, dataDir: string): Promise<string> {
  const { db, close } = openDatabase({ dataDir });
  try {
    const user = await createUser(db, {
      email: READER_EMAIL,
      passwordHash: await hashPassword(READER_PASSWORD),
      emailVerified: true,
    });
    await grantComplimentaryPremium(db, null, user, {
      until: "2999-01-01T00:00:00.000Z",
      reason: "The bench's reader",
    });
  } finally {
    await close();
  }
  const response = await fetch(`${baseUrl}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: baseUrl, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "login", email: READER_EMAIL, password: READER_PASSWORD }),
  });
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  if (response.status !== 302 || !cookie) {
    throw new Error(`signing the bench reader in answered ${response.status} without a session cookie`);
  }
  return cookie;
}

/* ------------------------------------------------------------------------ */

async function main(): Promise<void> {
  const startedAt = new Date();
  const workDir = await mkdtemp(path.join(tmpdir(), "numberlab-bench-web-"));
  onCleanup(() => rm(workDir, { recursive: true, force: true }));
  const dataDir = path.join(workDir, "data");
  const reportsDir = path.join(workDir, "reports");
  await mkdir(dataDir);
  await mkdir(reportsDir);

  await build();
  const clientDir = path.join(path.resolve(ROOT, process.env.BUILD_DIR ?? "build"), "client");
  await mkdir(path.join(clientDir, ANCHOR_DIR), { recursive: true });
  onCleanup(() => rm(path.join(clientDir, ANCHOR_DIR), { recursive: true, force: true }));
  const server = await startServer(await findFreePort(), dataDir);

  const pages: PageResult[] = [];
  for (const page of PAGES) {
    pages.push(await measurePage(server, page, reportsDir, clientDir));
  }
  const cookie = await signInPremiumReader(server.baseUrl, dataDir);
  for (const page of SIGNED_IN_PAGES) {
    pages.push(await measurePage(server, page, reportsDir, clientDir, cookie));
  }

  printTable(pages);
  printFailingAccessibilityAudits(pages);
  printLargestScripts(pages);
  const file = await writeResults(pages, startedAt);
  console.log(`\nFull results: ${path.relative(ROOT, file)}`);
}

try {
  await main();
} catch (error) {
  console.error(`bench:web: could not run: ${describe(error)}`);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
