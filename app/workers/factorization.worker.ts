import { factorize } from "#core/numtheory/factorize";
import { describeWithinBudget } from "#core/numtheory/describe-within-budget";
import { lazyEngine, parallelEngine, type TaskPort } from "#core/numtheory/parallel-engine";
import type { TaskReply } from "#core/numtheory/factor-task";
import type { FactorizationEvent, FactorizationRequest } from "./factorization-protocol";
import { indexedDbCheckpoints } from "./siqs-checkpoints.client";

/**
 * Coordinates one factorization off the page's thread: the cheap stages run
 * here, ECM and SIQS on one task worker per core. The page stops a run by
 * terminating this worker, which ends its task workers with it.
 */
const post = (event: FactorizationEvent) => self.postMessage(event);

function startTaskPorts(): TaskPort[] {
  const count = Math.max(1, navigator.hardwareConcurrency || 1);
  return Array.from({ length: count }, () => {
    const worker = new Worker(new URL("./factor-task.worker.ts", import.meta.url), { type: "module" });
    return {
      post: (request) => worker.postMessage(request),
      listen: (handler) => {
        worker.onmessage = (event: MessageEvent<TaskReply>) => handler(event.data);
        worker.onerror = (event) => handler({ kind: "failed", taskId: -1, message: event.message });
      },
    };
  });
}

self.onmessage = async (event: MessageEvent<FactorizationRequest>) => {
  try {
    const engine = lazyEngine(() => parallelEngine(startTaskPorts(), { checkpoints: indexedDbCheckpoints }));
    let lastProgress = 0;
    const factorization = await factorize(event.data.n, {
      engine,
      onProgress: (progress) => {
        // The page redraws a few times a second at most.
        if (Date.now() - lastProgress < 150) return;
        lastProgress = Date.now();
        post({ kind: "progress", progress });
      },
      onUpdate: (partial) => post({ kind: "update", factorization: partial }),
    });
    const facts = factorization.complete ? await describeWithinBudget(factorization, engine) : null;
    post({ kind: "done", factorization, facts });
  } catch (error) {
    post({ kind: "failed", message: error instanceof Error ? error.message : String(error) });
  }
};
