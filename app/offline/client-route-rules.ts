import { redirect } from "react-router";
import { findRouteRule, type RouteRule } from "#app/route-rules";

/** The route rules of the page's build, once its manifest has been fetched (offline-startup.client.ts). */
let rules: readonly RouteRule[] = [];

export function setClientRouteRules(next: readonly RouteRule[]): void {
  rules = next;
}

/**
 * The root's client middleware: a client-side navigation to a rule's `from` goes straight to its `to`,
 * without asking the server (which would answer the same redirect), so it also works offline.
 */
export function routeRulesClientMiddleware({ request }: { request: Request }): void {
  const url = new URL(request.url);
  const rule = findRouteRule(url.pathname, rules);
  if (rule) throw redirect(`${rule.to}${url.search}`, rule.status);
}
