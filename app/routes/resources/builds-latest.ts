import { serverInfoContext } from "#app/http/request-context";
import type { Route } from "./+types/builds-latest";

/** The running build, polled by pages to notice a deploy. Never cached. */
export function loader({ context }: Route.LoaderArgs) {
  const { id, timestamp } = context.get(serverInfoContext).build;
  return Response.json({ id, timestamp }, { headers: { "Cache-Control": "no-store" } });
}
