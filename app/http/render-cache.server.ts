import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { EntryContext } from "react-router";

/**
 * Rendered documents kept across requests (docs/decisions/0021-render-cache.md). A page's render is a
 * function of its URL and the router's state (loader data, status), so that state is the key: two requests
 * with the same data get the same markup, and anything that differs (the signed-in reader, their marks, a
 * new lesson revision, a setting an admin changed) makes another key. The loaders still run every time.
 * Only routes whose render reads nothing else say so with `handle: { cacheRender: true }`.
 *
 * The CSP nonce, new for every response, is kept out: a document is stored split around it, as text and
 * gzipped. Each part is deflated on its own and flushed whole (Z_FULL_FLUSH: no reference reaches back
 * into the part before), so the parts and the nonce, deflated alone, chain into one valid gzip stream:
 * a cached chapter of megabytes is sent without being compressed again.
 */

/** A route module's `handle` that opts its documents in. */
export interface RenderCacheHandle {
  cacheRender?: boolean;
}

/** Room for a few dozen chapter pages (about 2.4 MB each, plus their gzip copy) and many small ones. */
const MAX_BYTES = 128 * 1024 * 1024;
const MAX_ENTRIES = 1_000;

const FULL_FLUSH = { finishFlush: zlib.constants.Z_FULL_FLUSH };
/** A gzip member's header (deflate, no name, no time, Unix) and the deflate stream's last, empty block. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const FINAL_BLOCK = Buffer.from([3, 0]);

interface Entry {
  parts: Buffer[];
  deflated: Buffer[];
  bytes: number;
}

export class RenderCache {
  readonly #entries = new Map<string, Entry>();
  #bytes = 0;

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private readonly maxEntries = MAX_ENTRIES,
  ) {}

  /**
   * The document stored under `key` with `nonce` put back, gzipped when asked, or undefined. Bytes, not a
   * string: a response made from a string of megabytes is checked and encoded again on every request.
   */
  get(key: string, nonce: string, { gzip }: { gzip: boolean }): Uint8Array<ArrayBuffer> | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    // Refresh its place: the least recently used document goes first.
    this.#entries.delete(key);
    this.#entries.set(key, entry);
    const separator = Buffer.from(nonce);
    if (!gzip) return concat(interleave(entry.parts, separator));
    let crc = 0;
    let length = 0;
    for (const part of interleave(entry.parts, separator)) {
      crc = zlib.crc32(part, crc);
      length += part.length;
    }
    const trailer = Buffer.alloc(8);
    trailer.writeUInt32LE(crc >>> 0, 0);
    trailer.writeUInt32LE(length >>> 0, 4);
    const body = interleave(entry.deflated, zlib.deflateRawSync(separator, FULL_FLUSH));
    return concat([GZIP_HEADER, ...body, FINAL_BLOCK, trailer]);
  }

  set(key: string, html: string, nonce: string): void {
    const parts = html.split(nonce).map((part) => Buffer.from(part));
    const deflated = parts.map((part) => zlib.deflateRawSync(part, FULL_FLUSH));
    const bytes = [...parts, ...deflated].reduce((sum, part) => sum + part.length, 0);
    if (bytes > this.maxBytes) return;
    this.delete(key);
    this.#entries.set(key, { parts, deflated, bytes });
    this.#bytes += bytes;
    while (this.#bytes > this.maxBytes || this.#entries.size > this.maxEntries) {
      this.delete(this.#entries.keys().next().value as string);
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.#entries.size, bytes: this.#bytes };
  }

  private delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }
}

/** Whether an Accept-Encoding header takes gzip (named, with a weight above 0). */
export function acceptsGzip(header: string | null): boolean {
  return (header ?? "").split(",").some((item) => {
    const [name, ...params] = item.split(";").map((word) => word.trim().toLowerCase());
    const weight = params.find((param) => param.startsWith("q="));
    return name === "gzip" && (weight === undefined || Number(weight.slice(2)) > 0);
  });
}

function interleave(parts: Buffer[], separator: Buffer): Buffer[] {
  return parts.flatMap((part, index) => (index === 0 ? [part] : [separator, part]));
}

function concat(buffers: Buffer[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(buffers.reduce((sum, buffer) => sum + buffer.length, 0));
  let at = 0;
  for (const buffer of buffers) {
    out.set(buffer, at);
    at += buffer.length;
  }
  return out;
}

/**
 * The key of a document render, or null when it must be rendered: a route that has not opted in, a
 * nonce-less (development) response, an error, an action's answer, or data JSON cannot tell apart
 * (a promise still streaming, a Map, a BigInt).
 */
export function renderCacheKey(
  url: string,
  status: number,
  nonce: string,
  context: Pick<EntryContext, "routeModules" | "staticHandlerContext">,
): string | null {
  const { loaderData, actionData, errors, matches } = context.staticHandlerContext;
  const leaf = matches.at(-1)?.route.id;
  const handle = leaf ? (context.routeModules[leaf]?.handle as RenderCacheHandle | undefined) : undefined;
  if (!handle?.cacheRender || !nonce || status !== 200 || errors || actionData) return null;
  let opaque = false;
  let json: string;
  try {
    json = JSON.stringify([url, matches.map((match) => match.route.id), loaderData], (_key, value: unknown) => {
      if (value instanceof Promise || value instanceof Map || value instanceof Set) opaque = true;
      return value;
    });
  } catch {
    return null;
  }
  return opaque ? null : createHash("sha256").update(json).digest("base64url");
}
