import { data, isRouteErrorResponse, redirect } from "react-router";
import { z } from "zod";
import { OutcomeCard } from "#app/components/outcome-card";
import { getDatabase } from "#app/utils/db.server";
import { publicOrigin } from "#app/http/public-origin.server";
import { checkRateLimits, rateLimits } from "#app/http/rate-limits.server";
import { findOidcProvider } from "#app/auth/oidc-config.server";
import {
  backTo,
  callbackPath,
  oidcFlowCookie,
  OidcUnavailableError,
  startOidcFlow,
  type OidcFlow,
} from "#app/auth/oidc.server";
import { serverInfoContext, userContext } from "#app/http/request-context";
import { safeRedirectPath } from "#app/http/safe-redirect";
import { readForm } from "#app/http/read-form.server";
import { FEATURE_OFF_MESSAGES } from "#app/models/settings-vocabulary";
import { featureEnabled } from "#app/settings/current-settings.server";
import type { Route } from "./+types/oidc-start";

const startSchema = z.object({
  intent: z.enum(["sign-in", "link"], { error: "Choose whether to sign in or to link an account." }),
});

export const meta: Route.MetaFunction = () => [{ title: "Sign in · Numberlab" }];

/** Starting a sign-in changes state, so it is POST only; a visit by link goes to the login page. */
export function loader() {
  return redirect("/login");
}

/** Problems are thrown so that this route's boundary shows them without running the loader above. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const provider = findOidcProvider(params.provider);
  if (!provider) throw data({ message: "There is no such sign-in provider.", back: backTo(null) }, { status: 404 });
  const values = await readForm(request);
  const parsed = startSchema.safeParse(values);
  if (!parsed.success) throw data({ message: parsed.error.issues[0]!.message, back: backTo(null) }, { status: 400 });
  const { intent } = parsed.data;
  if (!(await featureEnabled(getDatabase().db, "oidc"))) {
    throw data({ message: FEATURE_OFF_MESSAGES.oidc, back: backTo(intent) }, { status: 403 });
  }

  const { isSecure: secure, clientIp } = context.get(serverInfoContext);
  const limited = await checkRateLimits([{ rule: rateLimits.oidcStartPerIp, subject: clientIp }], {});
  if (limited) {
    throw data(
      { message: limited.data.errors.form, back: backTo(intent) },
      { status: 429, headers: limited.init?.headers },
    );
  }

  // A link is for the signed-in user, and ends on the profile; the callback checks the same user is still signed in.
  let flow: OidcFlow;
  if (intent === "link") {
    const user = context.get(userContext);
    if (!user) throw redirect(`/login?${new URLSearchParams({ redirectTo: "/profile" })}`);
    flow = { intent, userId: user.id };
  } else {
    flow = { intent, redirectTo: safeRedirectPath(values.redirectTo, "/profile") };
  }
  try {
    const { authorizationUrl, flowToken } = await startOidcFlow(getDatabase().db, provider, {
      flow,
      redirectUri: `${publicOrigin()}${callbackPath(provider.id)}`,
    });
    return redirect(authorizationUrl.href, {
      headers: { "Set-Cookie": oidcFlowCookie(provider.id, flowToken, secure) },
    });
  } catch (error) {
    if (error instanceof OidcUnavailableError) {
      throw data({ message: error.message, back: backTo(intent) }, { status: 503 });
    }
    throw error;
  }
}

export default function OidcStart() {
  // The loader always redirects and the action either redirects or throws: nothing renders here.
  return null;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (!isRouteErrorResponse(error)) throw error;
  // The action puts the message and the way back (see backTo) in every problem it throws.
  const body = error.data as { message?: string; back?: { to: string; label: string } } | undefined;
  const message = body?.message ?? "This sign-in could not be started.";
  const back = body?.back ?? { to: "/login", label: "Back to log in" };
  return <OutcomeCard title="Sign-in problem" severity="error" message={message} next={back} />;
}
