import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import type { Factorization, FactorProgress } from "#core/numtheory/factorization-types";
import type { NumberFacts } from "#core/numtheory/number-facts";
import type { FactorizationEvent, FactorizationRequest } from "./factorization-protocol";

export type FactorizationStatus = "idle" | "running" | "done" | "stopped" | "failed";

export interface FactorizationRun {
  status: FactorizationStatus;
  n: bigint | null;
  progress: FactorProgress | null;
  /** Date.now() at start and at the end, for the elapsed time. */
  startedAt: number | null;
  finishedAt: number | null;
  /** The latest factorization: partial while running or after a stop, with unsplit parts marked composite. */
  factorization: Factorization | null;
  /** Divisor functions, period and the rest, once the factorization is complete. */
  facts: NumberFacts | null;
  error: string | null;
}

const idle: FactorizationRun = {
  status: "idle",
  n: null,
  progress: null,
  startedAt: null,
  finishedAt: null,
  factorization: null,
  facts: null,
  error: null,
};

/**
 * Runs factorizations in a Web Worker (which starts one task worker per core)
 * so the page never blocks; `stop` ends the run at once, keeping what it found.
 * `initial` is a run already done elsewhere (the server's, for a small shared number).
 */
export function useFactorization(initial: FactorizationRun = idle): {
  run: FactorizationRun;
  start(n: bigint): void;
  stop(): void;
} {
  const [run, setRun] = useState<FactorizationRun>(initial);
  const worker = useRef<Worker | null>(null);

  const end = useCallback(() => {
    worker.current?.terminate();
    worker.current = null;
  }, []);

  const start = useCallback(
    (n: bigint) => {
      end();
      const current = new Worker(new URL("./factorization.worker.ts", import.meta.url), { type: "module" });
      worker.current = current;
      // The page's first render of a run, and the last (a large result), are slices too.
      startTransition(() => setRun({ ...idle, status: "running", n, startedAt: Date.now() }));
      current.onmessage = (message: MessageEvent<FactorizationEvent>) => {
        if (worker.current !== current) return;
        const event = message.data;
        // Progress and partial results re-render the page many times a run: as transitions React renders
        // them in slices between other work, so the main thread never blocks on them (issue 24).
        if (event.kind === "progress") {
          startTransition(() => setRun((state) => ({ ...state, progress: event.progress })));
        } else if (event.kind === "update") {
          startTransition(() => setRun((state) => ({ ...state, factorization: event.factorization })));
        } else {
          end();
          startTransition(() =>
            setRun((state) =>
              event.kind === "done"
                ? {
                    ...state,
                    status: "done",
                    finishedAt: Date.now(),
                    factorization: event.factorization,
                    facts: event.facts,
                  }
                : { ...state, status: "failed", finishedAt: Date.now(), error: event.message },
            ),
          );
        }
      };
      current.onerror = (event) => {
        if (worker.current !== current) return;
        end();
        setRun((state) => ({
          ...state,
          status: "failed",
          finishedAt: Date.now(),
          error: event.message || "The worker failed.",
        }));
      };
      current.postMessage({ kind: "start", n } satisfies FactorizationRequest);
    },
    [end],
  );

  const stop = useCallback(() => {
    if (!worker.current) return;
    end();
    setRun((state) =>
      state.status === "running"
        ? {
            ...state,
            status: "stopped",
            finishedAt: Date.now(),
            factorization: state.factorization ? { ...state.factorization, complete: false } : null,
          }
        : state,
    );
  }, [end]);

  useEffect(() => end, [end]);
  return { run, start, stop };
}
