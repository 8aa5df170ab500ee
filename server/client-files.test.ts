import type { Server } from "node:http";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, stopServer } from "#tests/setup/loopback-server";
import { clientFiles } from "./client-files";

describe("clientFiles", () => {
  let server: Server | undefined;
  let url: string;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), "numberlab-client-"));
    await writeFile(path.join(clientDir, "sw.js"), "self.addEventListener('fetch', () => {});");
    await writeFile(path.join(clientDir, "offline.html"), "<!doctype html><title>Offline</title>");
    await writeFile(path.join(clientDir, "favicon.svg"), "<svg xmlns='http://www.w3.org/2000/svg'/>");
    const app = express();
    app.use(clientFiles(clientDir));
    ({ server, url } = await listenOnLoopback(app));
  });
  afterAll(async () => {
    await stopServer(server);
    await rm(clientDir, { recursive: true, force: true });
  });

  it("serves the service worker as JavaScript that is revalidated on every fetch, without widening its scope", async () => {
    const response = await fetch(`${url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(response.headers.get("service-worker-allowed")).toBeNull();
  });

  it("serves the offline page revalidated on every fetch", async () => {
    const response = await fetch(`${url}/offline.html`);
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
  });

  it("lets other unhashed files be an hour old", async () => {
    const response = await fetch(`${url}/favicon.svg`);
    expect(response.headers.get("cache-control")).toBe("public, max-age=3600");
  });
});
