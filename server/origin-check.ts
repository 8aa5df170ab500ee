import type { RequestHandler } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses state-changing requests that a browser sent from another site.
 * Browsers always send Origin on cross-site POSTs; clients that send neither
 * Origin nor Sec-Fetch-Site are not browsers and cannot carry a victim's cookie.
 */
export function originCheck({ appUrl }: { appUrl: string | undefined }): RequestHandler {
  const configuredOrigin = appUrl ? new URL(appUrl).origin : undefined;
  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    // Without APP_URL, hostCheck has already refused any host but the loopback names; req.protocol
    // and req.host honour X-Forwarded-Proto/-Host when TRUST_PROXY is set.
    const expected = configuredOrigin ?? new URL(`${req.protocol}://${req.host}`).origin;
    const origin = req.get("origin");
    const fetchSite = req.get("sec-fetch-site");
    const allowed = origin !== undefined ? origin === expected : fetchSite === undefined || fetchSite !== "cross-site";
    if (allowed) return next();
    res.status(403).type("text/plain").send("Forbidden: this request came from another site.");
  };
}
