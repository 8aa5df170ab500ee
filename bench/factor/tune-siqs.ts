/**
 * Measures SIQS parameter rows (issue 24): for each size, the table's row and its neighbours, one
 * parameter at a time, on one worker, timing the whole of siqs() on the benchmark semiprimes of that
 * size. The best row found (coordinate descent, until no neighbour is faster) is what goes into
 * TABLE in core/numtheory/siqs/parameters.ts.
 *
 * `npx tsx bench/factor/tune-siqs.ts --digits 60 [--rounds 2] [--numbers 2]`
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { siqs, type SiqsTuning, tuningFor } from "#core/numtheory/siqs/index";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SET = path.resolve(ROOT, "../shared/bench/factor/sets/semiprimes.txt");

function numbersOf(digits: number): bigint[] {
  return readFileSync(SET, "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => /^\d+$/.test(line) && line.length === digits)
    .map(BigInt);
}

function option(name: string, fallback: number): number {
  const index = process.argv.indexOf(name);
  return index >= 0 ? Number(process.argv[index + 1]) : fallback;
}

/**
 * CPU seconds of siqs() over the numbers, checking every factor. CPU time rather than wall time, so
 * that two tuning runs on two cores (or other work) do not distort each other's figures by scheduling.
 */
function secondsFor(numbers: bigint[], tuning: SiqsTuning): number {
  let total = 0;
  for (const n of numbers) {
    const started = process.cpuUsage();
    const factor = siqs(n, { tuning });
    const used = process.cpuUsage(started);
    total += (used.user + used.system) / 1e6;
    if (factor === null || factor <= 1n || n % factor !== 0n) throw new Error(`no factor of ${n}`);
  }
  return total;
}

/** One step either way in each parameter, tried in turn from the best row so far. */
const MOVES: ((row: SiqsTuning) => SiqsTuning[])[] = [
  (row) => [0.8, 1.25].map((f) => ({ ...row, fbSize: Math.round(row.fbSize * f) })),
  (row) => [-1, 1].filter((d) => row.blocks + d >= 1).map((d) => ({ ...row, blocks: row.blocks + d })),
  (row) => [0.5, 2].map((f) => ({ ...row, lpMultiplier: Math.round(row.lpMultiplier * f) })),
  (row) => [-4, 4].map((d) => ({ ...row, slack: row.slack + d })),
  (row) => [0.6, 1.6].map((f) => ({ ...row, smallestSievedPrime: Math.round(row.smallestSievedPrime * f) })),
];

const describe = (row: SiqsTuning) =>
  `fb ${row.fbSize}, blocks ${row.blocks}, lp× ${row.lpMultiplier}, slack ${row.slack.toFixed(1)}, first sieved ${row.smallestSievedPrime}`;

const digits = option("--digits", 60);
const numbers = numbersOf(digits).slice(0, option("--numbers", 3));
const rounds = option("--rounds", 2);
if (numbers.length === 0) throw new Error(`no ${digits}-digit numbers in ${SET}`);
// Warm the JIT on a smaller number first.
secondsFor(numbersOf(40).slice(0, 1), tuningFor(40));

let best = tuningFor(digits);
let bestSeconds = secondsFor(numbers, best);
console.log(`${digits} digits, ${numbers.length} numbers. table row: ${describe(best)}: ${bestSeconds.toFixed(2)} s`);
for (let round = 0; round < rounds; round += 1) {
  let improved = false;
  for (const move of MOVES) {
    for (const row of move(best)) {
      const seconds = secondsFor(numbers, row);
      // Below a 3 % gain the difference is within the noise of one run.
      const better = seconds < bestSeconds * 0.97;
      console.log(`  ${describe(row)}: ${seconds.toFixed(2)} s${better ? "  ← better" : ""}`);
      if (better) {
        best = row;
        bestSeconds = seconds;
        improved = true;
        break;
      }
    }
  }
  if (!improved) break;
}
console.log(`best: ${describe(best)}: ${bestSeconds.toFixed(2)} s`);
