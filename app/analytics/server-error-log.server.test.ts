import { sql } from "kysely";
import { describe, expect, it, vi } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { testClock } from "#tests/setup/test-clock";
import { countServerErrorsSince } from "#app/models/server-error.server";
import { ServerErrorLog } from "./server-error-log.server";

describe.each(testDialects)("server errors on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("records answers of 500 and above without their query, at most so many a minute, and never throws", async () => {
    testClock.set("2030-01-02T10:00:00.000Z");
    const log = new ServerErrorLog(() => database.db, 3);
    expect(await log.note({ method: "GET", path: "/quiz/x?token=secret", status: 500 })).toBe("recorded");
    expect(await log.note({ method: "GET", path: "/", status: 404 })).toBe("not-an-error");
    expect(await log.note({ method: "POST", path: "/api/events", status: 503 })).toBe("recorded");
    expect(await log.note({ method: "GET", path: "/a", status: 502 })).toBe("recorded");
    expect(await log.note({ method: "GET", path: "/b", status: 500 })).toBe("over-budget");
    testClock.advance(60_000);
    expect(await log.note({ method: "GET", path: "/c", status: 504 })).toBe("recorded");

    const rows = await database.db
      .selectFrom("server_errors")
      .select(["method", "path", "status"])
      .orderBy("occurred_at")
      .execute();
    expect(rows.map((entry) => entry.path).sort()).toEqual(["/a", "/api/events", "/c", "/quiz/x"]);
    expect(JSON.stringify(rows)).not.toContain("secret");
    expect(await countServerErrorsSince(database.db, "2030-01-02T10:00:00.000Z")).toBe(4);
    expect(await countServerErrorsSince(database.db, "2030-01-02T10:00:30.000Z")).toBe(1);

    await sql`alter table server_errors rename to server_errors_away`.execute(database.db);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      expect(await log.note({ method: "GET", path: "/d", status: 500 })).toBe("failed");
      expect(warn).toHaveBeenCalledOnce();
    } finally {
      warn.mockRestore();
      await sql`alter table server_errors_away rename to server_errors`.execute(database.db);
    }
  });
});
