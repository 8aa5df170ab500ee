import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { recordServerError, type ServerErrorEntry } from "#app/models/server-error.server";
import { now } from "#app/utils/clock";

/** Rows written per minute and instance at most: a failing database must not be buried under its own errors. */
export const SERVER_ERRORS_PER_MINUTE = 60;

/**
 * Notes answers of 500 and above for the dashboard. Bounded (a storm of errors costs at most 60 rows a
 * minute per instance; the request log still has every one) and never throwing: the answer has gone
 * already, and a failure to record it must not become a second error.
 */
export class ServerErrorLog {
  #minute = -1;
  #written = 0;

  constructor(
    private readonly db: () => Kysely<Database>,
    private readonly perMinute = SERVER_ERRORS_PER_MINUTE,
  ) {}

  /** Resolves once recorded, skipped or failed; never rejects. */
  async note(entry: ServerErrorEntry): Promise<"recorded" | "not-an-error" | "over-budget" | "failed"> {
    if (entry.status < 500) return "not-an-error";
    const minute = Math.floor(now().getTime() / 60_000);
    if (minute !== this.#minute) {
      this.#minute = minute;
      this.#written = 0;
    }
    if (this.#written >= this.perMinute) return "over-budget";
    this.#written += 1;
    try {
      await recordServerError(this.db(), entry);
      return "recorded";
    } catch (error) {
      console.warn("A server error could not be recorded:", error instanceof Error ? error.message : error);
      return "failed";
    }
  }
}
