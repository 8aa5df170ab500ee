/**
 * The one declared table of route rules (redirects). app/routes.ts turns each
 * rule into a route, and /builds/meta/{buildId}.json publishes the table.
 */
export interface RouteRule {
  from: string;
  to: string;
  status: 301 | 302 | 307 | 308;
}

export const routeRules: RouteRule[] = [
  // The duplicate copy route of the original site.
  { from: "/prime-factorization-engine-copy", to: "/prime-factorization-engine", status: 301 },
];

/** The rule for `pathname` (a trailing slash ignored) in `rules`: the declared table, or a build's manifest. */
export function findRouteRule(pathname: string, rules: readonly RouteRule[] = routeRules): RouteRule | undefined {
  const normalized = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return rules.find((rule) => rule.from === normalized);
}
