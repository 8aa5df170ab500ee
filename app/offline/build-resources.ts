import { z } from "zod";
import type { RouteRule } from "#app/route-rules";

/** /builds/latest.json: the build the server runs now (app/routes/resources/builds-latest.ts). */
const latestBuildSchema = z.object({ id: z.string().min(1), timestamp: z.string() });

/** /builds/meta/{id}.json: a build's manifest (app/routes/resources/builds-meta.ts). */
const buildMetaSchema = z.object({
  id: z.string().min(1),
  timestamp: z.string(),
  routeRules: z.array(
    z.object({
      from: z.string().startsWith("/"),
      // A path on this site: a rule never sends a client-side navigation elsewhere.
      to: z.string().regex(/^\/(?!\/)/),
      status: z.union([z.literal(301), z.literal(302), z.literal(307), z.literal(308)]),
    }),
  ),
});

async function fetchJson(url: string, init?: RequestInit): Promise<unknown> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return response.json();
}

/** The id of the build the server runs, or null when it cannot be told now (offline, restarting). */
export async function fetchLatestBuildId(): Promise<string | null> {
  try {
    // The timestamp keeps every cache in between out of it, as SPEC.md §3 asks.
    const parsed = latestBuildSchema.safeParse(
      await fetchJson(`/builds/latest.json?${Date.now()}`, { cache: "no-store" }),
    );
    return parsed.success ? parsed.data.id : null;
  } catch {
    return null;
  }
}

/** The route rules a build publishes; null when its manifest cannot be had (offline, or a newer build runs). */
export async function fetchBuildRouteRules(buildId: string): Promise<RouteRule[] | null> {
  try {
    const parsed = buildMetaSchema.safeParse(await fetchJson(`/builds/meta/${encodeURIComponent(buildId)}.json`));
    return parsed.success ? parsed.data.routeRules : null;
  } catch {
    return null;
  }
}
