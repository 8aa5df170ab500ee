import type { MiddlewareFunction } from "react-router";
import { userContext } from "./request-context";

/** The areas whose pages and data only ever show one person's things, signed in or not. */
const PRIVATE_AREAS = /^\/(?:profile|admin|chapter|quiz|practice)(?:[/.]|$)/;

export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * Keeps personal answers out of shared caches and off the disk: every answer
 * to a signed-in visitor, every answer that sets a cookie, and everything in
 * the private areas (`.data` requests included) is `private, no-store`. Static
 * files never reach React Router, so they keep their long cache lifetimes.
 */
export const privateCacheMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const response = await next();
  if (
    context.get(userContext) !== null ||
    response.headers.has("Set-Cookie") ||
    PRIVATE_AREAS.test(new URL(request.url).pathname)
  ) {
    response.headers.set("Cache-Control", PRIVATE_CACHE_CONTROL);
  }
  return response;
};
