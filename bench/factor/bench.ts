/**
 * Factorization benchmark: the engine against PARI/GP's factorint on the
 * balanced semiprimes of ../shared/bench/factor/sets/semiprimes.txt, in one
 * run, side by side, as seconds per size and ratios.
 *
 * `npm run bench:factor [-- --min-digits 20 --max-digits 75 --skip-parallel]`
 *
 * Both sides are timed inside their own process, without start-up: the engine
 * in this process (one worker: everything in this thread; all workers: one
 * task thread per core), PARI/GP by `getabstime()` around `factorint` in a
 * `gp` started per number. Every result is checked against the set's factors.
 * Exit code 0 means the bench ran, whatever the ratios.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { factorize, type SplitEngine } from "#core/numtheory/factorize";
import { parallelEngine } from "#core/numtheory/parallel-engine";
import { startTaskPorts } from "#server/factor-task-ports";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SETS = path.resolve(ROOT, "../shared/bench/factor/sets");
const RESULTS_DIR = path.join(ROOT, "bench", "results");
/** The goals of issue 4: median seconds of the fastest anchor per size (single worker must be at or below). */
const GOAL_SECONDS: Record<number, number> = { 50: 0.25, 60: 1.7, 65: 4.0, 70: 9.0, 75: 35 };
const SMALL_GOAL_SECONDS = 0.1;
const SMALL_GOAL_BELOW_DIGITS = 40;

interface Case {
  label: string;
  digits: number;
  n: bigint;
  factors: bigint[];
}

interface Timing {
  gp: number | null;
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

function parseArguments(args: string[]) {
  const value = (flag: string, fallback: number) => {
    const index = args.indexOf(flag);
    return index >= 0 ? Number(args[index + 1]) : fallback;
  };
  return {
    minDigits: value("--min-digits", 20),
    maxDigits: value("--max-digits", 75),
    parallel: !args.includes("--skip-parallel"),
  };
}

/** factorint's own time for n, in a fresh gp; null when gp is missing or fails. */
function gpSeconds(n: bigint): Promise<number | null> {
  // One statement per line: gp drops the rest of a line that starts with default().
  const script = `default(parisizemax, 2^31)\nt = getabstime(); f = factorint(${n}); print(getabstime() - t)\n`;
  return new Promise((resolve) => {
    const child = spawn("gp", ["-q", "-f"], { stdio: ["pipe", "pipe", "ignore"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", () => resolve(null));
    child.on("close", (code) => resolve(code === 0 ? Number(output.trim().split("\n").pop()) / 1000 : null));
    child.stdin.end(script);
  });
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const format = (seconds: number | null) =>
  seconds === null ? "—" : seconds < 10 ? seconds.toFixed(3) : seconds.toFixed(1);
const ratio = (a: number | null, b: number | null) => (a === null || b === null || b === 0 ? "—" : (a / b).toFixed(2));

async function main() {
  const options = parseArguments(process.argv.slice(2));
  const cases = readCases().filter((c) => c.digits >= options.minDigits && c.digits <= options.maxDigits);
  const hasGp = (await gpSeconds(15n)) !== null;
  if (!hasGp) console.log("gp (PARI/GP) is missing: install it with `apt-get install -y pari-gp` to compare.\n");
  const cores = availableParallelism();
  const threads = options.parallel ? startTaskPorts(cores) : undefined;
  const engine = threads ? parallelEngine(threads.ports) : undefined;

  // Warm up the JIT and the prime tables once, as a long-running page or server would be.
  for (const warmUp of readCases().filter((c) => c.digits === 30)) await factorize(warmUp.n);

  const timings = new Map<string, Timing>();
  for (const testCase of cases) {
    const gp = hasGp ? await gpSeconds(testCase.n) : null;
    const single = await engineSeconds(testCase);
    const parallel = engine ? await engineSeconds(testCase, engine) : null;
    timings.set(testCase.label, { gp, single, parallel });
    console.log(
      `${testCase.label.padEnd(8)} gp ${format(gp).padStart(7)} s   engine ${format(single).padStart(7)} s` +
        `   ${cores} workers ${format(parallel).padStart(7)} s`,
    );
  }
  await threads?.close();

  const sizes = [...new Set(cases.map((c) => c.digits))].sort((a, b) => a - b);
  const rows = sizes.map((digits) => {
    const of = (key: keyof Timing) => {
      const values = cases
        .filter((c) => c.digits === digits)
        .map((c) => timings.get(c.label)![key])
        .filter((value): value is number => value !== null);
      return values.length > 0 ? median(values) : null;
    };
    const goal = digits < SMALL_GOAL_BELOW_DIGITS ? SMALL_GOAL_SECONDS : (GOAL_SECONDS[digits] ?? null);
    return { digits, gp: of("gp"), single: of("single"), parallel: of("parallel"), goal };
  });

  console.log(
    `\nMedian seconds per number (3 per size), ${cores} cores; ratio = engine / PARI/GP (below 1 is faster).\n`,
  );
  console.log("| digits | PARI/GP | engine, 1 worker | ratio | engine, all workers | ratio | goal (1 worker) | met |");
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of rows) {
    const met = row.goal === null || row.single === null ? "—" : row.single <= row.goal ? "yes" : "no";
    console.log(
      `| ${row.digits} | ${format(row.gp)} | ${format(row.single)} | ${ratio(row.single, row.gp)} | ` +
        `${format(row.parallel)} | ${ratio(row.parallel, row.gp)} | ${format(row.goal)} | ${met} |`,
    );
  }
  const peakMb = process.resourceUsage().maxRSS / 1024;
  console.log(`\nPeak memory of this process (engine and its threads): ${peakMb.toFixed(0)} MB (goal < 500 MB).`);

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `factor-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  await writeFile(file, JSON.stringify({ cores, rows, peakMb, timings: Object.fromEntries(timings) }, null, 2));
  console.log(`Runs written to ${path.relative(ROOT, file)}.`);
}

await main();
