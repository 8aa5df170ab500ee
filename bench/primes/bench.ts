/**
 * Prime benchmark (issue 8): the Lucas–Lehmer test against PARI/GP running
 * the same folded loop, and prime counting against primesieve, in one run,
 * side by side, as seconds and ratios.
 *
 * `npm run bench:primes [-- --max-exponent 44497 --max-power 9]`
 *
 * Every side is timed inside its own process, without start-up: ours in this
 * thread, PARI/GP by `getabstime()` around the loop, primesieve by its own
 * `--time`. Every verdict and count is checked against the other side's.
 * Exit code 0 means the bench ran, whatever the ratios.
 */
import { spawn } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Worker } from "node:worker_threads";
import { lucasLehmer } from "#core/numtheory/lucas-lehmer";
import { mergeSurveys, primePi, type PrimeSurvey } from "#core/numtheory/prime-count";
import { startTypeScriptWorker } from "#server/worker-thread";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RESULTS_DIR = path.join(ROOT, "bench", "results");
const EXPONENTS = [9_689, 19_937, 44_497, 86_243];
/** Issue 8's goals: Lucas–Lehmer within 2× of PARI/GP from p = 19,937 up; π(10^9) within 3× of primesieve, one thread. */
const LL_GOAL_RATIO = 2;
const LL_GOAL_FROM = 19_937;
const PI_GOAL_RATIO = 3;
const PI_GOAL_POWER = 9;

function run(command: string, args: string[], input = ""): Promise<string | null> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"] });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.on("error", () => resolve(null));
    child.on("close", (code) => resolve(code === 0 ? output : null));
    child.stdin.end(input);
  });
}

/** PARI/GP's time for the folded Lucas–Lehmer loop of issue 8, and whether it found M(p) prime. */
async function gpLucasLehmer(p: number): Promise<{ seconds: number; prime: boolean } | null> {
  const script =
    `default(parisizemax, 2^31)\n` +
    `M = 2^${p} - 1; s = 4; t = getabstime(); ` +
    `for(i = 1, ${p} - 2, s = s^2 - 2; s = bitand(s, M) + shift(s, -${p}); if(s >= M, s -= M)); ` +
    `print(getabstime() - t, " ", s == 0)\n`;
  const output = await run("gp", ["-q", "-f"], script);
  const [ms, prime] = output?.trim().split("\n").pop()?.split(" ") ?? [];
  return ms === undefined ? null : { seconds: Number(ms) / 1000, prime: prime === "1" };
}

/** primesieve's own time and count for π(x) on `threads` threads. */
async function primesieveCount(x: number, threads: number): Promise<{ seconds: number; count: number } | null> {
  const output = await run("primesieve", [String(x), "--count", `--threads=${threads}`, "--time", "--no-status"]);
  const count = /Primes:\s*(\d+)/.exec(output ?? "")?.[1];
  const seconds = /Seconds:\s*([\d.]+)/.exec(output ?? "")?.[1];
  return count && seconds ? { seconds: Number(seconds), count: Number(count) } : null;
}

function timed<T>(work: () => T): { seconds: number; value: T } {
  const started = performance.now();
  const value = work();
  return { seconds: (performance.now() - started) / 1000, value };
}

const format = (seconds: number | null | undefined) =>
  seconds === null || seconds === undefined ? "—" : seconds < 10 ? seconds.toFixed(3) : seconds.toFixed(1);
const ratio = (a: number | null | undefined, b: number | null | undefined) =>
  a === null || a === undefined || b === null || b === undefined || b === 0 ? null : a / b;
const formatRatio = (value: number | null) => (value === null ? "—" : value.toFixed(2));

/**
 * π(x) on every thread, as the page counts on every core: 0…x cut into four blocks per thread, each
 * thread taking the next block when done, the blocks' surveys merged. The threads are started and
 * warmed up before the clock starts.
 */
