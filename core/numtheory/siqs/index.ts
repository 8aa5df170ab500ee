import { perfectPower } from "../bigint";
import { type StopSignal, throwIfStopped } from "../factorization-types";
import { pollardBrent } from "../pollard-rho";
import { isProbablePrime } from "../primality";
import { RelationCollector } from "./collector";
import { combineRelations } from "./combine";
import { buildSiqsParameters, SIEVE_BLOCK, type SiqsTuning, tuningFor } from "./parameters";
import { sieveRelations } from "./sieve";

export { RelationCollector, type SiqsSnapshot } from "./collector";
export { combineRelations } from "./combine";
export { chooseSiqsParameters, type SiqsParameters, type SiqsTuning, tuningFor } from "./parameters";
export type { Relation, RelationBatch } from "./relation";
export { sieveRelations } from "./sieve";

/** Linear-algebra attempts before giving up (each adds relations; failure twice in a row is already rare). */
const MAX_COMBINE_ATTEMPTS = 6;
/** Batches in-process are cheap (no cloning); short ones stop the sieve soon after enough relations arrive. */
const IN_PROCESS_BATCH_MS = 20;
const PROGRESS_INTERVAL_MS = 250;
const TINY = 1n << 40n;

export interface SiqsOptions {
  signal?: StopSignal;
  seed?: number;
  onProgress?: (p: { relationsFound: number; relationsNeeded: number }) => void;
  /** Parameters other than the table's (the tuning script measures them). */
  tuning?: SiqsTuning;
  /**
   * Called once sieving ends, with the polynomials and sieve positions it took (for ns per position) and
   * the milliseconds spent combining relations (the linear algebra's share).
   */
  onSieved?: (work: { polynomials: number; positions: number; combineMilliseconds: number }) => void;
}

/**
 * Single-threaded SIQS: a non-trivial factor of n, or null. Runs the same
 * sieveRelations → RelationCollector → combineRelations path as the parallel
 * orchestrator, with batches handed over in-process. Throws FactorizationStopped
 * if the signal is raised.
 */
export function siqs(n: bigint, options: SiqsOptions = {}): bigint | null {
  const { signal, seed = 1, onProgress } = options;
  throwIfStopped(signal);
  if (n < 4n) return null;
  if ((n & 1n) === 0n) return 2n;
  const power = perfectPower(n);
  if (power) return power.base;
  if (isProbablePrime(n)) return null;
  // Below this the factor base would reach √n; rho takes microseconds there anyway.
  if (n < TINY) return pollardBrent(n);
  const params = buildSiqsParameters(n, options.tuning ?? tuningFor(n.toString().length));
  if (params.smallFactor) return BigInt(params.smallFactor);

  const collector = new RelationCollector(params);
  let target = collector.needed;
  let attempts = 0;
  let factor: bigint | null = null;
  let finished = false;
  let lastProgress = 0;
  let polynomials = 0;
  let combineMilliseconds = 0;
  const stop: StopSignal = {
    get aborted() {
      return finished || (signal?.aborted ?? false);
    },
  };
  sieveRelations(params, {
    seed,
    signal: stop,
    batchMilliseconds: IN_PROCESS_BATCH_MS,
    onBatch: (batch) => {
      collector.add(batch);
      polynomials += batch.polynomials;
      const now = Date.now();
      if (onProgress && now - lastProgress >= PROGRESS_INTERVAL_MS) {
        lastProgress = now;
        onProgress({ relationsFound: collector.usable, relationsNeeded: collector.needed });
      }
      if (finished || collector.usable < target) return;
      const combineStarted = Date.now();
      factor = combineRelations(params, collector, signal);
      combineMilliseconds += Date.now() - combineStarted;
      attempts += 1;
      // Some more relations bring new dependencies; a few percent is plenty.
      target = collector.usable + Math.ceil(collector.needed / 20);
      finished = factor !== null || attempts >= MAX_COMBINE_ATTEMPTS;
    },
  });
  options.onSieved?.({
    polynomials,
    positions: polynomials * 2 * params.blocksPerSide * SIEVE_BLOCK,
    combineMilliseconds,
  });
  throwIfStopped(signal);
  return factor;
}
