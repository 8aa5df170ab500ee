import { data, redirect } from "react-router";
import { OutcomeCard } from "#app/components/outcome-card";
import { getDatabase } from "#app/utils/db.server";
import { readFlowCookie } from "#app/auth/flow-cookie.server";
import { noticePath } from "#app/auth/linked-identities.server";
import { publicOrigin } from "#app/http/public-origin.server";
import {
  PENDING_LINK_PATH,
  pendingLinkCookie,
  refusalMessage,
  resolveOidcLink,
  resolveOidcSignIn,
  savePendingLink,
} from "#app/auth/oidc-accounts.server";
import { findOidcProvider } from "#app/auth/oidc-config.server";
import {
  backTo,
  callbackPath,
  finishOidcFlow,
  OIDC_FLOW_COOKIE,
  OidcCallbackError,
  oidcFlowCookie,
  type OidcCallbackProblem,
  type OidcIntent,
} from "#app/auth/oidc.server";
import { serverInfoContext, userContext } from "#app/http/request-context";
import { AccountDisabledError, signIn } from "#app/auth/sign-in.server";
import { withSignUpMarker } from "#app/analytics/sign-up-marker";
import { FEATURE_OFF_MESSAGES } from "#app/models/settings-vocabulary";
import { featureEnabled } from "#app/settings/current-settings.server";
import type { Route } from "./+types/oidc-callback";

export const meta: Route.MetaFunction = () => [{ title: "Sign-in problem · Numberlab" }];

/**
 * Where the provider sends the browser back. Every outcome but a problem is a
 * redirect: into the account, to the profile after a link, or to the page
 * that asks for the password before linking to an existing account.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const provider = findOidcProvider(params.provider);
  if (!provider) throw data({ message: "There is no such sign-in provider." }, { status: 404 });
  const { isSecure: secure } = context.get(serverInfoContext);
  const { db } = getDatabase();
  const headers = new Headers({ "Set-Cookie": oidcFlowCookie(provider.id, "", secure) });
  const problem = (status: number, message: string, intent: OidcIntent | null) =>
    data({ message, back: backTo(intent) }, { status, headers });
  // Switched off while the person was at the provider: nothing is linked or signed in, and the flow ends.
  if (!(await featureEnabled(db, "oidc"))) return problem(403, FEATURE_OFF_MESSAGES.oidc, null);

  // The redirect URI the code was issued for is the public one, whatever proxy the request came through.
  const callbackUrl = new URL(`${callbackPath(provider.id)}${new URL(request.url).search}`, publicOrigin());
  let finished: Awaited<ReturnType<typeof finishOidcFlow>>;
  try {
    finished = await finishOidcFlow(db, provider, {
      flowToken: readFlowCookie(request, OIDC_FLOW_COOKIE, { secure }),
      callbackUrl,
    });
  } catch (error) {
    if (error instanceof OidcCallbackError) return problem(callbackStatus[error.problem], error.message, error.intent);
    throw error;
  }
  const { flow, claims } = finished;
  const currentUserId = context.get(userContext)?.id ?? null;

  if (flow.intent === "link") {
    const outcome = await resolveOidcLink(db, { providerId: provider.id, claims, userId: flow.userId, currentUserId });
    if (outcome.kind === "refused") return problem(409, refusalMessage(outcome.reason, provider.name), flow.intent);
    return redirect(noticePath("linked", provider.id), { headers });
  }

  const outcome = await resolveOidcSignIn(db, { providerId: provider.id, claims, currentUserId });
  switch (outcome.kind) {
    case "refused": {
      // Sign-up switched off is a refusal of the site's, not a conflict between accounts.
      const status = outcome.reason === "sign-up-closed" ? 403 : 409;
      return problem(status, refusalMessage(outcome.reason, provider.name), flow.intent);
    }
    case "confirm-link": {
      const token = await savePendingLink(db, {
        userId: outcome.userId,
        provider: provider.id,
        subject: claims.subject,
        email: outcome.email,
        identityEmail: claims.email,
        redirectTo: flow.redirectTo,
      });
      headers.append("Set-Cookie", pendingLinkCookie(token, secure));
      return redirect(PENDING_LINK_PATH, { headers });
    }
    case "signed-in":
    case "created":
      try {
        // A new account lands marked, so the browser counts the sign-up (app/analytics/sign-up-marker.ts).
        const redirectTo = outcome.kind === "created" ? withSignUpMarker(flow.redirectTo, "oidc") : flow.redirectTo;
        return await signIn(request, outcome.userId, { secure, redirectTo, headers });
      } catch (error) {
        if (error instanceof AccountDisabledError) return problem(403, error.message, flow.intent);
        throw error;
      }
  }
}

const callbackStatus: Record<OidcCallbackProblem, number> = {
  "no-flow": 400,
  "bad-state": 400,
  cancelled: 400,
  "bad-code": 400,
  "invalid-response": 502,
  unavailable: 503,
};

export default function OidcCallback({ loaderData }: Route.ComponentProps) {
  return <OutcomeCard title="Sign-in problem" severity="error" message={loaderData.message} next={loaderData.back} />;
}
