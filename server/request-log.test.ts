import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { listenOnLoopback, stopServer } from "#tests/setup/loopback-server";
import { requestLog } from "./request-log";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("requestLog", () => {
  let server: Server | undefined;
  let url: string;
  let lines: string[] = [];

  beforeAll(async () => {
    const app = express();
    app.use(requestLog((line) => lines.push(line)));
    app.get("/chapters/:slug", (_req, res) => void res.send("chapter"));
    app.get("/slow", (_req, res) => void setTimeout(() => res.send("slow"), 60));
    app.get("/broken", (_req, res) => void res.status(503).send("down"));
    app.post("/login", (_req, res) => void res.redirect(303, "/profile"));
    ({ server, url } = await listenOnLoopback(app));
  });
  afterAll(() => stopServer(server));
  beforeEach(() => {
    lines = [];
  });

  /** The log entries once `count` lines have been written (the write follows the response). */
  async function entries(count: number): Promise<Record<string, unknown>[]> {
    await vi.waitFor(() => expect(lines.length).toBeGreaterThanOrEqual(count));
    // Give a stray second line the chance to show up before counting.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(lines).toHaveLength(count);
    return lines.map((line) => {
      expect(line).not.toContain("\n");
      return JSON.parse(line) as Record<string, unknown>;
    });
  }

  it("writes one JSON line per request with method, path, status, duration and request id", async () => {
    const response = await fetch(`${url}/chapters/primes?token=secret&page=2`, { headers: { "User-Agent": "test" } });
    expect(response.status).toBe(200);
    const [entry] = await entries(1);
    expect(entry).toMatchObject({
      level: "info",
      msg: "request",
      method: "GET",
      path: "/chapters/primes",
      status: 200,
      userAgent: "test",
    });
    expect(JSON.stringify(entry)).not.toContain("secret");
    expect(typeof entry!.durationMs).toBe("number");
    expect(entry!.durationMs as number).toBeGreaterThanOrEqual(0);
    expect(Number.isNaN(Date.parse(entry!.time as string))).toBe(false);
    expect(entry!.requestId).toMatch(UUID);
    expect(response.headers.get("x-request-id")).toBe(entry!.requestId);
  });

  it("measures how long the request took", async () => {
    await fetch(`${url}/slow`);
    const [entry] = await entries(1);
    expect(entry!.durationMs as number).toBeGreaterThanOrEqual(50);
    expect(entry!.durationMs as number).toBeLessThan(5000);
  });

  it("gives every request its own id", async () => {
    const responses = await Promise.all([1, 2, 3].map(() => fetch(`${url}/chapters/a`)));
    const ids = (await entries(3)).map((entry) => entry.requestId);
    expect(new Set(ids).size).toBe(3);
    expect(new Set(responses.map((response) => response.headers.get("x-request-id")))).toEqual(new Set(ids));
  });

  it("echoes and logs a well-formed incoming X-Request-Id and replaces an odd one", async () => {
    const given = await fetch(`${url}/chapters/a`, { headers: { "X-Request-Id": "from-the-proxy-42" } });
    expect(given.headers.get("x-request-id")).toBe("from-the-proxy-42");
    expect((await entries(1))[0]!.requestId).toBe("from-the-proxy-42");

    for (const odd of ["r".repeat(101), "two words", "id\u00e9", "<script>"]) {
      lines = [];
      const response = await fetch(`${url}/chapters/a`, { headers: { "X-Request-Id": odd } });
      const replaced = response.headers.get("x-request-id");
      expect(replaced, odd).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect((await entries(1))[0]!.requestId).toBe(replaced);
    }
  });

  it("makes up an id when the incoming one is empty", async () => {
    const response = await fetch(`${url}/chapters/a`, { headers: { "X-Request-Id": "" } });
    expect(response.headers.get("x-request-id")).toMatch(UUID);
  });

  it("logs other methods, redirects, missing pages and server errors with their status", async () => {
    await fetch(`${url}/login?next=%2Fsecret`, { method: "POST", redirect: "manual" });
    expect((await entries(1))[0]).toMatchObject({ method: "POST", path: "/login", status: 303, level: "info" });

    lines = [];
    await fetch(`${url}/nowhere?q=1`);
    expect((await entries(1))[0]).toMatchObject({ method: "GET", path: "/nowhere", status: 404, level: "info" });

    lines = [];
    await fetch(`${url}/broken`);
    expect((await entries(1))[0]).toMatchObject({ path: "/broken", status: 503, level: "error" });
  });
});
