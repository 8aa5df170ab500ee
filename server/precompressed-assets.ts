import { readdirSync } from "node:fs";
import path from "node:path";
import type { RequestHandler } from "express";

const IMMUTABLE = "public, max-age=31536000, immutable";

/**
 * Serves the brotli copies the build wrote beside the hashed assets (scripts/precompress-assets.ts) to
 * browsers that accept brotli; everything else falls through to the plain files (and on-the-fly gzip).
 * The list of copies is read once: a build's assets never change while it runs.
 */
export function precompressedAssets(assetsDir: string): RequestHandler {
  const compressed = new Set(
    readdirSync(assetsDir)
      .filter((name) => name.endsWith(".br"))
      .map((name) => name.slice(0, -".br".length)),
  );
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    if (!compressed.has(name)) return next();
    // Caches must keep the brotli and the plain answer apart, whatever this request gets.
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("br") !== "br") return next();
    res.setHeader("Content-Encoding", "br");
    res.type(path.extname(name));
    res.setHeader("Cache-Control", IMMUTABLE);
    const options = { root: assetsDir, cacheControl: false, etag: false, lastModified: false };
    res.sendFile(`${name}.br`, options, (error) => {
      if (error && !res.headersSent) next(error);
    });
  };
}
