import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { resolveSessionSecret } from "#app/auth/session-secret.server";
import { resolveVapidKeys } from "#app/push/vapid-keys.server";
import { migrateToLatest, openDatabase } from "#database/connection";
import { migrations } from "#database/migrations/index";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

function runScript(script: string, args: string[], env: Record<string, string>): Promise<Run> {
  const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
    env: { ...process.env, DATABASE_URL: "", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
}

/** The writer process (tests/setup/sqlite-writer.ts) and the number of its last committed message. */
function startWriter(dataDir: string) {
  const child: ChildProcessWithoutNullStreams = spawn(
    process.execPath,
    ["--import", "tsx", "tests/setup/sqlite-writer.ts"],
    { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
  );
  let committed = 0;
  let stderr = "";
  let buffered = "";
  const waiters: { count: number; resolve: () => void }[] = [];
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  child.stdout.on("data", (chunk: Buffer) => {
    const lines = (buffered + chunk.toString()).split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines) committed = Number(line.replace("committed ", ""));
    for (const waiter of waiters.filter((waiter) => committed >= waiter.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  const exited = new Promise<number | null>((resolve) => child.on("exit", (code) => resolve(code)));
  return {
    committed: () => committed,
    /** Resolves once `count` messages are committed; rejects if the writer dies first. */
    reach: (count: number) =>
      Promise.race([
        new Promise<void>((resolve) => (committed >= count ? resolve() : waiters.push({ count, resolve }))),
        exited.then((code) => Promise.reject(new Error(`The writer exited (${code}): ${stderr}`))),
      ]),
    stop: async () => {
      child.kill("SIGKILL");
      await exited;
    },
  };
}

const folders: string[] = [];
function temporaryFolder(): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "numberlab-backup-"));
  folders.push(folder);
  return folder;
}
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("npm run db:backup and db:restore (SQLite)", () => {
  it("back up a database another process keeps writing to, and restore every row committed before", async () => {
    const dataDir = temporaryFolder();
    const origin = openDatabase({ dataDir });
    await migrateToLatest(origin.db);
    await origin.close();
    const secret = resolveSessionSecret(undefined, dataDir);
    const vapid = resolveVapidKeys({}, dataDir, "http://localhost:3000");

    const backups = temporaryFolder();
    const writer = startWriter(dataDir);
    let backup: Run;
    let committedBefore: number;
    try {
      await writer.reach(200);
      committedBefore = writer.committed();
      backup = await runScript("scripts/db-backup.ts", [backups], { DATA_DIR: dataDir });
      // The app kept writing through the backup and after it.
      await writer.reach(writer.committed() + 20);
    } finally {
      await writer.stop();
    }
    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    const [name, ...others] = readdirSync(backups);
    expect(others).toEqual([]);
    expect(name).toMatch(/^numberlab-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z$/);
    const folder = path.join(backups, name!);
    expect(backup.stdout).toContain(`and session-secret, vapid-keys.json to ${folder}.`);
    expect(readdirSync(folder).sort()).toEqual(["numberlab.sqlite", "session-secret", "vapid-keys.json"]);

    const restoredDir = path.join(temporaryFolder(), "data");
    const restore = await runScript("scripts/db-restore.ts", [folder], { DATA_DIR: restoredDir });
    expect(restore).toMatchObject({ code: 0, stderr: "" });
    expect(restore.stdout).toContain(`Restored the database (migrated up to ${Object.keys(migrations).at(-1)})`);

    const restored = openDatabase({ dataDir: restoredDir });
    try {
      expect(await migrateToLatest(restored.db)).toEqual([]);
      const { rows: check } = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(restored.db);
      expect(check).toEqual([{ integrity_check: "ok" }]);
      const { rows } = await sql<{ subject: string }>`select subject from contact_messages`.execute(restored.db);
      const numbers = rows.map((row) => Number(row.subject.replace("Message ", ""))).sort((a, b) => a - b);
      // One snapshot: every message up to some point, none missing, none torn; at least all committed before.
      expect(numbers.length).toBeGreaterThanOrEqual(committedBefore);
      expect(numbers).toEqual(Array.from({ length: numbers.length }, (_, index) => index + 1));
    } finally {
      await restored.close();
    }
    // The keys stay readable by their owner only, in the backup and where restored.
    for (const file of [path.join(folder, "session-secret"), path.join(restoredDir, "vapid-keys.json")]) {
      expect(statSync(file).mode & 0o777).toBe(0o600);
    }
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    expect(resolveSessionSecret(undefined, restoredDir)).toBe(secret);
    expect(resolveVapidKeys({}, restoredDir, "http://localhost:3000")).toEqual(vapid);
  });

  it("refuse a PostgreSQL database, pointing to pg_dump, and a wrong call with the usage", async () => {
    const env = { DATA_DIR: temporaryFolder(), DATABASE_URL: "postgres://nobody@127.0.0.1:1/none" };
    const [backup, restore, usage] = await Promise.all([
      runScript("scripts/db-backup.ts", [], env),
      runScript("scripts/db-restore.ts", ["somewhere"], env),
      runScript("scripts/db-restore.ts", ["one", "two"], { DATA_DIR: env.DATA_DIR }),
    ]);
    for (const run of [backup, restore]) {
      expect(run.code).toBe(1);
      expect(run.stderr).toContain("DATABASE_URL points at PostgreSQL");
      expect(run.stderr).toContain("pg_dump");
    }
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain("Give one backup folder.");
    expect(usage.stderr).toContain("Usage: npm run db:restore -- BACKUP [--force]");
    expect(readdirSync(env.DATA_DIR)).toEqual([]);
  });
});
