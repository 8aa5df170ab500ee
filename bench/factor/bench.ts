/**
 * Factorization benchmark (issue 24): the engine beside its anchors, in one run, as seconds per size
 * and ratios.
 * - Balanced semiprimes of ../shared/bench/factor/sets/semiprimes.txt: PARI/GP's factorint, the fastest
 *   JavaScript SIQS on npm (installed outside the project, see anchors.ts), and the engine on one worker
 *   (everything in this thread) and on all workers (one task thread per core).
 * - ECM cases (ecm-cases.txt: a 20-digit factor of an 80-digit number, a 25-digit one of 100 digits):
 *   the engine on one worker against gmp-ecm at the ECMNET bound for the factor's size.
 * - The command line's wall time for a 20-digit number.
 * - The engine page in Chromium on a 60-digit number with all workers: the main thread's long tasks
 *   (page-responsiveness.ts; needs a production build).
 *
 * `npm run bench:factor [-- --min-digits 20 --max-digits 75 --skip-parallel --skip-ecm]`
 *
 * Every side is timed inside its own process without start-up, except gmp-ecm and the command line
 * (wall time). Every result is checked. Exit code 0 means the bench ran, whatever the ratios.
 */
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { deadlineSignal } from "#core/numtheory/factorization-types";
import { factorize, type SplitEngine } from "#core/numtheory/factorize";
import { parallelEngine } from "#core/numtheory/parallel-engine";
import { siqs } from "#core/numtheory/siqs/index";
import { startTaskPorts } from "#server/factor-task-ports";
import { buildCommandLine } from "#scripts/build-cli";
import { hasProductionBuild, LONG_TASK_GOAL_MS, measurePageResponsiveness } from "./page-responsiveness";
import { ensureJsAnchor, gmpEcmSeconds, gpSeconds, JS_ANCHOR, jsAnchorSeconds, wallSeconds } from "./anchors";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SETS = path.resolve(ROOT, "../shared/bench/factor/sets");
const ECM_CASES = path.join(ROOT, "bench", "factor", "ecm-cases.txt");
const RESULTS_DIR = path.join(ROOT, "bench", "results");

/** Issue 24's goals. One worker at or below the JS anchor over this range of sizes … */
const ANCHOR_GOAL_DIGITS = [50, 75] as const;
/** … and at or below PARI/GP from this size; */
const GP_GOAL_FROM_DIGITS = 55;
/** every number below 40 digits within 0.1 s; */
const SMALL_GOAL_SECONDS = 0.1;
const SMALL_GOAL_BELOW_DIGITS = 40;
/** all workers at least 1.8 × faster than one from 60 digits (on two cores); */
const PARALLEL_GOAL_SPEED_UP = 1.8;
const PARALLEL_GOAL_FROM_DIGITS = 60;
/** a factor of 20 digits found by ECM within 2 s, of 25 digits within 12 s; */
const ECM_GOAL_SECONDS: Record<number, number> = { 20: 2, 25: 12 };
/** the ECMNET table's B1 for gmp-ecm per factor size; */
const ECMNET_B1: Record<number, number> = { 20: 11_000, 25: 50_000 };
/** the engine's time limit on an ECM case (it may sieve the whole number instead); */
const ECM_CASE_LIMIT_SECONDS = 120;
/** the command line answers a 20-digit number within 0.2 s. */
const CLI_GOAL_SECONDS = 0.2;
const CLI_NUMBER = "12345678910987654321";

interface Case {
  label: string;
  digits: number;
  n: bigint;
  factors: bigint[];
}

interface Timing {
  gp: number | null;
  anchor: number | null;
  single: number;
  parallel: number | null;
}

function readCases(): Case[] {
  const numbers = readFileSync(path.join(SETS, "semiprimes.txt"), "utf8").split("\n");
  const factorLines = readFileSync(path.join(SETS, "semiprimes.factors.txt"), "utf8").split("\n");
  const factorsByLabel = new Map<string, bigint[]>();
  for (const line of factorLines) {
    // label N p q
    const [label, , ...values] = line.trim().split(/\s+/);
    if (label && !label.startsWith("#") && values.length > 0) factorsByLabel.set(label, values.map(BigInt));
  }
  const cases: Case[] = [];
  let label = "";
  for (const line of numbers) {
    if (line.startsWith("#:")) label = line.slice(2).trim();
    else if (/^\d+$/.test(line.trim())) {
      const n = BigInt(line.trim());
      cases.push({ label, digits: line.trim().length, n, factors: factorsByLabel.get(label) ?? [] });
    }
  }
  return cases;
}

