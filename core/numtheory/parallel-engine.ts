import type { EcmPlan } from "./ecm";
import type { TaskReply, TaskRequest } from "./factor-task";
import { FactorizationStopped, type StopSignal } from "./factorization-types";
import type { SplitEngine } from "./factorize";
import {
  chooseSiqsParameters,
  combineRelations,
  RelationCollector,
  type SiqsParameters,
  type SiqsSnapshot,
} from "./siqs";

/** One worker as the coordinator sees it: a Web Worker in the browser, a worker thread in Node. */
export interface TaskPort {
  post(request: TaskRequest): void;
  /** Registers the one handler for every reply. */
  listen(handler: (reply: TaskReply) => void): void;
}

/** Saved sieving progress, so a reload resumes instead of starting over. */
export interface SiqsCheckpoint {
  snapshot: SiqsSnapshot;
  /** The next polynomial seed to hand out: seeds already sieved are not sieved again. */
  nextSeed: number;
}

export interface SiqsCheckpointStore {
  load(n: bigint): Promise<SiqsCheckpoint | null>;
  save(n: bigint, checkpoint: SiqsCheckpoint): Promise<void>;
  clear(n: bigint): Promise<void>;
}

export interface ParallelEngineOptions {
  signal?: StopSignal;
  checkpoints?: SiqsCheckpointStore;
}

/**
 * How long one SIQS slice sieves before its worker reports back for the next
 * seed: short at first, so a small number is not held up by a long slice,
 * then longer, so the slices' set-up costs stay negligible.
 */
const SIQS_FIRST_SLICE_MS = 30;
const SIQS_LONGEST_SLICE_MS = 400;
function sliceMilliseconds(slicesSoFar: number, workers: number): number {
  return Math.min(SIQS_LONGEST_SLICE_MS, SIQS_FIRST_SLICE_MS * 2 ** Math.floor(slicesSoFar / workers));
}
/** How often relations are written to the checkpoint store. */
const CHECKPOINT_EVERY_MS = 3_000;
/** ECM curves per slice: enough to keep the message overhead negligible, few enough to stop promptly. */
function curvesPerSlice(plan: EcmPlan): number {
  return plan.B1 >= 50_000 ? 1 : plan.B1 >= 11_000 ? 2 : 8;
}

interface Worker {
  port: TaskPort;
  busy: boolean;
}

/**
 * Spreads ECM curves and SIQS sieving over the given workers. Each worker runs
 * one short slice at a time; the coordinator (this object) hands out sigma
 * ranges and polynomial seeds so no two workers repeat each other, merges
 * relations, and runs the linear algebra itself.
 */
