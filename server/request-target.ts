import type { RequestHandler } from "express";
import { decodedPath } from "#app/http/decoded-path";

/** A host name, IPv4 or bracketed IPv6 address, with an optional port: what a browser sends as Host. */
const HOST = /^(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9._~-]+)(?::\d{1,5})?$/;

/**
 * Refuses, with a 400, requests that cannot be turned into a URL: a request
 * target that is not a path (`*`, or an absolute URL as sent to a proxy), or a
 * missing or malformed Host (or X-Forwarded-Host, when the proxy is trusted).
 * Without this, building the request's URL for React Router or the origin
 * check throws, and the answer is a 500. A path whose %-escapes do not decode
 * goes on escaped, with the original in `res.locals.malformedUrl`, for React
 * Router to answer on its error page (app/http/malformed-url.server.ts).
 */
export function requestTargetCheck(): RequestHandler {
  return (req, res, next) => {
    if (!req.originalUrl.startsWith("/")) {
      res.status(400).type("text/plain").send("Bad Request: the request target must be a path starting with /.");
      return;
    }
    // req.host honours X-Forwarded-Host when TRUST_PROXY is set, as the URL built from it does.
    const host = req.host;
    if (!host || !HOST.test(host) || !URL.canParse(`${req.protocol}://${host}${req.originalUrl}`)) {
      res.status(400).type("text/plain").send("Bad Request: the Host header does not name a valid host.");
      return;
    }
    const queryStart = req.originalUrl.indexOf("?");
    const path = queryStart === -1 ? req.originalUrl : req.originalUrl.slice(0, queryStart);
    if (decodedPath(path) === null) {
      // Escaped, the path matches no page and trips nothing on the way (the router would log a warning
      // for each such request); the root middleware answers 400 naming the address as it was sent.
      res.locals.malformedUrl = req.originalUrl;
      const escaped = `${path.replaceAll("%", "%25")}${queryStart === -1 ? "" : req.originalUrl.slice(queryStart)}`;
      req.url = escaped;
      req.originalUrl = escaped;
    }
    next();
  };
}
