import { useEffect, useRef } from "react";
import type { FactorMethod } from "#core/numtheory/factorization-types";
import type { FactorizationRun } from "#app/workers/use-factorization";
import type { EventProperties, ToolOutcome } from "../events";
import { track } from "./track";

/**
 * The methods from the least to the most powerful: a run is counted under the most powerful one it
 * reached (a prime proved by the primality test alone is "primality"; a split by the sieve is "siqs").
 */
const METHOD_STRENGTH: readonly FactorMethod[] = [
  "primality",
  "trial-division",
  "perfect-power",
  "algebraic",
  "rho",
  "p-1",
  "ecm",
  "siqs",
];

const OUTCOMES: Partial<Record<FactorizationRun["status"], ToolOutcome>> = {
  done: "finished",
  stopped: "stopped",
  failed: "failed",
};

/** The server accepts durations up to a day. */
const MAX_SECONDS = 86_400;

/**
 * `tool_use` of the factorization engine for a run that ended (finished, stopped or failed): the digits
 * of |n|, the strongest method in its log (or the one running when it stopped), the seconds it took.
 * Null while it runs, or before any.
 */
export function factorizationUse(run: FactorizationRun): EventProperties["tool_use"] | null {
  const outcome = OUTCOMES[run.status];
  if (!outcome || run.n === null || run.startedAt === null || run.finishedAt === null) return null;
  const methods = new Set<FactorMethod>(run.factorization?.log.map((entry) => entry.method) ?? []);
  if (run.progress) methods.add(run.progress.method);
  const method = METHOD_STRENGTH.findLast((candidate) => methods.has(candidate)) ?? "none";
  const seconds = Math.min(MAX_SECONDS, Math.max(0, Math.round((run.finishedAt - run.startedAt) / 100) / 10));
  const digits = (run.n < 0n ? -run.n : run.n).toString().length;
  return { tool: "factorization", digits, method, seconds, outcome };
}

/** Curves a plot draws: visible entries that read as something to draw (not empty, not `a = 3`). */
export function drawnCurves(
  entries: readonly { visible: boolean }[],
  outcomes: readonly ({ ok: true; kind: string; definition: unknown } | { ok: false })[],
): number {
  return outcomes.filter(
    (outcome, index) => outcome.ok && entries[index]?.visible && outcome.kind !== "empty" && !outcome.definition,
  ).length;
}

/** A plot is counted once it has stood this long unchanged: typing a formula sends one event, not one a key. */
export const PLOT_USE_DELAY_MS = 3_000;

/**
 * `tool_use` of a plotter: once the reader's own plot (not the example or a shared link they opened) has
 * stood for PLOT_USE_DELAY_MS with something drawn, and again only when what it draws changes (panning,
 * zooming and playing sliders change nothing counted).
 */
export function usePlotUse(
  edited: boolean,
  entries: readonly { visible: boolean }[],
  outcomes: readonly ({ ok: true; kind: string; definition: unknown; text: string } | { ok: false; text: string })[],
): void {
  const counted = useRef<string | null>(null);
  const curves = drawnCurves(entries, outcomes);
  const drawn = outcomes.map((outcome, index) => `${entries[index]?.visible ? "+" : "-"}${outcome.text}`).join("\n");
  useEffect(() => {
    if (!edited || curves === 0 || drawn === counted.current) return;
    const timer = setTimeout(() => {
      counted.current = drawn;
      track("tool_use", { tool: "plot", curves });
    }, PLOT_USE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [edited, curves, drawn]);
}
