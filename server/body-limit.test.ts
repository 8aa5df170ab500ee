import http, { type Server } from "node:http";
import net from "node:net";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, stopServer } from "#tests/setup/loopback-server";
import { bodyLimit, MAX_BODY_BYTES } from "./body-limit";

const LIMIT = 1000;

interface Reply {
  status: number;
  body: string;
}

/**
 * A raw request, so the test controls the framing: with `chunked` the body is
 * sent with Transfer-Encoding: chunked and no Content-Length.
 */
function send(port: number, method: string, body: string | undefined, options: { chunked?: boolean } = {}) {
  return new Promise<Reply>((resolve, reject) => {
    const headers: Record<string, string> = {};
    if (body !== undefined && !options.chunked) headers["Content-Length"] = String(Buffer.byteLength(body));
    const request = http.request({ host: "127.0.0.1", port, method, path: "/submit", headers, agent: false }, (res) => {
      let text = "";
      res.setEncoding("utf8");
      res.on("data", (chunk: string) => (text += chunk));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    // The server may answer and close before it has read the whole body.
    request.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE" && error.code !== "ECONNRESET") reject(error);
    });
    if (body !== undefined && options.chunked) {
      request.write(body.slice(0, 1));
      request.end(body.slice(1));
    } else {
      request.end(body);
    }
  });
}

describe("bodyLimit", () => {
  let server: Server | undefined;
  let port: number;
  beforeAll(async () => {
    const app = express();
    app.use(bodyLimit(LIMIT));
    app.all("/submit", express.text({ type: () => true, limit: "10mb" }), (req, res) => {
      res.type("text/plain").send(`read ${typeof req.body === "string" ? req.body.length : 0}`);
    });
    let url: string;
    ({ server, url } = await listenOnLoopback(app));
    port = Number(new URL(url).port);
  });
  afterAll(() => stopServer(server));

  it("lets a body up to the limit through", async () => {
    expect(await send(port, "POST", "x".repeat(LIMIT))).toEqual({ status: 200, body: `read ${LIMIT}` });
    expect(await send(port, "POST", "x")).toEqual({ status: 200, body: "read 1" });
  });

  it("lets an empty POST through", async () => {
    expect((await send(port, "POST", "")).status).toBe(200);
    expect((await send(port, "POST", undefined)).status).toBe(200);
  });

  it("refuses a body one byte over the limit with 413 before the handler reads it", async () => {
    const reply = await send(port, "POST", "x".repeat(LIMIT + 1));
    expect(reply.status).toBe(413);
    expect(reply.body).toContain(String(LIMIT));
    expect(reply.body).not.toContain("read");
  });

  it("counts bytes, not characters", async () => {
    // 400 three-byte characters are 1200 bytes.
    expect((await send(port, "POST", "€".repeat(400))).status).toBe(413);
  });

  it.each(["PUT", "PATCH", "DELETE"])("limits %s bodies too", async (method) => {
    expect((await send(port, method, "x".repeat(LIMIT + 1))).status).toBe(413);
  });

  it("refuses a chunked body without a length with 411, however small", async () => {
    const reply = await send(port, "POST", "tiny", { chunked: true });
    expect(reply.status).toBe(411);
    expect(reply.body).not.toContain("read");
    expect((await send(port, "POST", "x".repeat(LIMIT * 5), { chunked: true })).status).toBe(411);
  });

  it("leaves GET requests alone, even with a large body", async () => {
    expect((await send(port, "GET", undefined)).status).toBe(200);
    expect((await send(port, "GET", "x".repeat(LIMIT * 2))).status).toBe(200);
  });
});

describe("bodyLimit with its default", () => {
  it("refuses a declared body of one megabyte and a byte, without waiting for it", async () => {
    const app = express();
    app.use(bodyLimit());
    app.post("/submit", (_req, res) => void res.send("handled"));
    const { server, url } = await listenOnLoopback(app);
    try {
      const port = Number(new URL(url).port);
      const statusLine = (length: number) =>
        new Promise<string>((resolve, reject) => {
          // Only the headers are sent: the answer must not depend on the body arriving.
          const socket = net.connect(port, "127.0.0.1", () => {
            socket.write(`POST /submit HTTP/1.1\r\nHost: localhost\r\nContent-Length: ${length}\r\n\r\n`);
          });
          socket.setEncoding("utf8");
          socket.once("data", (data: string) => {
            socket.destroy();
            resolve(data.split("\r\n")[0]!);
          });
          socket.on("error", reject);
        });
      expect(MAX_BODY_BYTES).toBe(1024 * 1024);
      expect(await statusLine(MAX_BODY_BYTES + 1)).toMatch(/^HTTP\/1\.1 413 /);
      expect(await statusLine(10 * 1024 * 1024 * 1024)).toMatch(/^HTTP\/1\.1 413 /);
    } finally {
      await stopServer(server);
    }
  });
});
