import { useCallback, useEffect, useRef, useState } from "react";
import { mergeSurveys, type PrimeSurvey } from "#core/numtheory/prime-count";
import type { PrimesEvent, PrimesRequest } from "./primes-protocol";
import { track } from "#app/analytics/client/track";

export type RunStatus = "idle" | "running" | "done" | "stopped" | "failed";

export interface PrimeRun<Result> {
  status: RunStatus;
  /** Share done, 0 to 1. */
  fraction: number;
  /** What the progress counts (iterations, numbers), done and in all. */
  done: number;
  total: number;
  startedAt: number | null;
  finishedAt: number | null;
  result: Result | null;
  error: string | null;
}

const idle = {
  status: "idle",
  fraction: 0,
  done: 0,
  total: 0,
  startedAt: null,
  finishedAt: null,
  result: null,
  error: null,
} as const;

/** Seconds left, from the pace so far; null until there is a pace to go by. */
export function secondsLeft(run: PrimeRun<unknown>, now: number): number | null {
  if (run.status !== "running" || run.startedAt === null || run.fraction <= 0.01) return null;
  const elapsed = (now - run.startedAt) / 1000;
  return (elapsed * (1 - run.fraction)) / run.fraction;
}

function startWorker(): Worker {
  return new Worker(new URL("./primes.worker.ts", import.meta.url), { type: "module" });
}

/**
 * A run's state and the workers it owns, ended together when the run stops, is replaced, or the page
 * goes away; `stop` ends them and marks the run stopped, keeping how far it got.
 */
function useRun<Result>() {
  const [run, setRun] = useState<PrimeRun<Result>>(idle);
  const workersRef = useRef<Worker[]>([]);
  const end = useCallback(() => {
    for (const worker of workersRef.current) worker.terminate();
    workersRef.current = [];
  }, []);
  useEffect(() => end, [end]);
  const stop = useCallback(() => {
    end();
    setRun((state) => (state.status === "running" ? { ...state, status: "stopped", finishedAt: Date.now() } : state));
  }, [end]);
  return { run, setRun, workersRef, end, stop };
}

export type MersenneResult =
  | { kind: "prime" | "composite"; exponent: number; residue64?: string }
  | { kind: "factor"; exponent: number; factor: string; reason: "exponent-composite" | "trial-factor" };

/** Trial factoring, then the Lucas–Lehmer test of 2^p − 1, in a worker; `stop` ends it at once. */
export function useMersenneCheck() {
  const { run, setRun, workersRef, end, stop } = useRun<MersenneResult>();

  const start = useCallback(
    (p: number, trialK: number) => {
      end();
      // Each run the reader asks for is counted (tool_use), the action naming the tool.
      track("tool_use", { tool: "primes", action: "mersenne-check" });
      const worker = startWorker();
      workersRef.current = [worker];
      setRun({ ...idle, status: "running", startedAt: Date.now(), total: Math.max(p - 2, 1) });
      worker.onmessage = (message: MessageEvent<PrimesEvent>) => {
        const event = message.data;
        if (event.kind === "progress") {
          setRun((state) => ({ ...state, done: event.done, total: event.total, fraction: event.done / event.total }));
          return;
        }
        end();
        const finish = (patch: Partial<PrimeRun<MersenneResult>>) =>
          setRun((state) => ({ ...state, ...patch, finishedAt: Date.now() }));
        if (event.kind === "mersenne-done") finish({ status: "done", fraction: 1, result: event.verdict });
        else if (event.kind === "mersenne-factor")
          finish({ status: "done", fraction: 1, result: { ...event, kind: "factor" } });
        else finish({ status: "failed", error: event.kind === "failed" ? event.message : "Unexpected answer." });
      };
      worker.onerror = (error) => {
        end();
        setRun((state) => ({ ...state, status: "failed", error: error.message, finishedAt: Date.now() }));
      };
      worker.postMessage({ kind: "mersenne", p, trialK } satisfies PrimesRequest);
    },
    [end, setRun, workersRef],
  );

  return { run, start, stop };
}

/** lo…hi cut into `parts` adjacent blocks of nearly equal length. */
export function splitRange(lo: number, hi: number, parts: number): [number, number][] {
  const length = hi - lo + 1;
  const count = Math.max(1, Math.min(parts, length));
  return Array.from({ length: count }, (_, i) => {
    const from = lo + Math.floor((length * i) / count);
    const to = lo + Math.floor((length * (i + 1)) / count) - 1;
    return [from, to];
  });
}

/** Counts from 0 are read at x/2, x/4, … down to this, for the chart of π beside its estimates. */
const SMALLEST_CHECKPOINT = 1_000;

/**
 * The blocks a survey of lo…hi is cut into, in order. A count from 0 is cut at x/2, x/4, … so the running
 * count at each cut is π there; long blocks are cut again so every core has work to take.
 */
export function surveyBlocks(lo: number, hi: number, cores: number): [number, number][] {
  const cuts = [lo - 1];
  if (lo <= 2) {
    const halvings: number[] = [];
    for (let x = Math.floor(hi / 2); x >= SMALLEST_CHECKPOINT && x > lo; x = Math.floor(x / 2)) halvings.push(x);
    cuts.push(...halvings.reverse());
  }
  cuts.push(hi);
  // About four blocks per core: a fast core takes another, and each block's sieving primes are few to make.
  const limit = Math.max(1_000_000, Math.ceil((hi - lo + 1) / (4 * cores)));
  return cuts.slice(1).flatMap((to, i) => {
    const from = cuts[i]! + 1;
    return splitRange(from, to, Math.ceil((to - from + 1) / limit));
  });
}

