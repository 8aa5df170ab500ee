import { parentPort } from "node:worker_threads";
import { deadlineSignal } from "#core/numtheory/factorization-types";
import { factorize } from "#core/numtheory/factorize";

export interface FactorJob {
  jobId: number;
  n: bigint;
  milliseconds: number;
}

// One API factorization at a time, stopped at its deadline with what it found so far.
const port = parentPort;
if (!port) throw new Error("factor-api-thread runs as a worker thread");
port.on("message", async (job: FactorJob) => {
  const started = Date.now();
  const factorization = await factorize(job.n, { signal: deadlineSignal(job.milliseconds) });
  port.postMessage({ jobId: job.jobId, factorization, milliseconds: Date.now() - started });
});
