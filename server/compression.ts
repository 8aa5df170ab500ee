import compression from "compression";
import type { RequestHandler } from "express";

/**
 * Responses compressed when the client accepts it, except server-sent events (the content assistant's
 * answers): gzip would hold each event back until enough bytes gathered to be worth a block, and the
 * admin must see the answer as it is written.
 */
export function responseCompression(): RequestHandler {
  return compression({
    filter: (req, res) => {
      const type = res.getHeader("Content-Type");
      if (typeof type === "string" && /^text\/event-stream\b/i.test(type)) return false;
      return compression.filter(req, res);
    },
  });
}
