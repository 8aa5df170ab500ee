import { sql } from "kysely";
import { getDatabase } from "#app/utils/db.server";

/** Liveness and readiness: 200 only when the database answers. */
export async function loader() {
  const started = Date.now();
  try {
    await sql`select 1`.execute(getDatabase().db);
    return Response.json(
      { status: "ok", database: "ok", latencyMs: Date.now() - started },
      { headers: { "Cache-Control": "no-store" } },
    );
  } catch (error) {
    console.warn("Health check failed:", error instanceof Error ? error.message : error);
    return Response.json(
      { status: "error", database: "unreachable" },
      { status: 503, headers: { "Cache-Control": "no-store" } },
    );
  }
}