export function parallelEngine(ports: TaskPort[], options: ParallelEngineOptions = {}): SplitEngine {
  if (ports.length === 0) throw new RangeError("parallelEngine needs at least one worker");
  const workers: Worker[] = ports.map((port) => ({ port, busy: false }));
  let taskId = 0;
  let onReply: (worker: Worker, reply: TaskReply) => void = () => {};
  for (const worker of workers) {
    worker.port.listen((reply) => {
      if (reply.kind !== "siqs-batch") worker.busy = false;
      onReply(worker, reply);
    });
  }

  /** Runs a job until `step` settles it; `dispatch` is called whenever a worker is idle. */
  function run<T>(
    dispatch: (worker: Worker, id: number) => boolean,
    handle: (reply: TaskReply, settle: (value: T) => void) => void,
    signal: StopSignal | undefined,
  ): Promise<T> {
    const stopped = () => (options.signal?.aborted ?? false) || (signal?.aborted ?? false);
    const id = (taskId += 1);
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      const settle = (value: T) => {
        settled = true;
        onReply = () => {};
        resolve(value);
      };
      const fail = (error: Error) => {
        settled = true;
        onReply = () => {};
        reject(error);
      };
      const fill = () => {
        for (const worker of workers) {
          if (settled) return;
          if (!worker.busy && dispatch(worker, id)) worker.busy = true;
        }
      };
      onReply = (_worker, reply) => {
        // A worker that crashed cannot say which task it was on: fail whatever is running.
        if (!settled && reply.kind === "failed" && reply.taskId < 0) return fail(new Error(reply.message));
        if (settled || reply.taskId !== id) {
          fill();
          return;
        }
        if (stopped()) return fail(new FactorizationStopped());
        if (reply.kind === "failed") return fail(new Error(reply.message));
        handle(reply, settle);
        if (!settled) fill();
      };
      if (stopped()) return fail(new FactorizationStopped());
      fill();
    });
  }

  return {
    ecm(n, plan, firstSigma, onCurve, signal) {
      let nextSigma = firstSigma;
      const lastSigma = firstSigma + BigInt(plan.curves);
      let done = 0;
      let inFlight = 0;
      return run<bigint | null>(
        (worker, id) => {
          if (nextSigma >= lastSigma) return false;
          const curves = Number(
            lastSigma - nextSigma < BigInt(curvesPerSlice(plan)) ? lastSigma - nextSigma : curvesPerSlice(plan),
          );
          worker.port.post({ kind: "ecm", taskId: id, n, B1: plan.B1, B2: plan.B2, firstSigma: nextSigma, curves });
          nextSigma += BigInt(curves);
          inFlight += 1;
          return true;
        },
        (reply, settle) => {
          if (reply.kind !== "ecm-done") return;
          inFlight -= 1;
          done += reply.curves;
          onCurve(done);
          if (reply.factor !== null) settle(reply.factor);
          else if (nextSigma >= lastSigma && inFlight === 0) settle(null);
        },
        signal,
      );
    },

    async siqs(n, onRelations, signal) {
      const params: SiqsParameters = chooseSiqsParameters(n);
      const saved = await options.checkpoints?.load(n).catch(() => null);
      const collector = saved ? RelationCollector.restore(params, saved.snapshot) : new RelationCollector(params);
      let nextSeed = saved?.nextSeed ?? 1;
      let slices = 0;
      const postSlice = (worker: Worker, id: number) => {
        const milliseconds = sliceMilliseconds(slices, workers.length);
        worker.port.post({ kind: "siqs", taskId: id, params, seed: nextSeed, milliseconds });
        nextSeed += 1;
        slices += 1;
        return true;
      };
      const save = () => options.checkpoints?.save(n, { snapshot: collector.snapshot(), nextSeed }).catch(() => {});
      let lastCheckpoint = Date.now();
      try {
        for (;;) {
          // Sieve until the collector holds enough relations…
          if (collector.usable < collector.needed) {
            await run<void>(
              postSlice,
              (reply, settle) => {
                if (reply.kind === "siqs-batch") collector.add(reply.batch);
                onRelations(collector.usable, collector.needed);
                if (Date.now() - lastCheckpoint > CHECKPOINT_EVERY_MS) {
                  lastCheckpoint = Date.now();
                  void save();
                }
                if (collector.usable >= collector.needed) settle();
              },
              signal,
            );
          }
          // …then solve; a rare failure to split means sieving a little more.
          const either = anySignal(options.signal, signal);
          const factor = combineRelations(params, collector, either);
          if (factor !== null) {
            await options.checkpoints?.clear(n).catch(() => {});
            return factor;
          }
          if (either.aborted) throw new FactorizationStopped();
          await run<void>(
            postSlice,
            (reply, settle) => {
              if (reply.kind === "siqs-batch") collector.add(reply.batch);
              if (reply.kind === "siqs-done") settle();
            },
            signal,
          );
        }
      } catch (error) {
        // A run stopped by its signal keeps everything it sieved for next time.
        if (error instanceof FactorizationStopped) await save();
        throw error;
      }
    },
  };
}

function anySignal(a: StopSignal | undefined, b: StopSignal | undefined): StopSignal {
  return {
    get aborted() {
      return (a?.aborted ?? false) || (b?.aborted ?? false);
    },
  };
}

/** Starts the workers only when a stage first needs them: most numbers never get that far. */
export function lazyEngine(start: () => SplitEngine): SplitEngine {
  let engine: SplitEngine | undefined;
  return {
    ecm: (...args) => (engine ??= start()).ecm(...args),
    siqs: (...args) => (engine ??= start()).siqs(...args),
  };
}
