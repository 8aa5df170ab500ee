import { createHmac } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { getSessionSecret } from "#app/auth/session.server";
import { userContext } from "#app/http/request-context";
import { CACHE_PARTITION_HEADER, GUEST_PARTITION } from "./offline-config";

/**
 * The offline cache partition of an account: a keyed hash of its id, stable across sign-ins
 * (so a learner's queued answers survive a new session) and meaningless to anyone without the
 * session secret. Guests share one partition.
 */
export function cachePartitionOf(userId: string | null): string {
  if (userId === null) return GUEST_PARTITION;
  const digest = createHmac("sha256", getSessionSecret()).update(`offline-cache-partition:${userId}`).digest();
  return `u-${digest.subarray(0, 16).toString("base64url")}`;
}

/** Labels every page and `.data` answer with its partition, so the service worker files it under the right account. */
export const cachePartitionMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const response = await next();
  response.headers.set(CACHE_PARTITION_HEADER, cachePartitionOf(context.get(userContext)?.id ?? null));
  return response;
};