interface EcmCase {
  label: string;
  n: bigint;
  p: bigint;
  q: bigint;
  factorDigits: number;
}

function readEcmCases(): EcmCase[] {
  return readFileSync(ECM_CASES, "utf8")
    .split("\n")
    .filter((line) => /^p\d+c\d+-\d+ /.test(line))
    .map((line) => {
      const [label, n, p, q] = line.split(" ") as [string, string, string, string];
      return { label, n: BigInt(n), p: BigInt(p), q: BigInt(q), factorDigits: p.length };
    });
}

function parseArguments(args: string[]) {
  const value = (flag: string, fallback: number) => {
    const index = args.indexOf(flag);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  return {
    minDigits: value("--min-digits", 20),
    maxDigits: value("--max-digits", 75),
    parallel: !args.includes("--skip-parallel"),
    ecm: !args.includes("--skip-ecm"),
  };
}

async function engineSeconds(testCase: Case, engine?: SplitEngine): Promise<number> {
  const started = performance.now();
  const result = await factorize(testCase.n, engine ? { engine } : {});
  const seconds = (performance.now() - started) / 1000;
  const found = result.factors.flatMap((factor) => Array<bigint>(factor.exponent).fill(factor.value));
  const expected = [...testCase.factors].sort((a, b) => (a < b ? -1 : 1));
  if (!result.complete || found.join() !== expected.join()) {
    throw new Error(`${testCase.label}: engine gave ${found.join(" × ")}, expected ${expected.join(" × ")}`);
  }
  return seconds;
}

/** The engine's time on an ECM case (one worker), or null when it did not finish within the limit. */
async function engineEcmSeconds(testCase: EcmCase): Promise<number | null> {
  const started = performance.now();
  const result = await factorize(testCase.n, { signal: deadlineSignal(ECM_CASE_LIMIT_SECONDS * 1000) });
  const seconds = (performance.now() - started) / 1000;
  if (!result.complete) return null;
  const found = result.factors.map((factor) => factor.value).join();
  if (found !== [testCase.p, testCase.q].join()) throw new Error(`${testCase.label}: engine gave ${found}`);
  return seconds;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const format = (seconds: number | null) =>
  seconds === null ? "—" : seconds < 10 ? seconds.toFixed(3) : seconds.toFixed(1);
const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? "—" : (a / b).toFixed(2));
const verdict = (met: boolean | null) => (met === null ? "—" : met ? "met" : "NOT met");

/** The median over the cases of one size, or null when none has a value. */
function medianOf(values: (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null);
  return present.length > 0 ? median(present) : null;
}

async function benchSemiprimes(options: ReturnType<typeof parseArguments>, hasGp: boolean, hasAnchor: boolean) {
  const cases = readCases().filter((c) => c.digits >= options.minDigits && c.digits <= options.maxDigits);
  const cores = availableParallelism();
  const threads = options.parallel ? startTaskPorts(cores) : undefined;
  const engine = threads ? parallelEngine(threads.ports) : undefined;

  // Warm up the JIT and the prime tables once, as a long-running page or server would be.
  const warmUps = readCases().filter((c) => c.digits === 30);
  for (const warmUp of warmUps) await factorize(warmUp.n);

  const timings = new Map<string, Timing>();
  for (const testCase of cases) {
    const gp = hasGp ? await gpSeconds(testCase.n) : null;
    // The anchor may hang on what it was not built for (tiny numbers): below 30 digits it is not asked.
    const anchor = hasAnchor && testCase.digits >= 30 ? await jsAnchorSeconds(testCase.n, warmUps[0]!.n) : null;
    const single = await engineSeconds(testCase);
    const parallel = engine ? await engineSeconds(testCase, engine) : null;
    timings.set(testCase.label, { gp, anchor, single, parallel });
    console.log(
      `${testCase.label.padEnd(8)} gp ${format(gp).padStart(7)} s   JS anchor ${format(anchor).padStart(7)} s` +
        `   engine ${format(single).padStart(7)} s   ${cores} workers ${format(parallel).padStart(7)} s`,
    );
  }
  await threads?.close();

  const sizes = [...new Set(cases.map((c) => c.digits))].sort((a, b) => a - b);
  const rows = sizes.map((digits) => {
    const ofSize = cases.filter((c) => c.digits === digits).map((c) => timings.get(c.label)!);
    const single = median(ofSize.map((t) => t.single));
    const slowest = Math.max(...ofSize.map((t) => t.single));
    return {
      digits,
      gp: medianOf(ofSize.map((t) => t.gp)),
      anchor: medianOf(ofSize.map((t) => t.anchor)),
      single,
      slowest,
      parallel: medianOf(ofSize.map((t) => t.parallel)),
    };
  });

  console.log(`\nMedian seconds per number (3 per size), ${cores} cores. engine/X below 1: the engine is faster.\n`);
  console.log(
    "| digits | PARI/GP | JS anchor | engine, 1 worker | engine/anchor | engine/gp | all workers | speed-up | goal | met |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) {
    const goals: { name: string; met: boolean | null }[] = [];
    if (row.digits < SMALL_GOAL_BELOW_DIGITS) {
      goals.push({ name: `every number < ${SMALL_GOAL_SECONDS} s`, met: row.slowest < SMALL_GOAL_SECONDS });
    }
    if (row.digits >= ANCHOR_GOAL_DIGITS[0] && row.digits <= ANCHOR_GOAL_DIGITS[1]) {
      goals.push({ name: "≤ anchor", met: row.anchor === null ? null : row.single <= row.anchor });
    }
    if (row.digits >= GP_GOAL_FROM_DIGITS) {
      goals.push({ name: "≤ gp", met: row.gp === null ? null : row.single <= row.gp });
    }
    if (row.digits >= PARALLEL_GOAL_FROM_DIGITS && row.parallel !== null) {
      goals.push({
        name: `speed-up ≥ ${PARALLEL_GOAL_SPEED_UP}`,
        met: row.single / row.parallel >= PARALLEL_GOAL_SPEED_UP,
      });
    }
    console.log(
      `| ${row.digits} | ${format(row.gp)} | ${format(row.anchor)} | ${format(row.single)} | ` +
        `${ratio(row.single, row.anchor)} | ${ratio(row.single, row.gp)} | ${format(row.parallel)} | ` +
        `${ratio(row.single, row.parallel)} | ${goals.map((goal) => goal.name).join(", ") || "—"} | ` +
        `${goals.map((goal) => verdict(goal.met)).join(", ") || "—"} |`,
    );
  }
  return { cores, rows, timings: Object.fromEntries(timings), sieve: benchSieveWork(cases) };
}

/** From this size SIQS does the work (smaller numbers fall to rho and ECM first). */
const SIEVE_TABLE_FROM_DIGITS = 40;

/**
 * SIQS alone on the first number of each size, in this thread: polynomials, sieve positions and
 * nanoseconds per position (all of SIQS's time, set-up, trial division and linear algebra included,
 * divided by the positions sieved), and the linear algebra's share of that time.
 */
function benchSieveWork(cases: Case[]) {
  console.log("\nSIQS alone, first number of each size, one worker:\n");
  console.log("| digits | polynomials | sieve positions | SIQS s | ns per position | linear algebra |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  const rows = [];
  for (const digits of [...new Set(cases.map((c) => c.digits))].filter((d) => d >= SIEVE_TABLE_FROM_DIGITS)) {
    const testCase = cases.find((c) => c.digits === digits)!;
    let work = { polynomials: 0, positions: 0, combineMilliseconds: 0 };
    const started = performance.now();
    const factor = siqs(testCase.n, { onSieved: (sieved) => (work = sieved) });
    const seconds = (performance.now() - started) / 1000;
    if (factor === null || !testCase.factors.includes(factor))
      throw new Error(`${testCase.label}: SIQS gave ${factor}`);
    const nsPerPosition = (seconds * 1e9) / work.positions;
    const linearAlgebraShare = work.combineMilliseconds / 1000 / seconds;
    rows.push({ digits, ...work, seconds, nsPerPosition, linearAlgebraShare });
    console.log(
      `| ${digits} | ${work.polynomials} | ${work.positions.toExponential(2)} | ${format(seconds)} | ` +
        `${nsPerPosition.toFixed(2)} | ${(linearAlgebraShare * 100).toFixed(1)} % |`,
    );
  }
  return rows;
}

async function benchEcm(hasEcm: boolean) {
  const rows = [];
  for (const testCase of readEcmCases()) {
    const B1 = ECMNET_B1[testCase.factorDigits]!;
    const gmpEcm = hasEcm ? await gmpEcmSeconds(testCase.n, B1, testCase.p) : null;
    const engine = await engineEcmSeconds(testCase);
    rows.push({ label: testCase.label, factorDigits: testCase.factorDigits, gmpEcm, engine });
    console.log(
      `${testCase.label.padEnd(10)} gmp-ecm (B1 = ${B1}) ${format(gmpEcm).padStart(7)} s` +
        `   engine, 1 worker ${engine === null ? `> ${ECM_CASE_LIMIT_SECONDS}` : format(engine)} s`,
    );
  }
  console.log("\n| ECM case | gmp-ecm | engine, 1 worker | engine/gmp-ecm | goal | met |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  const summary = [];
  for (const factorDigits of [...new Set(rows.map((row) => row.factorDigits))]) {
    const ofSize = rows.filter((row) => row.factorDigits === factorDigits);
    // A run past the limit counts as the limit: the median is then a lower bound, shown with ">".
    const unfinished = ofSize.filter((row) => row.engine === null).length;
    const engine = median(ofSize.map((row) => row.engine ?? ECM_CASE_LIMIT_SECONDS));
    const gmpEcm = medianOf(ofSize.map((row) => row.gmpEcm));
    const goal = ECM_GOAL_SECONDS[factorDigits]!;
    const shown = unfinished * 2 > ofSize.length ? `> ${ECM_CASE_LIMIT_SECONDS}` : format(engine);
    console.log(
      `| P${factorDigits} (median of ${ofSize.length}) | ${format(gmpEcm)} | ${shown} | ${ratio(engine, gmpEcm)} | ` +
        `< ${goal} s | ${verdict(engine < goal)} |`,
    );
    summary.push({ factorDigits, gmpEcm, engine, unfinished, goal });
  }
  return { rows, summary };
}

/** The compiled command line (build/cli/factor.mjs) as a user runs it, on one worker: the median of three wall times. */
async function benchCommandLine() {
  const entry = await buildCommandLine();
  const times: (number | null)[] = [];
  for (let i = 0; i < 3; i += 1) {
    times.push(await wallSeconds(process.execPath, [entry, "--workers", "1", CLI_NUMBER]));
  }
  const seconds = medianOf(times);
  console.log(
    `\n\`node ${path.relative(ROOT, entry)} --workers 1 ${CLI_NUMBER}\`: ${format(seconds)} s wall time ` +
      `(goal < ${CLI_GOAL_SECONDS} s: ${verdict(seconds === null ? null : seconds < CLI_GOAL_SECONDS)}).`,
  );
  return seconds;
}

/** The number the page factors while its main thread is watched: long enough for every worker to sieve. */
const PAGE_DIGITS = 60;

async function benchPage() {
  if (!hasProductionBuild()) {
    console.log("\nThe engine page was not measured: it needs a production build (`npm run build`).");
    return null;
  }
  const testCase = readCases().find((c) => c.digits === PAGE_DIGITS)!;
  const measured = await measurePageResponsiveness(testCase.n);
  const longest = Math.max(0, ...measured.longTasks);
  console.log(
    `\nThe engine page in Chromium, ${testCase.label} with all workers: ${format(measured.seconds)} s, ` +
      `${measured.longTasks.length} main-thread tasks over ${LONG_TASK_GOAL_MS} ms (longest ${longest.toFixed(0)} ms; ` +
      `goal none: ${verdict(measured.longTasks.length === 0)}), a 10 ms timer late by at most ` +
      `${measured.worstTimerDelayMs.toFixed(0)} ms.`,
  );
  return measured;
}

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const hasGp = (await gpSeconds(15n)) !== null;
  if (!hasGp) console.log("gp (PARI/GP) is missing: install it with `apt-get install -y pari-gp` to compare.\n");
  const hasAnchor = await ensureJsAnchor();
  if (!hasAnchor) console.log(`The JS anchor (${JS_ANCHOR}) could not be installed: npm failed.\n`);
  const hasEcm = options.ecm && (await wallSeconds("ecm", ["-printconfig"])) !== null;
  if (options.ecm && !hasEcm) console.log("gmp-ecm is missing: install it with `apt-get install -y gmp-ecm`.\n");

  const semiprimes = await benchSemiprimes(options, hasGp, hasAnchor);
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`\nPeak memory of this process (engine and its threads): ${peakMb.toFixed(0)} MB (goal < 500 MB).\n`);
  const ecm = options.ecm ? await benchEcm(hasEcm) : null;
  const commandLine = await benchCommandLine();
  const page = await benchPage();

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `factor-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  await writeFile(
    file,
    JSON.stringify(
      { anchor: JS_ANCHOR, ...semiprimes, peakMb, ecm, commandLine, page },
      (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value),
      2,
    ),
  );
  console.log(`Runs written to ${path.relative(ROOT, file)}.`);
}

await main();
