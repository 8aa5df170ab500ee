/**
 * The factorization bench's anchors (issue 24), each timed in a process of its own:
 * - PARI/GP's factorint, by `getabstime()` inside gp;
 * - the fastest JavaScript SIQS published on npm (`quadraticsievefactorization`, JS with a small
 *   WebAssembly SIMD sieve), installed in a scratch folder outside the project (never a dependency of
 *   it) and timed by `performance.now()` around its call, without Node's start-up;
 * - gmp-ecm for the ECM cases, by wall time (its start-up is a few milliseconds).
 * Each returns null when the tool is missing, fails, gives a wrong answer or runs out of time.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

export const JS_ANCHOR = "quadraticsievefactorization@1.0.78";
const JS_ANCHOR_DIR = path.join(os.tmpdir(), "numberlab-bench", JS_ANCHOR.replace("@", "-"));
const JS_ANCHOR_MODULE = path.join(
  JS_ANCHOR_DIR,
  "node_modules",
  "quadraticsievefactorization",
  "QuadraticSieveFactorization.js",
);

interface Run {
  stdout: string;
  code: number | null;
  seconds: number;
  timedOut: boolean;
}

/** Runs a command with `input` on stdin, killed after `timeoutSeconds`. */
function run(
  command: string,
  args: string[],
  input: string,
  timeoutSeconds: number,
  env?: NodeJS.ProcessEnv,
): Promise<Run | null> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(command, args, { stdio: ["pipe", "pipe", "ignore"], env: env ?? process.env });
    let stdout = "";
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, timeoutSeconds * 1000);
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.on("error", () => {
      clearTimeout(timer);
      resolve(null);
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ stdout, code, seconds: (performance.now() - started) / 1000, timedOut });
    });
    child.stdin.end(input);
  });
}

/** factorint's own time for n, in a fresh gp; null when gp is missing or fails. */
export async function gpSeconds(n: bigint, timeoutSeconds = 600): Promise<number | null> {
  // One statement per line: gp drops the rest of a line that starts with default().
  const script = `default(parisizemax, 2^31)\nt = getabstime(); f = factorint(${n}); print(getabstime() - t)\n`;
  const result = await run("gp", ["-q", "-f"], script, timeoutSeconds);
  if (!result || result.code !== 0 || result.timedOut) return null;
  const milliseconds = Number(result.stdout.trim().split("\n").pop());
  return Number.isFinite(milliseconds) ? milliseconds / 1000 : null;
}

/**
 * Installs the JS anchor into its scratch folder unless it is there: npm with the folder as its prefix,
 * so neither this project's package.json nor its lockfile is touched. False when npm cannot install it.
 */
export async function ensureJsAnchor(): Promise<boolean> {
  if (existsSync(JS_ANCHOR_MODULE)) return true;
  await mkdir(JS_ANCHOR_DIR, { recursive: true });
  const install = spawnSync(
    "npm",
    ["install", "--prefix", JS_ANCHOR_DIR, "--no-save", "--no-audit", "--no-fund", "--no-package-lock", JS_ANCHOR],
    { cwd: JS_ANCHOR_DIR, stdio: ["ignore", "ignore", "inherit"] },
  );
  return install.status === 0 && existsSync(JS_ANCHOR_MODULE);
}

/**
 * The JS anchor's time to split n, inside a fresh Node (module loading excluded, as for gp), with its
 * answer checked: a proper divisor of n. `warmUp` is split first, untimed. Null when it fails, errs or takes longer than the timeout.
 */
export async function jsAnchorSeconds(n: bigint, warmUp: bigint, timeoutSeconds = 600): Promise<number | null> {
  const script = [
    `const { default: factorize } = await import(${JSON.stringify(pathToFileURL(JS_ANCHOR_MODULE).href)});`,
    // Warmed up like the engine, which the bench warms up on 30-digit numbers before timing it.
    "factorize(BigInt(process.env.ANCHOR_WARM_UP));",
    "const n = BigInt(process.env.ANCHOR_N);",
    "const started = performance.now();",
    "const factor = factorize(n);",
    "console.log(JSON.stringify({ seconds: (performance.now() - started) / 1000, factor: String(factor) }));",
  ].join("\n");
  const result = await run(process.execPath, ["--input-type=module"], script, timeoutSeconds, {
    ...process.env,
    ANCHOR_N: n.toString(),
    ANCHOR_WARM_UP: warmUp.toString(),
  });
  if (!result || result.code !== 0 || result.timedOut) return null;
  try {
    const answer = JSON.parse(result.stdout.trim().split("\n").pop() ?? "") as { seconds: number; factor: string };
    const factor = BigInt(answer.factor);
    return factor > 1n && factor < n && n % factor === 0n ? answer.seconds : null;
  } catch {
    return null;
  }
}

/**
 * gmp-ecm's wall time to find `expected`, a factor of n, running curves at bound B1 (its default B2)
 * until one finds it. Null when `ecm` is missing, finds something else, or runs out of time.
 */
export async function gmpEcmSeconds(
  n: bigint,
  B1: number,
  expected: bigint,
  timeoutSeconds = 600,
): Promise<number | null> {
  const result = await run("ecm", ["-q", "-c", "1000000", String(B1)], `${n}\n`, timeoutSeconds);
  if (!result || result.timedOut) return null;
  const found = result.stdout.split(/\s+/).filter((word) => /^\d+$/.test(word));
  return found.includes(expected.toString()) ? result.seconds : null;
}

/** The wall time of a command line, from spawning to its exit; null when it fails. */
export async function wallSeconds(command: string, args: string[], timeoutSeconds = 60): Promise<number | null> {
  const result = await run(command, args, "", timeoutSeconds);
  return result && result.code === 0 && !result.timedOut ? result.seconds : null;
}
