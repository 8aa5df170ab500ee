import type { Server } from "node:http";
import net from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, stopServer } from "#tests/setup/loopback-server";
import { requestTargetCheck } from "./request-target";

/** The status and body of a raw request, so the target and Host can be anything the HTTP parser lets through. */
function send(
  port: number,
  target: string,
  headers: Record<string, string | null>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1");
    let answer = "";
    const lines = [`GET ${target} HTTP/1.1`, "Connection: close"];
    for (const [name, value] of Object.entries({ Host: `127.0.0.1:${port}`, ...headers })) {
      if (value !== null) lines.push(`${name}: ${value}`);
    }
    socket.end(`${lines.join("\r\n")}\r\n\r\n`);
    socket.on("data", (chunk: Buffer) => (answer += chunk.toString("latin1")));
    socket.on("end", () =>
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0),
        body: answer.slice(answer.indexOf("\r\n\r\n") + 4),
      }),
    );
    socket.on("error", reject);
  });
}

describe("requestTargetCheck", () => {
  let server: Server | undefined;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", "loopback");
    app.use(requestTargetCheck());
    // What the React Router adapter does with every request.
    app.use((req, res) => {
      const url = new URL(`${req.protocol}://${req.hostname}${req.originalUrl}`);
      res.json({ path: url.pathname, search: url.search, malformedUrl: res.locals.malformedUrl ?? null });
    });
    let url: string;
    ({ server, url } = await listenOnLoopback(app));
    port = Number(new URL(url).port);
  });
  afterAll(async () => {
    await stopServer(server);
  });

  it.each([
    ["a host and port", { Host: "127.0.0.1:3000" }],
    ["a name", { Host: "numberlab.example" }],
    ["an IPv6 address", { Host: "[::1]:8080" }],
    ["a forwarded host", { "X-Forwarded-Host": "numberlab.example" }],
  ])("lets a request with %s through", async (_name, headers) => {
    expect((await send(port, "/about?x=%E0", headers)).status).toBe(200);
  });

  it.each([
    ["an asterisk target", "*", {}],
    ["an absolute URL target", "http://evil.example/about", {}],
    ["no Host", "/about", { Host: null }],
    ["an empty Host", "/about", { Host: "" }],
    ["a %-escape in Host", "/about", { Host: "%zz" }],
    ["a space in Host", "/about", { Host: "a b" }],
    ["an unclosed IPv6 Host", "/about", { Host: "[::1" }],
    ["a bad IPv6 Host", "/about", { Host: "[:::]" }],
    ["a path in Host", "/about", { Host: "a/b" }],
    ["a user in Host", "/about", { Host: "user@host" }],
    ["a bad port", "/about", { Host: "host:99999999" }],
    ["a malformed X-Forwarded-Host", "/about", { "X-Forwarded-Host": "%zz" }],
  ])("refuses %s with 400", async (_name, target, headers) => {
    expect((await send(port, target, headers)).status).toBe(400);
  });

  it("passes a path that does not decode on escaped, with the original beside it, and leaves others alone", async () => {
    for (const target of ["/chapter/%E0%A4%A?x=%", "/%", "/a/%C0%AE/b", "/%FF.data"]) {
      const { status, body } = await send(port, target, {});
      expect(status, target).toBe(200);
      const seen = JSON.parse(body) as { path: string; search: string; malformedUrl: string };
      expect(seen.malformedUrl, target).toBe(target);
      expect(decodeURIComponent(seen.path) + seen.search, target).toBe(target);
    }
    for (const target of ["/chapter/periods-and-primes", "/caf%C3%A9?q=%E0", "/a%2Fb"]) {
      const { body } = await send(port, target, {});
      expect(JSON.parse(body), target).toEqual({
        path: target.split("?")[0],
        search: target.includes("?") ? target.slice(target.indexOf("?")) : "",
        malformedUrl: null,
      });
    }
  });
});
