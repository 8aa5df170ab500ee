import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import type { EntryContext } from "react-router";
import { acceptsGzip, RenderCache, renderCacheKey } from "./render-cache.server";

const plain = { gzip: false };
const text = (bytes: Uint8Array | undefined) => (bytes ? Buffer.from(bytes).toString("utf8") : undefined);

/** The part of the router's state the key reads: a root route and one page with `handle` and data. */
function routerState({
  loaderData = {},
  handle = { cacheRender: true },
  errors = null,
  actionData = null,
}: {
  loaderData?: Record<string, unknown>;
  handle?: unknown;
  errors?: Record<string, unknown> | null;
  actionData?: Record<string, unknown> | null;
} = {}) {
  return {
    routeModules: { root: {}, page: { handle } },
    staticHandlerContext: {
      loaderData,
      actionData,
      errors,
      matches: [{ route: { id: "root" } }, { route: { id: "page" } }],
    },
  } as unknown as Pick<EntryContext, "routeModules" | "staticHandlerContext">;
}

describe("renderCacheKey", () => {
  const url = "http://localhost/chapter/primes";
  const reader = (email: string, read: string[]) => ({ root: { user: { email } }, page: { read } });

  it("gives one key for the same data and another when the reader or the revision differs", () => {
    const key = renderCacheKey(url, 200, "n0nce", routerState({ loaderData: reader("a@example.org", ["s1"]) }));
    expect(key).toEqual(
      renderCacheKey(url, 200, "other", routerState({ loaderData: reader("a@example.org", ["s1"]) })),
    );
    const others = [
      renderCacheKey(url, 200, "n0nce", routerState({ loaderData: reader("b@example.org", ["s1"]) })),
      renderCacheKey(url, 200, "n0nce", routerState({ loaderData: reader("a@example.org", ["s1", "s2"]) })),
      renderCacheKey(`${url}?x=1`, 200, "n0nce", routerState({ loaderData: reader("a@example.org", ["s1"]) })),
      renderCacheKey(
        url,
        200,
        "n0nce",
        routerState({ loaderData: { ...reader("a@example.org", ["s1"]), blocks: ["rev2.0"] } }),
      ),
    ];
    expect(key).not.toBeNull();
    expect(new Set([key, ...others]).size).toBe(5);
  });

  it("renders instead of keeping what it cannot key or must not keep", () => {
    expect(renderCacheKey(url, 200, "n0nce", routerState({ handle: {} }))).toBeNull();
    expect(renderCacheKey(url, 200, "", routerState())).toBeNull();
    expect(renderCacheKey(url, 404, "n0nce", routerState())).toBeNull();
    expect(renderCacheKey(url, 200, "n0nce", routerState({ errors: { page: new Error("x") } }))).toBeNull();
    expect(renderCacheKey(url, 200, "n0nce", routerState({ actionData: { page: { ok: true } } }))).toBeNull();
    const streaming = Promise.resolve(1);
    expect(renderCacheKey(url, 200, "n0nce", routerState({ loaderData: { page: { later: streaming } } }))).toBeNull();
    expect(renderCacheKey(url, 200, "n0nce", routerState({ loaderData: { page: new Map([[1, 2]]) } }))).toBeNull();
    expect(renderCacheKey(url, 200, "n0nce", routerState({ loaderData: { page: 1n } }))).toBeNull();
  });
});

describe("RenderCache", () => {
  it("gives the document back with each response's own nonce, as text and as one gzip stream", () => {
    const cache = new RenderCache();
    const page = (nonce: string) =>
      `<script nonce="${nonce}">1</script><p>${"π ≡ 3 (mod 7) ".repeat(5_000)}</p><script nonce="${nonce}">2</script>`;
    cache.set("k", page("AAAA"), "AAAA");
    expect(text(cache.get("k", "BBBB", plain))).toBe(page("BBBB"));
    const gzipped = cache.get("k", "CCCC", { gzip: true })!;
    expect(gzipped.length).toBeLessThan(page("CCCC").length / 10);
    // gunzip checks the stream's CRC and length too.
    expect(gunzipSync(gzipped).toString("utf8")).toBe(page("CCCC"));
    expect(cache.get("missing", "BBBB", { gzip: true })).toBeUndefined();
  });

  it("reads whether a client takes gzip", () => {
    expect(acceptsGzip("gzip, deflate, br, zstd")).toBe(true);
    expect(acceptsGzip("br;q=1.0, GZIP;q=0.5")).toBe(true);
    expect(acceptsGzip("br, gzip;q=0")).toBe(false);
    expect(acceptsGzip("br")).toBe(false);
    expect(acceptsGzip(null)).toBe(false);
  });

  it("stays within its bytes and entries, dropping the least recently used first", () => {
    // Each document counts its text and its gzip copy: here 100 bytes of text and a few of gzip.
    const probe = new RenderCache();
    probe.set("x", "x".repeat(100), "N");
    const bytes = probe.size.bytes;
    const cache = new RenderCache(bytes * 3, 3);
    cache.set("a", "a".repeat(100), "N");
    cache.set("b", "b".repeat(100), "N");
    cache.set("c", "c".repeat(100), "N");
    cache.get("a", "N", plain);
    cache.set("d", "d".repeat(100), "N");
    expect(cache.size).toEqual({ entries: 3, bytes: bytes * 3 });
    expect(cache.get("b", "N", plain)).toBeUndefined();
    expect(text(cache.get("a", "N", plain))).toBe("a".repeat(100));
    cache.set("a", "a".repeat(100), "N");
    expect(cache.size).toEqual({ entries: 3, bytes: bytes * 3 });
    cache.set("huge", "h".repeat(2_000), "N");
    expect(cache.get("huge", "N", plain)).toBeUndefined();
    expect(cache.size.entries).toBe(3);
    const fewer = new RenderCache(bytes * 100, 2);
    for (const key of ["a", "b", "c"]) fewer.set(key, key.repeat(100), "N");
    expect(fewer.size.entries).toBe(2);
    expect(fewer.get("a", "N", plain)).toBeUndefined();
  });
});
