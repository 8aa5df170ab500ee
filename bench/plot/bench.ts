/**
 * Plot sampling benchmark: the 30 functions of core/plot/test-functions.ts sampled for a
 * 1920 × 1080 view (x from −10 to 10, square pixels, pixel ratio 1) in this Node process, as a
 * worker would: compiled once, then timed per function and for the whole set, median of RUNS runs
 * after WARM_UP_RUNS untimed ones. Issue 6's goal is the whole set under 50 ms; the table shows
 * the ratio (measured / goal, below 1 meets it). It also reports each curve's evaluations and its
 * measured deviation from dense evaluation (core/plot/curve-quality.ts), which must stay below
 * MAX_DEVIATION_PX. Nothing is asserted: exit code 0 means the bench ran.
 *
 * `npm run bench:plot [-- --runs 21]`
 *
 * Frame times while panning in Chromium are measured by the browser side, which calls
 * core/plot/sample-all.ts's sampleAll(entries, view) once per frame.
 */
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CurveSample } from "#core/plot/curve-types";
import { measureDeviation } from "#core/plot/curve-quality";
import type { FunctionClosures } from "#core/plot/from-expression";
import { compiledFunction, STANDARD_VIEW } from "#core/plot/plot-test-support";
import { MAX_DEVIATION_PX, sampleFunction } from "#core/plot/sample-function";
import { TEST_FUNCTIONS, type TestFunction } from "#core/plot/test-functions";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const RESULTS_DIR = path.join(ROOT, "bench", "results");
const GOAL_MS = 50;
const WARM_UP_RUNS = 5;
const DEFAULT_RUNS = 15;
const VIEW = STANDARD_VIEW;

interface Compiled {
  test: TestFunction;
  closures: FunctionClosures;
}

function compile(test: TestFunction): Compiled {
  return { test, closures: compiledFunction(test.expression) };
}

/** A Markdown table cell: pipes escaped. */
const cell = (text: string) => text.replaceAll("|", "\\|");

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** One run of the whole set: milliseconds per function and in total, and the last samples. */
function runSet(set: readonly Compiled[]): { perFunction: number[]; total: number; samples: CurveSample[] } {
  const perFunction: number[] = [];
  const samples: CurveSample[] = [];
  const start = performance.now();
  for (const { closures } of set) {
    const t0 = performance.now();
    samples.push(sampleFunction(closures.f, closures.F, VIEW));
    perFunction.push(performance.now() - t0);
  }
  return { perFunction, total: performance.now() - start, samples };
}

async function main() {
  const index = process.argv.indexOf("--runs");
  const runs = index >= 0 ? Number(process.argv[index + 1]) : DEFAULT_RUNS;
  const set = TEST_FUNCTIONS.map(compile);
  for (let i = 0; i < WARM_UP_RUNS; i++) runSet(set);
  const timings = Array.from({ length: runs }, () => runSet(set));
  const { samples } = timings[timings.length - 1]!;

  console.log(
    `\nSampling for a 1920 × 1080 view, x in [−10, 10]; median of ${runs} runs after ${WARM_UP_RUNS} warm-up runs.\n`,
  );
  console.log("| function | expression | ms | evaluations | points | deviation px |");
  console.log("| --- | --- | --- | --- | --- | --- |");
  const rows = set.map(({ test, closures }, i) => {
    const ms = median(timings.map((t) => t.perFunction[i]!));
    const sample = samples[i]!;
    const skip = [
      ...(test.asymptotes?.(VIEW.xMin, VIEW.xMax) ?? []),
      ...(test.jumps?.(VIEW.xMin, VIEW.xMax) ?? []).map((j) => j.x),
    ];
    const deviation = measureDeviation(sample, closures.f, VIEW, skip).curveToDrawing;
    const points = sample.polylines.reduce((sum, line) => sum + line.length / 2, 0);
    console.log(
      `| ${cell(test.name)} | \`${cell(test.expression)}\` | ${ms.toFixed(3)} | ${sample.evaluations} | ${points} | ${deviation.toFixed(3)} |`,
    );
    return { name: test.name, expression: test.expression, ms, evaluations: sample.evaluations, points, deviation };
  });
  const total = median(timings.map((t) => t.total));
  const worst = Math.max(...rows.map((row) => row.deviation));
  console.log(
    `| **whole set** | | **${total.toFixed(2)}** | ${rows.reduce((s, r) => s + r.evaluations, 0)} | | ${worst.toFixed(3)} |`,
  );
  console.log(
    `\nWhole set: ${total.toFixed(2)} ms; goal ${GOAL_MS} ms; ratio ${(total / GOAL_MS).toFixed(2)} (below 1 meets it).`,
  );
  console.log(`Largest deviation ${worst.toFixed(3)} px (promise: below ${MAX_DEVIATION_PX} px).`);

  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `plot-${new Date().toISOString().replace(/[:.]/g, "-")}.json`);
  await writeFile(file, JSON.stringify({ view: VIEW, runs, total, goalMs: GOAL_MS, rows }, null, 2));
  console.log(`Runs written to ${path.relative(ROOT, file)}.`);
}

await main();
