import { createContext } from "react-router";
import type { Factorization } from "#core/numtheory/factorization-types";

/**
 * The outcome of one server-side factorization: done (complete, or as far as
 * the time limit allowed), refused because too many are waiting, or lost with
 * a thread that crashed or overran its limit.
 */
export type FactorServiceResult =
  { status: "done"; factorization: Factorization; milliseconds: number } | { status: "busy" } | { status: "failed" };

/** Factoring off the event loop (a worker-thread pool in production); server/index.ts provides it. */
export interface FactorService {
  factor(n: bigint): Promise<FactorServiceResult>;
}

export const factorServiceContext = createContext<FactorService | null>(null);
