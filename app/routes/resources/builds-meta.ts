import { data } from "react-router";
import { routeRules } from "#app/route-rules";
import { serverInfoContext } from "#app/http/request-context";
import type { Route } from "./+types/builds-meta";

/** The manifest of a build: its id, time and route rules. Only the running build is known. */
export function loader({ params, context }: Route.LoaderArgs) {
  const build = context.get(serverInfoContext).build;
  if (params.file !== `${build.id}.json`) {
    throw data({ message: `Unknown build: ${params.file}` }, { status: 404 });
  }
  return Response.json(
    { id: build.id, timestamp: build.timestamp, routeRules },
    // The id names the content, so the manifest never changes.
    { headers: { "Cache-Control": "public, max-age=31536000, immutable" } },
  );
}
