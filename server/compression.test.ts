import type { Server } from "node:http";
import { gzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, stopServer } from "#tests/setup/loopback-server";
import { responseCompression } from "./compression";

describe("responseCompression", () => {
  let server: Server | undefined;
  let url = "";
  let releaseSecond: () => void = () => {};
  const secondWritten = new Promise<void>((resolve) => (releaseSecond = resolve));

  beforeAll(async () => {
    const app = express();
    app.use(responseCompression());
    // An event stream that writes its second event only once the test has read the first.
    app.get("/events", (_req, res) => {
      res.writeHead(200, { "Content-Type": "text/event-stream; charset=utf-8" });
      res.write('event: delta\ndata: {"text":"first"}\n\n');
      void secondWritten.then(() => res.end("event: done\ndata: {}\n\n"));
    });
    app.get("/page", (_req, res) => void res.type("html").send(`<p>${"a long page ".repeat(500)}</p>`));
    ({ server, url } = await listenOnLoopback(app));
  });
  afterAll(() => stopServer(server));

  it("sends each server-sent event at once, uncompressed, before the stream ends", async () => {
    const response = await fetch(`${url}/events`, { headers: { "Accept-Encoding": "gzip, br" } });
    expect(response.headers.get("content-encoding")).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let received = "";
    while (!received.includes("\n\n")) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    // The handler is still waiting: this event can only have come through unbuffered.
    expect(received).toBe('event: delta\ndata: {"text":"first"}\n\n');
    releaseSecond();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      received += decoder.decode(value, { stream: true });
    }
    expect(received).toContain("event: done");
  });

  it("still compresses pages", async () => {
    const response = await fetch(`${url}/page`, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.headers.get("content-encoding")).toBe("gzip");
    // fetch decodes it: the text is the page's, much larger than what travelled.
    const text = await response.text();
    expect(text.length).toBeGreaterThan(gzipSync(text).length * 5);
  });

  it("makes gzip, not brotli, for a client that takes both, and brotli for one that takes only that", async () => {
    const both = await fetch(`${url}/page`, { headers: { "Accept-Encoding": "gzip, deflate, br, zstd" } });
    expect(both.headers.get("content-encoding")).toBe("gzip");
    expect(await both.text()).toContain("a long page");
    const brotliOnly = await fetch(`${url}/page`, { headers: { "Accept-Encoding": "br" } });
    expect(brotliOnly.headers.get("content-encoding")).toBe("br");
    const refused = await fetch(`${url}/page`, { headers: { "Accept-Encoding": "br;q=1, gzip;q=0" } });
    expect(refused.headers.get("content-encoding")).toBe("br");
  });
});
