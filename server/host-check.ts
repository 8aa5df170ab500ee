import type { RequestHandler } from "express";
import { logEvent } from "./request-log";

/**
 * Refuses requests for a host the server does not serve (see servedHostsOf):
 * without APP_URL that is any name but the loopback ones, so a forged Host
 * header, a DNS rebinding page or a deployment that forgot APP_URL meets a
 * clear 421 instead of pages whose links would name the wrong site. The host
 * is the one the browser used: X-Forwarded-Host from a trusted proxy
 * (TRUST_PROXY), else Host.
 */
export function hostCheck({
  servedHosts,
  publicOrigin,
}: {
  servedHosts: ReadonlySet<string> | null;
  publicOrigin: string;
}): RequestHandler {
  let warned = false;
  const message =
    `421 Misdirected Request: without APP_URL this server answers only at ${publicOrigin} ` +
    "(or 127.0.0.1 and [::1] on the same port). To serve it at another address, set APP_URL " +
    "to that address, e.g. APP_URL=https://numberlab.example (see docs/configuring.md).\n";
  return (req, res, next) => {
    // Express leaves req.host undefined when a request names no host at all (HTTP/1.0).
    const host = (req.host as string | undefined)?.toLowerCase();
    if (servedHosts === null || (host !== undefined && servedHosts.has(host))) return next();
    if (!warned) {
      warned = true;
      logEvent("refused a request for a host this server does not serve; set APP_URL", { publicOrigin }, "warn");
    }
    res.status(421).type("text/plain").send(message);
  };
}
