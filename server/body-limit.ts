import type { RequestHandler } from "express";

/** Forms here are small; anything larger is refused before it is read into memory. */
export const MAX_BODY_BYTES = 1024 * 1024;

export function bodyLimit(maxBytes = MAX_BODY_BYTES): RequestHandler {
  return (req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const length = req.get("content-length");
    if (length === undefined) {
      if (req.get("transfer-encoding") === undefined) return next();
      res.status(411).type("text/plain").send("Length Required: send a Content-Length header.");
      return;
    }
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) {
      res.status(413).type("text/plain").send(`Payload Too Large: at most ${maxBytes} bytes.`);
      return;
    }
    next();
  };
}