async function parallelPrimePi(threads: Worker[], x: number): Promise<{ seconds: number; value: number }> {
  const parts = 4 * threads.length;
  const blocks = Array.from({ length: parts }, (_, i) => ({
    lo: Math.floor((x * i) / parts) + (i === 0 ? 0 : 1),
    hi: Math.floor((x * (i + 1)) / parts),
  }));
  const surveys: PrimeSurvey[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    threads.map(async (thread) => {
      while (next < blocks.length) {
        const index = next;
        next += 1;
        surveys[index] = await new Promise<PrimeSurvey>((resolve) => {
          thread.once("message", resolve);
          thread.postMessage(blocks[index]);
        });
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, value: surveys.reduce(mergeSurveys).count };
}

function option(args: string[], flag: string, fallback: number): number {
  const index = args.indexOf(flag);
  return index >= 0 ? Number(args[index + 1]) : fallback;
}

async function main() {
  const args = process.argv.slice(2);
  const maxExponent = option(args, "--max-exponent", 86_243);
  const maxPower = option(args, "--max-power", 10);
  const cores = availableParallelism();
  if ((await gpLucasLehmer(7)) === null) console.log("gp is missing: `apt-get install -y pari-gp` to compare.");
  if ((await primesieveCount(100, 1)) === null) console.log("primesieve is missing: `apt-get install -y primesieve`.");

  // Warm up the JIT as a page that has run a while would be: the sieve's first run at 10^9 is slower.
  lucasLehmer(2_203);
  lucasLehmer(9_689);
  primePi(1e9);
  const threads = Array.from({ length: cores }, () =>
    startTypeScriptWorker(new URL("./survey-thread.ts", import.meta.url)),
  );
  await parallelPrimePi(threads, 1e9);

  const lucas = [];
  for (const p of EXPONENTS.filter((exponent) => exponent <= maxExponent)) {
    const gp = await gpLucasLehmer(p);
    const ours = timed(() => lucasLehmer(p));
    if (ours.value.kind !== "prime" || (gp && !gp.prime)) throw new Error(`M(${p}) is a Mersenne prime`);
    lucas.push({ p, gp: gp?.seconds ?? null, ours: ours.seconds, ratio: ratio(ours.seconds, gp?.seconds) });
    console.log(`M(${p})  PARI/GP ${format(gp?.seconds)} s   ours ${format(ours.seconds)} s`);
  }

  const counts = [];
  for (let power = 9; power <= maxPower; power += 1) {
    const x = 10 ** power;
    const one = await primesieveCount(x, 1);
    const all = await primesieveCount(x, cores);
    // The median of three runs: a single run swings with the machine's other work.
    const runs = [0, 1, 2].map(() => timed(() => primePi(x)));
    const ours = runs.sort((a, b) => a.seconds - b.seconds)[1]!;
    const oursAll = await parallelPrimePi(threads, x);
    if (one && one.count !== ours.value) throw new Error(`π(10^${power}): primesieve ${one.count}, ours ${ours.value}`);
    if (oursAll.value !== ours.value)
      throw new Error(`π(10^${power}): ${oursAll.value} on all threads, ${ours.value} on one`);
    counts.push({
      power,
      one: one?.seconds ?? null,
      all: all?.seconds ?? null,
      ours: ours.seconds,
      oursAll: oursAll.seconds,
      count: ours.value,
    });
    console.log(
      `π(10^${power}) = ${ours.value}  primesieve ${format(one?.seconds)} s   ours ${format(ours.seconds)} s (all threads ${format(oursAll.seconds)} s)`,
    );
  }

  console.log("\nLucas–Lehmer, seconds; ratio = ours / PARI/GP (below 1 is faster).\n");
  console.log(`| p | PARI/GP | ours | ratio | goal | met |`);
  console.log("| --- | --- | --- | --- | --- | --- |");
  for (const row of lucas) {
    const goal = row.p >= LL_GOAL_FROM ? `≤ ${LL_GOAL_RATIO}` : "—";
    const met = row.p < LL_GOAL_FROM || row.ratio === null ? "—" : row.ratio <= LL_GOAL_RATIO ? "yes" : "no";
    console.log(
      `| ${row.p} | ${format(row.gp)} | ${format(row.ours)} | ${formatRatio(row.ratio)} | ${goal} | ${met} |`,
    );
  }
  console.log(
    `\nπ(x), seconds (ours on one thread: median of 3), ${cores} cores; ratios = ours / primesieve, threads alike.\n`,
  );
  console.log(
    "| x | primesieve, 1 thread | ours, 1 thread | ratio | goal | met | primesieve, all threads | ours, all threads | ratio |",
  );
  console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
  for (const row of counts) {
    const r = ratio(row.ours, row.one);
    const goal = row.power === PI_GOAL_POWER ? `≤ ${PI_GOAL_RATIO}` : "—";
    const met = row.power !== PI_GOAL_POWER || r === null ? "—" : r <= PI_GOAL_RATIO ? "yes" : "no";
    console.log(
      `| 10^${row.power} | ${format(row.one)} | ${format(row.ours)} | ${formatRatio(r)} | ${goal} | ${met} | ` +
        `${format(row.all)} | ${format(row.oursAll)} | ${formatRatio(ratio(row.oursAll, row.all))} |`,
    );
  }
  await Promise.all(threads.map((thread) => thread.terminate()));

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `primes-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  await writeFile(file, JSON.stringify({ cores, lucas, counts }, null, 2));
  console.log(`\nRuns written to ${path.relative(ROOT, file)}.`);
}

await main();
