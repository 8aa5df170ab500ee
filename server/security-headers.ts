import { randomBytes } from "node:crypto";
import type { RequestHandler, Response } from "express";

const HSTS_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The Content-Security-Policy for one response. Scripts need the per-request
 * nonce ('strict-dynamic' lets them load the route chunks they import);
 * inline styles stay allowed because Emotion and KaTeX set style attributes.
 */
export interface PolicyOptions {
  development: boolean;
  /** Other origins a form may lead to: the OpenID providers a sign-in button posts to, then redirects to. */
  formActionOrigins?: string[];
}

export function contentSecurityPolicy(nonce: string, { development, formActionOrigins = [] }: PolicyOptions) {
  const directives = [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-inline'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    // A video recorded in the page (/tests/makevideo) is previewed from a blob: address.
    "media-src 'self' blob:",
    "font-src 'self' data:",
    `connect-src 'self'${development ? " ws: wss:" : ""}`,
    "worker-src 'self' blob:",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    ["form-action 'self'", ...formActionOrigins].join(" "),
    "frame-ancestors 'none'",
  ];
  return directives.join("; ");
}

export function securityHeaders(options: PolicyOptions): RequestHandler {
  return (req, res, next) => {
    const nonce = randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce, options));
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Cross-Origin-Opener-Policy", "same-origin");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()");
    setTransportHeaders(req.secure, res);
    next();
  };
}

/** For static files: no sniffing into another type, and HSTS; page policies do not apply to them. */
export function staticFileHeaders(): RequestHandler {
  return (req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    setTransportHeaders(req.secure, res);
    next();
  };
}

function setTransportHeaders(secure: boolean, res: Response): void {
  // HSTS only means something over HTTPS; on plain HTTP browsers ignore it anyway.
  if (secure) res.setHeader("Strict-Transport-Security", `max-age=${HSTS_MAX_AGE_SECONDS}; includeSubDomains`);
}
