import { redirect } from "react-router";
import { serverInfoContext } from "#app/http/request-context";
import { readForm } from "#app/http/read-form.server";
import { safeRedirectPath } from "#app/http/safe-redirect";
import { endSession } from "#app/auth/session.server";
import type { Route } from "./+types/logout";

/** Logs out and goes home, or to `redirectTo` (e.g. back to the login page to sign in again). */
export async function action({ request, context }: Route.ActionArgs) {
  // A bare POST (no form body) is a plain logout.
  const values = await readForm(request, { allowEmpty: true });
  const redirectTo = safeRedirectPath(values.redirectTo, "/");
  const cookie = await endSession(request, { secure: context.get(serverInfoContext).isSecure });
  return redirect(redirectTo, { headers: { "Set-Cookie": cookie } });
}

/** Logging out changes state, so it is POST only; a visit by link just goes home. */
export function loader() {
  return redirect("/");
}
