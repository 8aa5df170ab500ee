/**
 * The cookies that carry a sign-in flow's token (app/models/auth-flow.server.ts)
 * between the step that starts it and the one that finishes it: httpOnly,
 * sent only to `path`, gone when the flow expires. An empty token clears it.
 * Over HTTPS the name takes the __Secure- prefix, so a plain-HTTP page cannot
 * plant a flow of its own (__Host- would need path /).
 */
export interface FlowCookieOptions {
  path: string;
  maxAgeSeconds: number;
  /** Lax when the flow returns from another site (an OpenID provider), Strict otherwise. */
  sameSite: "Lax" | "Strict";
  secure: boolean;
}

export function flowCookie(name: string, token: string, options: FlowCookieOptions): string {
  const maxAge = token === "" ? 0 : options.maxAgeSeconds;
  return `${flowCookieName(name, options.secure)}=${token}; Path=${options.path}; Max-Age=${maxAge}; HttpOnly; SameSite=${options.sameSite}${options.secure ? "; Secure" : ""}`;
}

function flowCookieName(name: string, secure: boolean): string {
  return secure ? `__Secure-${name}` : name;
}

/** A flow token from the request's cookies; tokens are base64url, anything else is ignored. */
export function readFlowCookie(request: Request, name: string, { secure }: { secure: boolean }): string | undefined {
  const cookieName = flowCookieName(name, secure);
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator === -1 || part.slice(0, separator).trim() !== cookieName) continue;
    const value = part.slice(separator + 1).trim();
    if (/^[A-Za-z0-9_-]{1,100}$/.test(value)) return value;
  }
  return undefined;
}
