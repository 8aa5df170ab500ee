import { data, isRouteErrorResponse, redirect } from "react-router";
import { z } from "zod";
import { OutcomeCard } from "../../components/outcome-card";
import { getDatabase } from "../../utils/db.server";
import { formValues } from "../../utils/form.server";
import { publicOrigin } from "../../utils/mail.server";
import { checkRateLimits, rateLimits } from "../../utils/rate-limits.server";
import { getOidcProviders } from "../../utils/oidc-config.server";
import {
  callbackPath,
  flowCookie,
  OIDC_FLOW_COOKIE,
  OidcUnavailableError,
  startOidcFlow,
} from "../../utils/oidc.server";
import { serverInfoContext, userContext } from "../../utils/request-context";
import { safeRedirectPath } from "../../utils/safe-redirect";
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
  const provider = getOidcProviders().find((candidate) => candidate.id === params.provider);
  if (!provider) throw data({ message: "There is no such sign-in provider." }, { status: 404 });
  const values = formValues(await request.formData());
  const parsed = startSchema.safeParse(values);
  if (!parsed.success) throw data({ message: parsed.error.issues[0]!.message }, { status: 400 });
  const { intent } = parsed.data;

  const { isSecure: secure, clientIp } = context.get(serverInfoContext);
  const limited = await checkRateLimits([{ rule: rateLimits.oidcStartPerIp, subject: clientIp }], {});
  if (limited) {
    throw data({ message: limited.data.errors.form, intent }, { status: 429, headers: limited.init?.headers });
  }

  // A link is for the signed-in user; the callback checks the same user is still signed in.
  const userId = intent === "link" ? (context.get(userContext)?.id ?? null) : null;
  if (intent === "link" && !userId) throw redirect(`/login?${new URLSearchParams({ redirectTo: "/profile" })}`);
  const redirectTo = safeRedirectPath(values.redirectTo, "/profile");
  try {
    const { authorizationUrl, flowToken } = await startOidcFlow(getDatabase().db, provider, {
      intent,
      userId,
      redirectTo,
      redirectUri: `${publicOrigin(request)}${callbackPath(provider.id)}`,
    });
    return redirect(authorizationUrl.href, {
      headers: { "Set-Cookie": flowCookie(OIDC_FLOW_COOKIE, flowToken, { path: callbackPath(provider.id), secure }) },
    });
  } catch (error) {
    if (error instanceof OidcUnavailableError) {
      throw data({ message: error.message, intent }, { status: 503 });
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
  const body = error.data as { message?: unknown; intent?: unknown } | undefined;
  const message = typeof body?.message === "string" ? body.message : "This sign-in could not be started.";
  const back =
    body?.intent === "link"
      ? { to: "/profile", label: "Back to your profile" }
      : { to: "/login", label: "Back to log in" };
  return <OutcomeCard title="Sign-in problem" severity="error" message={message} next={back} />;
}
