import http from "node:http";
import type { Server } from "node:http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readEnv } from "#app/utils/env.server";
import { publicOriginOf, servedHostsOf } from "#app/http/public-origin.server";
import { listenOnLoopback, stopServer } from "#tests/setup/loopback-server";
import { hostCheck } from "./host-check";

/** A GET with any Host header (fetch does not let a caller choose it). */
function get(url: string, headers: Record<string, string>): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers }, (response) => {
      let body = "";
      response.on("data", (chunk: Buffer) => (body += chunk.toString()));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on("error", reject);
  });
}

async function start(env: NodeJS.ProcessEnv, trustProxy = false) {
  const settings = readEnv(env);
  const app = express();
  if (trustProxy) app.set("trust proxy", "loopback");
  app.use(hostCheck({ servedHosts: servedHostsOf(settings), publicOrigin: publicOriginOf(settings) }));
  app.get("/{*path}", (_req, res) => void res.type("text/plain").send("served"));
  return listenOnLoopback(app);
}

describe("hostCheck without APP_URL", () => {
  let server: Server | undefined;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await start({ PORT: "3210" }));
  });
  afterAll(() => stopServer(server));

  it.each(["localhost:3210", "127.0.0.1:3210", "[::1]:3210", "LOCALHOST:3210"])("serves Host %s", async (host) => {
    expect(await get(url, { Host: host })).toEqual({ status: 200, body: "served" });
  });

  it.each([
    ["another site", "evil.example"],
    ["another site on the port", "evil.example:3210"],
    ["a loopback name on another port", "localhost:3211"],
    ["a loopback name without the port", "localhost"],
    ["a look-alike", "localhost.evil.example:3210"],
    ["an address on the network", "192.168.1.20:3210"],
  ])("refuses %s with 421 and tells the operator to set APP_URL", async (_label, host) => {
    const stdout = vi.spyOn(process.stdout, "write").mockReturnValue(true);
    const answer = await get(url, { Host: host });
    const other = await get(url, { Host: "evil.example" });
    stdout.mockRestore();
    expect(answer.status).toBe(421);
    expect(answer.body).toContain("set APP_URL");
    expect(answer.body).toContain("http://localhost:3210");
    // The answer never echoes the host it was given.
    expect(answer.body).toBe(other.body);
  });

  it("ignores X-Forwarded-Host when no proxy is trusted", async () => {
    expect((await get(url, { Host: "localhost:3210", "X-Forwarded-Host": "evil.example" })).status).toBe(200);
  });
});

describe("hostCheck behind a trusted proxy without APP_URL", () => {
  let server: Server | undefined;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await start({ PORT: "3210" }, true));
  });
  afterAll(() => stopServer(server));

  it("judges the host the browser used, so a forwarded foreign host is refused", async () => {
    const stdout = vi.spyOn(process.stdout, "write").mockReturnValue(true);
    const answer = await get(url, { Host: "localhost:3210", "X-Forwarded-Host": "evil.example" });
    stdout.mockRestore();
    expect(answer.status).toBe(421);
    expect((await get(url, { Host: "10.0.0.5:3210", "X-Forwarded-Host": "localhost:3210" })).status).toBe(200);
  });
});

describe("hostCheck with APP_URL", () => {
  let server: Server | undefined;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await start({ APP_URL: "https://numberlab.example" }));
  });
  afterAll(() => stopServer(server));

  it("serves any host: health checks come by IP, and no link depends on the host", async () => {
    for (const host of ["numberlab.example", "10.0.0.5:3000", "evil.example"]) {
      expect((await get(url, { Host: host })).status, host).toBe(200);
    }
  });
});
