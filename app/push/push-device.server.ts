import { createHmac } from "node:crypto";
import { getSessionSecret } from "#app/auth/session.server";

/**
 * What the page knows of its session for web push: a keyed hash of the session's id, so the browser
 * can tell that the account or session changed (its subscription belongs to the session, and a new
 * one has none yet) without being handed anything that leads back to the session.
 */
export function pushDeviceOf(sessionId: string | null): string | null {
  if (sessionId === null) return null;
  return createHmac("sha256", getSessionSecret())
    .update(`push-device:${sessionId}`)
    .digest()
    .subarray(0, 12)
    .toString("base64url");
}
