import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";
import type { Factorization } from "#core/numtheory/factorization-types";
import type { FactorService, FactorServiceResult } from "#app/factorization/factor-service";
import type { FactorJob } from "./factor-api-thread";
import { startTypeScriptWorker } from "./worker-thread";

export interface FactorPoolOptions {
  threads?: number;
  /** Each job stops itself at this limit, returning what it found. */
  timeLimitMs?: number;
  /** Jobs waiting beyond this are refused at once rather than queued behind a crowd. */
  maxQueue?: number;
}

/** A thread that overruns its limit by this much is presumed stuck and replaced. */
const GRACE_MS = 1_000;

interface Slot {
  thread: Worker;
  job: { jobId: number; resolve: (result: FactorServiceResult) => void; timer: NodeJS.Timeout } | null;
}

/**
 * Factorizations for the API on worker threads, so the event loop never
 * blocks on maths: a fixed set of threads, a short queue, a time limit.
 */
export function createFactorPool(options: FactorPoolOptions = {}): FactorService & { close(): Promise<void> } {
  const size = options.threads ?? Math.max(1, Math.min(4, availableParallelism() - 1));
  const timeLimitMs = options.timeLimitMs ?? 2_000;
  const maxQueue = options.maxQueue ?? size * 4;
  const queue: { n: bigint; resolve: (result: FactorServiceResult) => void }[] = [];
  let nextJobId = 0;
  let closed = false;

  const startSlot = (): Slot => {
    const slot: Slot = { thread: startTypeScriptWorker(new URL("./factor-api-thread.ts", import.meta.url)), job: null };
    slot.thread.on("message", (message: { jobId: number; factorization: Factorization; milliseconds: number }) => {
      if (slot.job?.jobId !== message.jobId) return;
      clearTimeout(slot.job.timer);
      slot.job.resolve({ status: "done", factorization: message.factorization, milliseconds: message.milliseconds });
      slot.job = null;
      pump();
    });
    slot.thread.on("error", () => replace(slot));
    slot.thread.unref();
    return slot;
  };
  // Threads start with the first requests, not with the server: most servers never factor anything.
  const slots: Slot[] = [];

  /** A crashed or stuck thread answers its caller and makes way for a fresh one. */
  function replace(slot: Slot) {
    if (slot.job) {
      clearTimeout(slot.job.timer);
      slot.job.resolve({ status: "failed" });
      slot.job = null;
    }
    void slot.thread.terminate();
    if (closed) return;
    slots[slots.indexOf(slot)] = startSlot();
    pump();
  }

  function pump() {
    while (slots.length < size && queue.length > slots.filter((slot) => !slot.job).length) slots.push(startSlot());
    for (const slot of slots) {
      if (slot.job || queue.length === 0) continue;
      const { n, resolve } = queue.shift()!;
      const jobId = (nextJobId += 1);
      const timer = setTimeout(() => replace(slot), timeLimitMs + GRACE_MS);
      slot.job = { jobId, resolve, timer };
      slot.thread.postMessage({ jobId, n, milliseconds: timeLimitMs } satisfies FactorJob);
    }
  }

  return {
    factor(n) {
      if (closed || queue.length >= maxQueue) return Promise.resolve({ status: "busy" });
      return new Promise((resolve) => {
        queue.push({ n, resolve });
        pump();
      });
    },
    async close() {
      closed = true;
      for (const { resolve } of queue.splice(0)) resolve({ status: "busy" });
      await Promise.all(slots.map((slot) => slot.thread.terminate()));
    },
  };
}
