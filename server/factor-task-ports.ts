import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { TaskPort } from "#core/numtheory/parallel-engine";
import type { TaskReply } from "#core/numtheory/factor-task";
import { startTypeScriptWorker } from "./worker-thread";

/**
 * One task thread per core, for the parallel engine; `close` ends them all. The thread runs
 * factor-task-thread.ts through tsx, or `compiledEntry` (the compiled command line's own copy).
 */
export function startTaskPorts(
  count = availableParallelism(),
  compiledEntry?: URL,
): { ports: TaskPort[]; close(): Promise<void> } {
  const threads = Array.from({ length: count }, () =>
    compiledEntry
      ? new Worker(compiledEntry)
      : startTypeScriptWorker(new URL("./factor-task-thread.ts", import.meta.url)),
  );
  const ports = threads.map<TaskPort>((thread) => ({
    post: (request) => thread.postMessage(request),
    listen: (handler) => void thread.on("message", (reply: TaskReply) => handler(reply)),
  }));
  return { ports, close: async () => void (await Promise.all(threads.map((thread) => thread.terminate()))) };
}
