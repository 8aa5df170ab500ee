import { availableParallelism } from "node:os";
import { factorize, localEngine, type SplitEngine } from "#core/numtheory/factorize";
import { evaluateIntegerExpression, MAX_INPUT_DIGITS } from "#core/numtheory/integer-expression";
import { lazyEngine, parallelEngine } from "#core/numtheory/parallel-engine";
import { deadlineSignal } from "#core/numtheory/factorization-types";
import { startTaskPorts } from "#server/factor-task-ports";

const USAGE = `Usage: npm run factor -- [--workers K] [--seconds S] N

  N             an integer or expression (2^128+1, 100!+1, F(300), M(101), …), up to ${MAX_INPUT_DIGITS} digits
  --workers K   worker threads for ECM and SIQS (default: one per core, ${availableParallelism()} here);
                1 runs everything in this thread
  --seconds S   stop after S seconds and print what was found (default: no limit)

Prints the factorization as JSON.`;

/** Compiled by build-cli.ts, this file has its task thread beside it; run from source, tsx loads the thread. */
const COMPILED_TASK_THREAD = import.meta.url.endsWith(".mjs")
  ? new URL("./factor-task-thread.mjs", import.meta.url)
  : undefined;

class UsageError extends Error {}

function parseArguments(args: string[]): { expression: string; workers: number; seconds: number | null } {
  let workers = availableParallelism();
  let seconds: number | null = null;
  const rest: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const flag = args[i] ?? "";
    if (flag === "--workers" || flag === "--seconds") {
      const value = Number(args[i + 1]);
      if (!Number.isFinite(value) || value <= 0) throw new UsageError(`${flag} needs a positive number.`);
      if (flag === "--workers") workers = Math.floor(value);
      else seconds = value;
      i += 1;
    } else {
      rest.push(flag);
    }
  }
  if (rest.length === 0) throw new UsageError("No number given.");
  return { expression: rest.join(" "), workers, seconds };
}

async function main(args: string[]): Promise<object> {
  const { expression, workers, seconds } = parseArguments(args);
  const parsed = evaluateIntegerExpression(expression);
  if (!parsed.ok) throw new UsageError(`${parsed.message}\n  ${expression}\n  ${" ".repeat(parsed.position)}^`);
  const signal = seconds === null ? undefined : deadlineSignal(seconds * 1000);
  let threads: ReturnType<typeof startTaskPorts> | undefined;
  const engine: SplitEngine =
    workers === 1
      ? localEngine()
      : lazyEngine(() => {
          threads = startTaskPorts(workers, COMPILED_TASK_THREAD);
          return parallelEngine(threads.ports, { signal });
        });
  const started = performance.now();
  try {
    const result = await factorize(parsed.value, { engine, signal });
    return {
      n: result.n.toString(),
      factors: result.factors.map((factor) => ({
        value: factor.value.toString(),
        exponent: factor.exponent,
        kind: factor.kind,
      })),
      complete: result.complete,
      seconds: Number(((performance.now() - started) / 1000).toFixed(4)),
      workers,
      log: result.log.map((entry) => ({
        method: entry.method,
        input: entry.input.toString(),
        found: entry.found.map(String),
        milliseconds: entry.milliseconds,
        detail: entry.detail,
      })),
    };
  } finally {
    await threads?.close();
  }
}

main(process.argv.slice(2)).then(
  (output) => console.log(JSON.stringify(output, null, 2)),
  (error: unknown) => {
    if (error instanceof UsageError) {
      console.error(`${error.message}\n\n${USAGE}`);
      process.exitCode = 2;
    } else {
      console.error(error);
      process.exitCode = 1;
    }
  },
);
