import type { Server } from "node:http";
import express from "express";
import { listenOnLoopback, stopServer } from "#tests/setup/loopback-server";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contentSecurityPolicy, securityHeaders, staticFileHeaders } from "./security-headers";

/** An app that answers every request with the nonce it was given, on an ephemeral port. */
async function start(options: { development: boolean; trustProxy: boolean }) {
  const app = express();
  if (options.trustProxy) app.set("trust proxy", true);
  app.use(securityHeaders({ development: options.development }));
  app.get("/", (_req, res) => {
    res.json({ nonce: res.locals.cspNonce as unknown });
  });
  return listenOnLoopback(app);
}

/** The CSP as a map from directive name to its sources. */
function directives(policy: string | null): Map<string, string[]> {
  expect(policy).toBeTruthy();
  return new Map(
    policy!
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((tokens) => tokens[0])
      .map(([name, ...sources]) => [name!, sources]),
  );
}

describe("securityHeaders in production", () => {
  let server: Server | undefined;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await start({ development: false, trustProxy: true }));
  });
  afterAll(async () => {
    await stopServer(server);
  });

  it("puts a fresh nonce in the CSP of every response and in res.locals.cspNonce", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 5; i += 1) {
      const response = await fetch(url);
      const { nonce } = (await response.json()) as { nonce: unknown };
      expect(typeof nonce).toBe("string");
      expect(nonce as string).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      const scriptSrc = directives(response.headers.get("content-security-policy")).get("script-src");
      expect(scriptSrc).toContain(`'nonce-${nonce as string}'`);
      nonces.add(nonce as string);
    }
    expect(nonces.size).toBe(5);
  });

  it("allows no eval, no inline scripts and no framing", async () => {
    const response = await fetch(url);
    const policy = response.headers.get("content-security-policy");
    expect(policy).not.toContain("'unsafe-eval'");
    const csp = directives(policy);
    expect(csp.get("script-src")).not.toContain("'unsafe-inline'");
    expect(csp.get("script-src")).not.toContain("*");
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("object-src")).toEqual(["'none'"]);
    expect(csp.get("default-src")).toEqual(["'self'"]);
    expect(csp.get("base-uri")).toEqual(["'self'"]);
    expect(csp.get("form-action")).toEqual(["'self'"]);
    expect(csp.get("connect-src")).toEqual(["'self'"]);
    // Recorded videos play from blob: addresses; no other origin may serve media.
    expect(csp.get("media-src")).toEqual(["'self'", "blob:"]);
  });

  it("sets the other protective headers", async () => {
    const response = await fetch(url);
    expect(response.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    expect(response.headers.get("x-frame-options")).toBe("DENY");
    expect(response.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(response.headers.get("permissions-policy")).toContain("camera=()");
  });

  it("sends HSTS only when the request reached the proxy over HTTPS", async () => {
    const plain = await fetch(url);
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    const forwardedHttp = await fetch(url, { headers: { "X-Forwarded-Proto": "http" } });
    expect(forwardedHttp.headers.get("strict-transport-security")).toBeNull();

    const secure = await fetch(url, { headers: { "X-Forwarded-Proto": "https" } });
    const hsts = secure.headers.get("strict-transport-security");
    expect(hsts).toMatch(/^max-age=(\d+); includeSubDomains$/);
    // At least half a year, which browsers' preload lists ask for.
    expect(Number(/max-age=(\d+)/.exec(hsts!)![1])).toBeGreaterThanOrEqual(180 * 24 * 60 * 60);
  });
});

describe("securityHeaders without a trusted proxy", () => {
  let server: Server | undefined;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await start({ development: false, trustProxy: false }));
  });
  afterAll(async () => {
    await stopServer(server);
  });

  it("ignores a forged X-Forwarded-Proto and sends no HSTS over plain HTTP", async () => {
    const response = await fetch(url, { headers: { "X-Forwarded-Proto": "https" } });
    expect(response.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("securityHeaders in development", () => {
  let server: Server | undefined;
  let url: string;
  beforeAll(async () => {
    ({ server, url } = await start({ development: true, trustProxy: false }));
  });
  afterAll(async () => {
    await stopServer(server);
  });

  it("still forbids eval and framing, and allows the dev server's web socket", async () => {
    const response = await fetch(url);
    const policy = response.headers.get("content-security-policy");
    expect(policy).not.toContain("'unsafe-eval'");
    const csp = directives(policy);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
    expect(csp.get("connect-src")).toEqual(expect.arrayContaining(["'self'", "ws:"]));
    const { nonce } = (await response.json()) as { nonce: string };
    expect(csp.get("script-src")).toContain(`'nonce-${nonce}'`);
  });
});

describe("contentSecurityPolicy", () => {
  it("puts the given nonce into script-src only", () => {
    const policy = contentSecurityPolicy("abc123==", { development: false });
    expect(policy.match(/nonce-/g)).toHaveLength(1);
    expect(directives(policy).get("script-src")).toContain("'nonce-abc123=='");
  });

  it("lets forms lead to the configured sign-in providers, and nowhere else", () => {
    const policy = contentSecurityPolicy("n", { development: false, formActionOrigins: ["https://idp.example"] });
    expect(directives(policy).get("form-action")).toEqual(["'self'", "https://idp.example"]);
  });
});

describe("staticFileHeaders", () => {
  let server: Server | undefined;
  let url: string;
  beforeAll(async () => {
    const app = express();
    app.set("trust proxy", true);
    app.use(staticFileHeaders());
    app.get("/asset.js", (_req, res) => void res.type("text/javascript").send("export {};"));
    ({ server, url } = await listenOnLoopback(app));
  });
  afterAll(() => stopServer(server));

  it("keeps nosniff and HSTS but leaves the document policies off scripts", async () => {
    const plain = await fetch(`${url}/asset.js`);
    expect(plain.headers.get("x-content-type-options")).toBe("nosniff");
    expect(plain.headers.get("strict-transport-security")).toBeNull();
    expect(plain.headers.get("content-security-policy")).toBeNull();
    const secure = await fetch(`${url}/asset.js`, { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
  });
});
