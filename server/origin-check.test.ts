import type { Server } from "node:http";
import express from "express";
import { listenOnLoopback, stopServer } from "#tests/setup/loopback-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { originCheck } from "./origin-check";

async function start(appUrl: string | undefined) {
  const app = express();
  app.use(originCheck({ appUrl }));
  app.all("/{*path}", (req, res) => {
    res.type("text/plain").send(`handled ${req.method}`);
  });
  return listenOnLoopback(app);
}

describe("originCheck without APP_URL", () => {
  let server: Server | undefined;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await start(undefined));
  });
  afterAll(async () => {
    await stopServer(server);
  });

  const post = (headers: Record<string, string>, method = "POST") =>
    fetch(`${url}/login`, { method, headers, body: "email=a%40example.org" });

  it("lets safe methods through whatever their origin", async () => {
    for (const method of ["GET", "HEAD", "OPTIONS"]) {
      const response = await fetch(`${url}/page`, {
        method,
        headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
      });
      expect(response.status, method).toBe(200);
    }
  });

  it("allows a same-origin POST", async () => {
    const response = await post({ Origin: url, "Sec-Fetch-Site": "same-origin" });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe("handled POST");
  });

  it.each([
    ["another site", "https://evil.example"],
    ["the same host over another scheme", "https://127.0.0.1"],
    ["the same host on another port", "http://127.0.0.1:1"],
    ["a look-alike subdomain", "http://127.0.0.1.evil.example"],
    ["an opaque origin", "null"],
  ])("refuses a POST from %s with 403", async (_label, origin) => {
    const response = await post({ Origin: origin });
    expect(response.status).toBe(403);
    expect(await response.text()).not.toContain("handled");
  });

  it("refuses origins that merely start like this one", async () => {
    expect((await post({ Origin: `${url}0` })).status).toBe(403);
    expect((await post({ Origin: `${url}.evil.example` })).status).toBe(403);
    expect((await post({ Origin: `${url}/` })).status).toBe(403);
  });

  it("refuses a cross-origin POST even when Sec-Fetch-Site claims same-origin", async () => {
    expect((await post({ Origin: "https://evil.example", "Sec-Fetch-Site": "same-origin" })).status).toBe(403);
  });

  it.each(["PUT", "PATCH", "DELETE"])("refuses a cross-origin %s", async (method) => {
    expect((await post({ Origin: "https://evil.example" }, method)).status).toBe(403);
  });

  it("refuses a POST without Origin that the browser marks cross-site", async () => {
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
  });

  it.each(["same-origin", "same-site", "none"])("allows a POST without Origin marked %s", async (site) => {
    expect((await post({ "Sec-Fetch-Site": site })).status).toBe(200);
  });

  it("allows a POST with neither Origin nor Sec-Fetch-Site, as non-browser clients send", async () => {
    expect((await post({})).status).toBe(200);
  });
});

describe("originCheck with APP_URL", () => {
  let server: Server | undefined;
  let url: string;
  beforeAll(async () => {
    // A trailing path must not matter: only the origin is compared.
    ({ server, url } = await start("https://numberlab.example/app/"));
  });
  afterAll(async () => {
    await stopServer(server);
  });

  const post = (headers: Record<string, string>) => fetch(`${url}/login`, { method: "POST", headers, body: "x" });

  it("allows a POST from the configured origin, although the request reached another host", async () => {
    expect((await post({ Origin: "https://numberlab.example" })).status).toBe(200);
  });

  it("refuses a POST whose origin only matches the Host header", async () => {
    expect((await post({ Origin: url })).status).toBe(403);
  });

  it("refuses a POST from a host that only starts with the configured one", async () => {
    expect((await post({ Origin: "https://numberlab.example.evil.com" })).status).toBe(403);
    expect((await post({ Origin: "https://numberlab.example:8443" })).status).toBe(403);
  });

  it("refuses a POST from the configured host over plain HTTP", async () => {
    expect((await post({ Origin: "http://numberlab.example" })).status).toBe(403);
  });

  it("still refuses cross-site requests without Origin", async () => {
    expect((await post({ "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await post({})).status).toBe(200);
  });
});
