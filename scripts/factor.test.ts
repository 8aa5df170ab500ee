import { execFile } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildCommandLine } from "./build-cli";

const execute = (command: string[]) =>
  promisify(execFile)(process.execPath, command).then(
    (output) => ({ code: 0, ...output }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
const run = (args: string[]) => execute(["--import", "tsx", "scripts/factor.ts", ...args]);

describe("npm run factor", () => {
  it("prints the factorization of an expression as JSON (2^67 − 1 = 193707721 × 761838257287, Cole 1903)", async () => {
    const { code, stdout } = await run(["--workers", "1", "M(67)"]);
    expect(code).toBe(0);
    const output = JSON.parse(stdout);
    expect(output).toMatchObject({
      n: "147573952589676412927",
      complete: true,
      factors: [
        { value: "193707721", exponent: 1, kind: "prime" },
        { value: "761838257287", exponent: 1, kind: "prime" },
      ],
    });
    expect(output.log.length).toBeGreaterThan(0);
  });

  it("spreads SIQS over worker threads (sp40-1 of the benchmark set)", async () => {
    const { code, stdout } = await run(["--workers", "2", "2394704766592773481866661943002124339149"]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).factors.map((f: { value: string }) => f.value)).toEqual([
      "37425707078260015993",
      "63985558418048392693",
    ]);
  });

  it("stops at --seconds and marks what is left composite", async () => {
    const { stdout } = await run(["--workers", "1", "--seconds", "0.5", "100!+1"]);
    const output = JSON.parse(stdout);
    expect(output.complete).toBe(false);
    expect(output.factors.slice(0, 2).map((f: { value: string }) => f.value)).toEqual(["101", "14303"]);
    expect(output.factors.at(-1).kind).toBe("composite");
  });

  it("explains bad input with its position and the usage", async () => {
    const { code, stderr } = await run(["12 +* 5"]);
    expect(code).toBe(2);
    expect(stderr).toMatch(/position/);
    expect(stderr).toContain("Usage: npm run factor");
  });
});

describe("the compiled command line (npm run build:cli)", () => {
  let dir = "";
  let entry = "";
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "numberlab-cli-"));
    entry = await buildCommandLine(dir);
  }, 60_000);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it("runs without tsx, in one thread and with its own compiled task threads (sp40-1 of the benchmark set)", async () => {
    const single = await execute([entry, "--workers", "1", "M(67)"]);
    expect(JSON.parse(single.stdout).factors.map((f: { value: string }) => f.value)).toEqual([
      "193707721",
      "761838257287",
    ]);
    const parallel = await execute([entry, "--workers", "2", "2394704766592773481866661943002124339149"]);
    const output = JSON.parse(parallel.stdout);
    expect(output.workers).toBe(2);
    expect(output.factors.map((f: { value: string }) => f.value)).toEqual([
      "37425707078260015993",
      "63985558418048392693",
    ]);
    expect(output.log.some((entry: { method: string }) => entry.method === "siqs")).toBe(true);
  });
});
