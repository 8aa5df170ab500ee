import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveSessionSecret } from "./session-secret.server";

const SECRET_FILE = "session-secret";

describe("resolveSessionSecret", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), "numberlab-secret-"));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("generates a private secret file on first call and returns its content", () => {
    const secret = resolveSessionSecret(undefined, dir);
    expect(secret.length).toBeGreaterThanOrEqual(32);
    const file = path.join(dir, SECRET_FILE);
    expect(readFileSync(file, "utf8").trim()).toBe(secret);
    if (process.platform !== "win32") expect(statSync(file).mode & 0o777).toBe(0o600);
  });

  it("returns the same secret on later calls", () => {
    const first = resolveSessionSecret(undefined, dir);
    expect(resolveSessionSecret(undefined, dir)).toBe(first);
    expect(resolveSessionSecret(undefined, dir)).toBe(first);
  });

  it("generates a different secret for each data folder", () => {
    const other = mkdtempSync(path.join(os.tmpdir(), "numberlab-secret-"));
    try {
      expect(resolveSessionSecret(undefined, dir)).not.toBe(resolveSessionSecret(undefined, other));
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
  });

  it("creates a data folder that does not exist yet", () => {
    const nested = path.join(dir, "a", "b");
    const secret = resolveSessionSecret(undefined, nested);
    expect(readFileSync(path.join(nested, SECRET_FILE), "utf8").trim()).toBe(secret);
  });

  it("prefers a configured secret and writes nothing", () => {
    const configured = "c".repeat(40);
    const untouched = path.join(dir, "untouched");
    expect(resolveSessionSecret(configured, untouched)).toBe(configured);
    expect(existsSync(untouched)).toBe(false);
    expect(resolveSessionSecret(configured, dir)).toBe(configured);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("prefers a configured secret over an existing file", () => {
    const generated = resolveSessionSecret(undefined, dir);
    const configured = "c".repeat(40);
    expect(resolveSessionSecret(configured, dir)).toBe(configured);
    expect(readFileSync(path.join(dir, SECRET_FILE), "utf8").trim()).toBe(generated);
  });

  it("reads a secret someone put in the file, ignoring surrounding whitespace", () => {
    const handWritten = "h".repeat(32);
    writeFileSync(path.join(dir, SECRET_FILE), `${handWritten}\n`);
    expect(resolveSessionSecret(undefined, dir)).toBe(handWritten);
    expect(readFileSync(path.join(dir, SECRET_FILE), "utf8")).toBe(`${handWritten}\n`);
  });

  it.each([
    ["too short", "short-secret"],
    ["empty", ""],
    ["only whitespace padding a short secret", `   ${"x".repeat(31)}   \n`],
  ])("refuses a file whose secret is %s and names the file", (_label, content) => {
    const file = path.join(dir, SECRET_FILE);
    writeFileSync(file, content);
    expect(() => resolveSessionSecret(undefined, dir)).toThrow(file);
    expect(() => resolveSessionSecret(undefined, dir)).toThrow(/shorter than 32 characters/);
    // The file is left for the operator to look at.
    expect(readFileSync(file, "utf8")).toBe(content);
  });

  it("reports a data folder it cannot create", () => {
    const blocker = path.join(dir, "blocker");
    writeFileSync(blocker, "I am a file, not a folder");
    expect(() => resolveSessionSecret(undefined, path.join(blocker, "data"))).toThrow();
  });

  it("reports a secret path that is a folder", () => {
    mkdirSync(path.join(dir, SECRET_FILE));
    expect(() => resolveSessionSecret(undefined, dir)).toThrow();
  });
});
