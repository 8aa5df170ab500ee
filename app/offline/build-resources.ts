import type { RouteRule } from "#app/route-rules";

/*
 * The two build files are read with plain checks, not zod (ADR 0019): this code runs on every page just
 * after it loads, where zod would add 12–25 KB gzipped to each. They are our own server's JSON; a wrong
 * shape reads as "cannot be told now", never as data.
 */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null;
const REDIRECT_STATUSES: readonly unknown[] = [301, 302, 307, 308];

/** /builds/latest.json: the build the server runs now (app/routes/resources/builds-latest.ts). */
function readLatestBuild(json: unknown): { id: string } | null {
  if (!isRecord(json) || typeof json.id !== "string" || json.id === "" || typeof json.timestamp !== "string") {
    return null;
  }
  return { id: json.id };
}

function readRouteRule(json: unknown): RouteRule | null {
  if (!isRecord(json) || typeof json.from !== "string" || typeof json.to !== "string") return null;
  // A rule never sends a client-side navigation off this site.
  if (!json.from.startsWith("/") || !/^\/(?!\/)/.test(json.to)) return null;
  if (!REDIRECT_STATUSES.includes(json.status)) return null;
  return { from: json.from, to: json.to, status: json.status as RouteRule["status"] };
}

/** /builds/meta/{id}.json: a build's manifest (app/routes/resources/builds-meta.ts); one bad rule voids it. */
function readBuildRouteRules(json: unknown): RouteRule[] | null {
  if (!readLatestBuild(json) || !isRecord(json) || !Array.isArray(json.routeRules)) return null;
  const rules = json.routeRules.map(readRouteRule);
  return rules.every((rule): rule is RouteRule => rule !== null) ? rules : null;
}

async function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The id of the build the server runs, or null when it cannot be told now (offline, restarting). */
export async function fetchLatestBuildId(): Promise<string | null> {
  try {
    // The timestamp keeps every cache in between out of it, as SPEC.md §3 asks.
    return readLatestBuild(await fetchJson(`/builds/latest.json?${Date.now()}`, { cache: "no-store" }))?.id ?? null;
  } catch {
    return null;
  }
}

/** The route rules a build publishes; null when its manifest cannot be had (offline, or a newer build runs). */
export async function fetchBuildRouteRules(buildId: string): Promise<RouteRule[] | null> {
  try {
    return readBuildRouteRules(await fetchJson(`/builds/meta/${encodeURIComponent(buildId)}.json`));
  } catch {
    return null;
  }
}
