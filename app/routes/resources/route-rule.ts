import { redirect } from "react-router";
import { findRouteRule } from "#app/route-rules";
import type { Route } from "./+types/route-rule";

/** Serves every rule of app/route-rules.ts; the query string is kept. */
export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const rule = findRouteRule(url.pathname);
  if (!rule) throw new Error(`No route rule for ${url.pathname}`);
  return redirect(`${rule.to}${url.search}`, rule.status);
}