export interface CountedSurvey extends PrimeSurvey {
  /** π at the end of each block, when the survey starts at 0: (x, π(x)) points. */
  checkpoints: { x: number; count: number }[];
}

/** A survey of lo…hi shared between one worker per core, each taking the next block when done. */
export function usePrimeSurvey() {
  const { run, setRun, workersRef, end, stop } = useRun<CountedSurvey>();

  const start = useCallback(
    (lo: number, hi: number) => {
      end();
      track("tool_use", { tool: "primes", action: "prime-count" });
      const cores = Math.max(1, Math.min(navigator.hardwareConcurrency || 1, 8));
      const blocks = surveyBlocks(lo, hi, cores);
      const progress = blocks.map(() => 0);
      const surveys: (PrimeSurvey | null)[] = blocks.map(() => null);
      let next = 0;
      setRun({ ...idle, status: "running", startedAt: Date.now(), total: hi - lo });
      const finish = () => {
        end();
        const done = surveys as PrimeSurvey[];
        let running = 0;
        const checkpoints =
          lo <= 2
            ? done.map((survey) => {
                running += survey.count;
                return { x: survey.hi, count: running };
              })
            : [];
        const merged = { ...done.reduce(mergeSurveys), checkpoints };
        setRun((state) => ({ ...state, status: "done", fraction: 1, result: merged, finishedAt: Date.now() }));
      };
      const give = (worker: Worker) => {
        const index = next;
        next += 1;
        if (index >= blocks.length) return;
        const [from, to] = blocks[index]!;
        worker.onmessage = (message: MessageEvent<PrimesEvent>) => {
          const event = message.data;
          if (event.kind === "progress") {
            progress[index] = event.done;
            const sum = progress.reduce((a, b) => a + b, 0);
            setRun((state) => ({ ...state, done: sum, fraction: sum / Math.max(hi - lo, 1) }));
          } else if (event.kind === "survey-done") {
            surveys[index] = event.survey;
            progress[index] = to - from;
            if (surveys.every((survey) => survey !== null)) finish();
            else give(worker);
          } else {
            end();
            const error = event.kind === "failed" ? event.message : "Unexpected answer.";
            setRun((state) => ({ ...state, status: "failed", error, finishedAt: Date.now() }));
          }
        };
        worker.postMessage({ kind: "survey", lo: from, hi: to } satisfies PrimesRequest);
      };
      workersRef.current = Array.from({ length: Math.min(cores, blocks.length) }, () => {
        const worker = startWorker();
        worker.onerror = (error) => {
          end();
          setRun((state) => ({ ...state, status: "failed", error: error.message, finishedAt: Date.now() }));
        };
        give(worker);
        return worker;
      });
    },
    [end, setRun, workersRef],
  );

  return { run, start, stop };
}

/** The n-th prime, found by a worker; it reports no progress, and `stop` ends it at once. */
export function useNthPrime() {
  const { run, setRun, workersRef, end, stop } = useRun<{ n: number; prime: number }>();
  const start = useCallback(
    (n: number) => {
      end();
      track("tool_use", { tool: "primes", action: "nth-prime" });
      const worker = startWorker();
      workersRef.current = [worker];
      setRun({ ...idle, status: "running", startedAt: Date.now() });
      worker.onmessage = (message: MessageEvent<PrimesEvent>) => {
        const event = message.data;
        end();
        if (event.kind === "nth-done") {
          setRun((state) => ({ ...state, status: "done", fraction: 1, result: event, finishedAt: Date.now() }));
        } else {
          const error = event.kind === "failed" ? event.message : "Unexpected answer.";
          setRun((state) => ({ ...state, status: "failed", error, finishedAt: Date.now() }));
        }
      };
      worker.onerror = (error) => {
        end();
        setRun((state) => ({ ...state, status: "failed", error: error.message, finishedAt: Date.now() }));
      };
      worker.postMessage({ kind: "nth", n } satisfies PrimesRequest);
    },
    [end, setRun, workersRef],
  );
  return { run, start, stop };
}

export interface PrimeWindow {
  lo: number;
  hi: number;
  primes: Uint32Array;
}

/**
 * The primes in lo…hi, sieved by a worker the caller keeps while mounted, so moving along the number
 * line never sieves on the page's thread. Until the first answer the window is null; an answer for a
 * window no longer asked for is dropped.
 */
export function usePrimeWindow(lo: number, hi: number): { window: PrimeWindow | null; error: string | null } {
  const [answer, setAnswer] = useState<{ window: PrimeWindow | null; error: string | null }>({
    window: null,
    error: null,
  });
  const workerRef = useRef<Worker | null>(null);
  useEffect(
    () => () => {
      workerRef.current?.terminate();
      workerRef.current = null;
    },
    [],
  );
  useEffect(() => {
    const worker = (workerRef.current ??= startWorker());
    worker.onmessage = (message: MessageEvent<PrimesEvent>) => {
      const event = message.data;
      if (event.kind === "window-done") {
        if (event.lo === lo && event.hi === hi) setAnswer({ window: event, error: null });
      } else {
        setAnswer((state) => ({ ...state, error: event.kind === "failed" ? event.message : "Unexpected answer." }));
      }
    };
    worker.onerror = (error) => setAnswer((state) => ({ ...state, error: error.message }));
    worker.postMessage({ kind: "window", lo, hi } satisfies PrimesRequest);
  }, [lo, hi]);
  return answer;
}
