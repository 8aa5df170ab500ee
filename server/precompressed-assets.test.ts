import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listenOnLoopback, stopServer } from "#tests/setup/loopback-server";
import { responseCompression } from "./compression";
import { precompressedAssets } from "./precompressed-assets";

const script = `export const words = ${JSON.stringify("a script long enough to compress ".repeat(200))};\n`;
const style = `body { color: black; }\n`.repeat(100);

/** The raw answer, bytes as sent (fetch would decode them). */
function get(url: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>(
    (resolve, reject) => {
      const outgoing = request(url, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      outgoing.on("error", reject);
      outgoing.end();
    },
  );
}

describe("precompressedAssets", () => {
  let server: Server | undefined;
  let url = "";
  const dir = mkdtempSync(path.join(tmpdir(), "numberlab-assets-"));

  beforeAll(async () => {
    writeFileSync(path.join(dir, "app-abc123.js"), script);
    writeFileSync(path.join(dir, "app-abc123.js.br"), brotliCompressSync(script));
    writeFileSync(path.join(dir, "style-def456.css"), style);
    const app = express();
    app.use(responseCompression());
    app.use("/assets", precompressedAssets(dir));
    app.use("/assets", express.static(dir, { immutable: true, maxAge: "1y" }));
    app.use("/assets", (_req, res) => void res.sendStatus(404));
    ({ server, url } = await listenOnLoopback(app));
  });
  afterAll(async () => {
    await stopServer(server);
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends the brotli copy, as the script it is, to a browser that accepts brotli", async () => {
    const answer = await get(`${url}/assets/app-abc123.js`, { "Accept-Encoding": "gzip, deflate, br, zstd" });
    expect(answer.status).toBe(200);
    expect(answer.headers["content-encoding"]).toBe("br");
    expect(answer.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(answer.headers["vary"]).toContain("Accept-Encoding");
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(answer.body).toString()).toBe(script);
  });

  it("falls through to the plain file (gzipped on the fly, or as it is) for other browsers", async () => {
    const gzip = await get(`${url}/assets/app-abc123.js`, { "Accept-Encoding": "gzip" });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gzip.headers["vary"]).toContain("Accept-Encoding");
    expect(gunzipSync(gzip.body).toString()).toBe(script);
    const plain = await get(`${url}/assets/app-abc123.js`, { "Accept-Encoding": "identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const refused = await get(`${url}/assets/app-abc123.js`, { "Accept-Encoding": "br;q=0, gzip" });
    expect(refused.headers["content-encoding"]).toBe("gzip");
  });

  it("leaves files without a copy, other methods and unknown or crafted paths alone", async () => {
    // No copy: the plain file, compressed on the fly at brotli's quick setting.
    const css = await get(`${url}/assets/style-def456.css`, { "Accept-Encoding": "br" });
    expect(css.status).toBe(200);
    expect(css.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(css.body).toString()).toBe(style);
    const head = await get(`${url}/assets/app-abc123.js`, { "Accept-Encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBe("br");
    expect(head.body.length).toBe(0);
    const post = await get(`${url}/assets/app-abc123.js`, { "Accept-Encoding": "br" }, "POST");
    expect(post.status).toBe(404);
    for (const crafted of ["app-abc123.js.br.br", "..%2Fapp-abc123.js", "missing.js", "app-abc123.js%00"]) {
      const answer = await get(`${url}/assets/${crafted}`, { "Accept-Encoding": "br" });
      expect([400, 403, 404], crafted).toContain(answer.status);
    }
  });
});
