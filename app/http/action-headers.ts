import type { HeadersFunction } from "react-router";

/** Passes an action's Retry-After (set when a form is rate limited) on to the document response. */
export const retryAfterHeaders: HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers();
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
