import { redirect } from "react-router";
import { serverInfoContext } from "../../utils/request-context";
import { endSession } from "../../utils/session.server";
import type { Route } from "./+types/logout";

export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await endSession(request, { secure: context.get(serverInfoContext).isSecure });
  return redirect("/", { headers: { "Set-Cookie": cookie } });
}

/** Logging out changes state, so it is POST only; a visit by link just goes home. */
export function loader() {
  return redirect("/");
}
