import { availableParallelism } from "node:os";
import type { TaskPort } from "#core/numtheory/parallel-engine";
import type { TaskReply } from "#core/numtheory/factor-task";
import { startTypeScriptWorker } from "./worker-thread";

/** One task thread per core, for the parallel engine; `close` ends them all. */
export function startTaskPorts(count = availableParallelism()): { ports: TaskPort[]; close(): Promise<void> } {
  const threads = Array.from({ length: count }, () =>
    startTypeScriptWorker(new URL("./factor-task-thread.ts", import.meta.url)),
  );
  const ports = threads.map<TaskPort>((thread) => ({
    post: (request) => thread.postMessage(request),
    listen: (handler) => void thread.on("message", (reply: TaskReply) => handler(reply)),
  }));
  return { ports, close: async () => void (await Promise.all(threads.map((thread) => thread.terminate()))) };
}
