import { sql } from "kysely";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestDatabase } from "#tests/setup/test-database";
import { startGraphileJobQueue } from "./graphile-job-queue.server";
import type { JobHandlers, JobQueue } from "./job-queue.server";

const POLL_MS = 100;

async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error("Timed out waiting for the jobs.");
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.skipIf(!process.env.TEST_DATABASE_URL)("the graphile-worker job queue on PostgreSQL", () => {
  const database = useTestDatabase("postgres");
  let queue: JobQueue | undefined;
  const ran: string[] = [];
  const handlers = (overrides: Partial<JobHandlers> = {}): JobHandlers => ({
    "push.dispatch": async ({ sendId }) => void ran.push(sendId),
    "push.deliver": async ({ deliveryId }) => void ran.push(deliveryId),
    "push.reminders": async () => void ran.push("reminders"),
    ...overrides,
  });
  const start = (overrides: Partial<JobHandlers> = {}, concurrency = 2) =>
    startGraphileJobQueue({
      connectionString: database.location.databaseUrl,
      handlers: handlers(overrides),
      concurrency,
      pollInterval: POLL_MS,
    }).then((started) => (queue = started));

  afterEach(async () => {
    await queue?.stop();
    queue = undefined;
    ran.length = 0;
  });

  it("migrates its own schema, runs a job at once and a later one at its time", async () => {
    await start();
    const at = Date.now();
    await queue!.add("push.dispatch", { sendId: "later" }, { runAt: new Date(at + 1500) });
    await queue!.add("push.dispatch", { sendId: "now" });
    await eventually(() => ran.includes("now"));
    expect(ran).toEqual(["now"]);
    await eventually(() => ran.includes("later"));
    expect(Date.now() - at).toBeGreaterThanOrEqual(1500);
    const { rows } = await sql<{ schema: string }>`
      select schema_name as schema from information_schema.schemata where schema_name = 'graphile_worker'`.execute(
      database.db,
    );
    expect(rows).toHaveLength(1);
  });

  it("runs at most `concurrency` jobs at once", async () => {
    let active = 0;
    let most = 0;
    await start(
      {
        "push.deliver": async ({ deliveryId }) => {
          active += 1;
          most = Math.max(most, active);
          await new Promise((resolve) => setTimeout(resolve, 150));
          active -= 1;
          ran.push(deliveryId);
        },
      },
      2,
    );
    for (let index = 0; index < 6; index += 1) await queue!.add("push.deliver", { deliveryId: `d${index}` });
    await eventually(() => ran.length === 6);
    expect(most).toBe(2);
  });

  it("adds a keyed job once while it waits, and retries a failure after a pause", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const tries: number[] = [];
    await start({
      "push.deliver": async ({ deliveryId }) => {
        tries.push(Date.now());
        if (tries.length === 1) throw new Error("503 from the push service");
        ran.push(deliveryId);
      },
    });
    const runAt = new Date(Date.now() + 500);
    await queue!.add("push.deliver", { deliveryId: "d1" }, { key: "push.deliver:d1", runAt });
    await queue!.add("push.deliver", { deliveryId: "d1" }, { key: "push.deliver:d1", runAt });
    await eventually(() => ran.length === 1, 15_000);
    expect(tries).toHaveLength(2);
    // graphile waits e^attempts seconds: about 2.7 s after the first failure.
    expect(tries[1]! - tries[0]!).toBeGreaterThan(2000);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("503 from the push service"));
    warn.mockRestore();
  });

  it("refuses a payload that is not the job's shape before its handler sees it", async () => {
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    await start();
    await sql`select graphile_worker.add_job('push.deliver', '{"deliveryId": 42}'::json, max_attempts := 1)`.execute(
      database.db,
    );
    await eventually(async () => {
      const { rows } = await sql<{ last_error: string | null }>`
        select last_error from graphile_worker.jobs where task_identifier = 'push.deliver'`.execute(database.db);
      return rows.some((row) => row.last_error !== null);
    });
    expect(ran).toEqual([]);
    warn.mockRestore();
  });

  it("registers a recurring job with graphile's cron, in whole minutes dividing an hour", async () => {
    await expect(
      startGraphileJobQueue({
        connectionString: database.location.databaseUrl,
        handlers: handlers(),
        concurrency: 1,
        every: { "push.reminders": 7 * 60 * 1000 },
      }),
    ).rejects.toThrow(RangeError);
    queue = await startGraphileJobQueue({
      connectionString: database.location.databaseUrl,
      handlers: handlers(),
      concurrency: 1,
      every: { "push.reminders": 5 * 60 * 1000 },
    });
    // graphile's cron records each item it schedules, so every instance adds a slot's job once.
    await eventually(async () => {
      const { rows } = await sql<{ identifier: string }>`
        select identifier from graphile_worker._private_known_crontabs`.execute(database.db);
      return rows.some((row) => row.identifier === "push.reminders");
    });
  });

  it("stop waits for the running job and closes its connections", async () => {
    // graphile's connections carry a name of their own: other test files connect to this database too.
    const applicationName = `jobs-test-${crypto.randomUUID().slice(0, 8)}`;
    const connectionString = new URL(database.location.databaseUrl!);
    connectionString.searchParams.set("application_name", applicationName);
    const connections = async () => {
      const { rows } = await sql<{ count: number }>`
        select count(*)::int as count from pg_stat_activity where application_name = ${applicationName}`.execute(
        database.db,
      );
      return rows[0]!.count;
    };
    const before = await connections();
    expect(before).toBe(0);
    let finished = false;
    queue = await startGraphileJobQueue({
      connectionString: connectionString.toString(),
      handlers: handlers({
        "push.dispatch": async () => {
          await new Promise((resolve) => setTimeout(resolve, 300));
          finished = true;
        },
      }),
      concurrency: 2,
      pollInterval: POLL_MS,
    });
    expect(await connections()).toBeGreaterThan(before);
    await queue!.add("push.dispatch", { sendId: "s1" });
    await eventually(async () => {
      const { rows } = await sql<{ locked: number }>`
        select count(*)::int as locked from graphile_worker.jobs where locked_at is not null`.execute(database.db);
      return rows[0]!.locked > 0;
    });
    await queue!.stop();
    queue = undefined;
    expect(finished).toBe(true);
    await eventually(async () => (await connections()) === before);
  });
});
