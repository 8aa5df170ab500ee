import { ecm } from "./ecm";
import { deadlineSignal, FactorizationStopped } from "./factorization-types";
import { sieveRelations, type RelationBatch, type SiqsParameters } from "./siqs";

/**
 * What a coordinator asks one worker to do: a slice of work short enough that
 * the coordinator can redistribute or stop between slices.
 */
export type TaskRequest =
  | { kind: "ecm"; taskId: number; n: bigint; B1: number; B2: number; firstSigma: bigint; curves: number }
  | { kind: "siqs"; taskId: number; params: SiqsParameters; seed: number; milliseconds: number };

export type TaskReply =
  | { kind: "ecm-done"; taskId: number; factor: bigint | null; curves: number }
  | { kind: "siqs-batch"; taskId: number; batch: RelationBatch }
  | { kind: "siqs-done"; taskId: number }
  | { kind: "failed"; taskId: number; message: string };

/** Runs one slice; the worker shells (browser and Node) only pass messages to and from it. */
export function runTask(request: TaskRequest, reply: (message: TaskReply) => void): void {
  const { taskId } = request;
  try {
    if (request.kind === "ecm") {
      const { n, B1, B2, firstSigma, curves } = request;
      const factor = ecm(n, { B1, B2, curves, firstSigma });
      reply({ kind: "ecm-done", taskId, factor, curves });
      return;
    }
    const signal = deadlineSignal(request.milliseconds);
    sieveRelations(request.params, {
      seed: request.seed,
      signal,
      onBatch: (batch) => reply({ kind: "siqs-batch", taskId, batch }),
      batchMilliseconds: Math.min(request.milliseconds, 100),
    });
    reply({ kind: "siqs-done", taskId });
  } catch (error) {
    if (error instanceof FactorizationStopped) reply({ kind: "siqs-done", taskId });
    else reply({ kind: "failed", taskId, message: error instanceof Error ? error.message : String(error) });
  }
}
