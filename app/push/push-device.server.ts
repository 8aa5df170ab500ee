import { createHmac } from "node:crypto";
import { getSessionSecret } from "#app/auth/session.server";

/**
 * What the page knows of its session for web push: `<account>.<session>`, each a keyed hash, so the
 * browser can tell that the session changed (its subscription belongs to the session, and a new one
 * has none yet) and whether the account did (another account never inherits this browser's
 * subscription), without being handed anything that leads back to either.
 */
export function pushDeviceOf(sessionId: string | null, userId: string | null): string | null {
  if (sessionId === null || userId === null) return null;
  return `${keyedHash(`push-account:${userId}`)}.${keyedHash(`push-device:${sessionId}`)}`;
}

function keyedHash(text: string): string {
  return createHmac("sha256", getSessionSecret()).update(text).digest().subarray(0, 12).toString("base64url");
}
