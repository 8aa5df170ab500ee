import compression from "compression";
import type { Request, RequestHandler } from "express";

/**
 * Responses compressed when the client accepts it, except server-sent events (the content assistant's
 * answers): gzip would hold each event back until enough bytes gathered to be worth a block, and the
 * admin must see the answer as it is written.
 *
 * Made here, on the fly, they are gzip whenever the client takes gzip, even if it also takes brotli:
 * under load (npm run bench:load, docs/performance.md) brotli streams made pages 2 to 3 times slower than
 * gzip: each one allocates megabytes outside the heap, and the garbage collector of the server's large heap
 * pays for it. Brotli stays for the hashed assets, whose copies the build compressed (precompressed-assets.ts).
 */
export function responseCompression(): RequestHandler {
  const compress = compression({
    filter: (req, res) => {
      const type = res.getHeader("Content-Type");
      if (typeof type === "string" && /^text\/event-stream\b/i.test(type)) return false;
      return compression.filter(req, res);
    },
  });
  return (req, res, next) => {
    if (req.acceptsEncodings("gzip") !== "gzip") return compress(req, res, next);
    // The middleware reads the header when the response starts: it gets a view of the request offering gzip.
    const headers = { ...req.headers, "accept-encoding": "gzip" };
    compress(Object.create(req, { headers: { value: headers } }) as Request, res, next);
  };
}
