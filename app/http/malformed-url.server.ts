import { createContext, data, type MiddlewareFunction } from "react-router";
import { errorPageShell } from "./error-page-shell.server";
import { decodedPath } from "./decoded-path";

/** Long enough to recognise the address, short enough for a heading. */
const SHOWN_LENGTH = 120;

/**
 * The address as the client sent it, when its path did not decode: the server
 * (server/request-target.ts) escapes such a path before routing, so nothing on
 * the way trips over it, and hands the original on here.
 */
export const malformedUrlContext = createContext<string | null>(null);

/**
 * Refuses an address no page can have, before any loader or action reads it:
 * a path whose %-escapes do not decode to UTF-8, or a NUL character anywhere
 * (which PostgreSQL cannot store or compare). The answer is a 400 on the normal
 * error page, instead of the exception a route's decodeURIComponent would throw.
 */
export const refuseMalformedUrlMiddleware: MiddlewareFunction = ({ request, context }) => {
  const url = new URL(request.url);
  const original = context.get(malformedUrlContext);
  // React Router gives the page's address, a data request's without its .data: the original is shown the same way.
  const path = original === null ? url.pathname : original.split("?", 1)[0]!.replace(/\.data$/, "");
  const problem = malformedUrlProblem(path, url.search);
  if (!problem) return;
  const address = `${path}${url.search}`;
  const shown = address.length > SHOWN_LENGTH ? `${address.slice(0, SHOWN_LENGTH)}…` : address;
  throw data(
    {
      message: `This address is not valid: ${shown} ${problem}.`,
      ...errorPageShell(request, context),
    },
    { status: 400 },
  );
};

/** What is wrong with an address's path (as sent) and query, or null when nothing is. */
export function malformedUrlProblem(path: string, search: string): string | null {
  const decoded = decodedPath(path);
  if (decoded === null) return "contains a broken %-escape";
  if (decoded.includes("\0") || search.includes("%00")) return "contains a NUL character";
  return null;
}
