import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { listChapters } from "#app/models/chapter.server";
import { listSections } from "#app/models/section.server";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

const goodFile = `---
slug: remainders
title: Remainders
order: 1
access: free
summary: What is left over after a division.
---

## Introduction {#introduction}

Divide 17 by 5: the remainder is 2.

## Clock arithmetic {#clock}

On a clock, $9 + 5$ hours is 2 o'clock.
`;

/** Each test starts Node with tsx once or twice, which takes long on a busy machine. */
const SPAWN_TIMEOUT = { timeout: 90_000 };

const folders: string[] = [];
function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), "numberlab-import-"));
  folders.push(folder);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, name), text);
  return folder;
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe.each(testDialects)("npm run content:import on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  function contentImport(args: string[]): Promise<Run> {
    const { databaseUrl, dataDir } = database.location;
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/content-import.ts", ...args], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "" },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    return new Promise((resolve) => child.on("close", (code) => resolve({ code, stdout, stderr })));
  }

  it("imports a folder, prints what it did, and changes nothing the second time", SPAWN_TIMEOUT, async () => {
    const folder = folderWith({ "remainders.md": goodFile });
    const first = await contentImport(["--dir", folder]);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toBe(
      [
        "created  remainders",
        "created  remainders#introduction",
        "created  remainders#clock",
        `Imported 1 chapter file(s) from ${folder}: 3 created, 0 updated, 0 kept, 0 unchanged.`,
        "",
      ].join("\n"),
    );
    const [chapter] = await listChapters(database.db);
    expect(chapter).toMatchObject({ slug: "remainders", published: true });
    expect((await listSections(database.db, chapter!.id)).map((section) => section.body)).toEqual([
      "Divide 17 by 5: the remainder is 2.",
      "On a clock, $9 + 5$ hours is 2 o'clock.",
    ]);

    const second = await contentImport(["--dir", folder]);
    expect(second).toMatchObject({
      code: 0,
      stdout: `Imported 1 chapter file(s) from ${folder}: 0 created, 0 updated, 0 kept, 3 unchanged.\n`,
    });
  });

  it("prints file:line for a bad file and imports nothing, not even the good files", SPAWN_TIMEOUT, async () => {
    const badFile = goodFile.replace("access: free", "access: everyone").replace("slug: remainders", "slug: other");
    const folder = folderWith({ "a-good.md": goodFile.replace("slug: remainders", "slug: good"), "b-bad.md": badFile });
    const run = await contentImport(["--dir", folder]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`${path.join(folder, "b-bad.md")}:5: access must be free or premium\n`);
    expect(run.stdout).toBe("");
    expect((await listChapters(database.db)).map((chapter) => chapter.slug)).not.toContain("good");
  });

  it("refuses content the database would refuse, naming the file, and imports nothing", SPAWN_TIMEOUT, async () => {
    const long = goodFile.replace("slug: remainders", "slug: long").replace("is 2.", `is 2. ${"x".repeat(200_000)}`);
    const folder = folderWith({ "long.md": long, "fine.md": goodFile.replace("slug: remainders", "slug: fine") });
    const run = await contentImport(["--dir", folder]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain(`${path.join(folder, "long.md")}: section "introduction": body: The text is too long`);
    expect((await listChapters(database.db)).map((chapter) => chapter.slug)).not.toContain("fine");
  });

  it("explains its usage on a wrong option", SPAWN_TIMEOUT, async () => {
    const run = await contentImport(["--folder", "x"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("Usage: npm run content:import");
  });
});
