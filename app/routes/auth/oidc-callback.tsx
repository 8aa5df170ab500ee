import { data, redirect } from "react-router";
import { OutcomeCard } from "../../components/outcome-card";
import { getDatabase } from "../../utils/db.server";
import { publicOrigin } from "../../utils/mail.server";
import {
  PENDING_LINK_COOKIE,
  PENDING_LINK_COOKIE_PATH,
  PENDING_LINK_PATH,
  resolveOidcSignIn,
  savePendingLink,
  type OidcRefusal,
} from "../../utils/oidc-accounts.server";
import { getOidcProviders, type OidcProviderConfig } from "../../utils/oidc-config.server";
import {
  callbackPath,
  clearFlowCookie,
  finishOidcFlow,
  flowCookie,
  OIDC_FLOW_COOKIE,
  OidcCallbackError,
  readFlowCookie,
  type OidcCallbackProblem,
  type OidcIntent,
} from "../../utils/oidc.server";
import { serverInfoContext, userContext } from "../../utils/request-context";
import { AccountDisabledError, signIn } from "../../utils/sign-in.server";
import type { Route } from "./+types/oidc-callback";

export const meta: Route.MetaFunction = () => [{ title: "Sign-in problem · Numberlab" }];

/**
 * Where the provider sends the browser back. Every outcome but a problem is a
 * redirect: into the account, to the profile after a link, or to the page
 * that asks for the password before linking to an existing account.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const provider = getOidcProviders().find((candidate) => candidate.id === params.provider);
  if (!provider) throw data({ message: "There is no such sign-in provider." }, { status: 404 });
  const { isSecure: secure } = context.get(serverInfoContext);
  const { db } = getDatabase();
  const headers = new Headers({
    "Set-Cookie": clearFlowCookie(OIDC_FLOW_COOKIE, { path: callbackPath(provider.id), secure }),
  });
  const problem = (status: number, message: string, intent: OidcIntent | null) =>
    data({ message, back: backTo(intent) }, { status, headers });

  // The redirect URI the code was issued for is the public one, whatever proxy the request came through.
  const callbackUrl = new URL(`${callbackPath(provider.id)}${new URL(request.url).search}`, publicOrigin(request));
  let finished: Awaited<ReturnType<typeof finishOidcFlow>>;
  try {
    finished = await finishOidcFlow(db, provider, {
      flowToken: readFlowCookie(request, OIDC_FLOW_COOKIE),
      callbackUrl,
    });
  } catch (error) {
    if (error instanceof OidcCallbackError) {
      return problem(callbackStatus[error.problem], callbackMessage(error.problem, provider), error.intent);
    }
    throw error;
  }
  const { flow, claims } = finished;
  const outcome = await resolveOidcSignIn(db, {
    flow,
    claims,
    currentUserId: context.get(userContext)?.id ?? null,
  });

  switch (outcome.kind) {
    case "linked":
      return redirect(`/profile?${new URLSearchParams({ linked: provider.id })}`, { headers });
    case "confirm-link": {
      const token = await savePendingLink(db, {
        userId: outcome.userId,
        provider: provider.id,
        subject: claims.subject,
        email: outcome.email,
        identityEmail: claims.email,
        redirectTo: flow.redirectTo,
      });
      headers.append("Set-Cookie", flowCookie(PENDING_LINK_COOKIE, token, { path: PENDING_LINK_COOKIE_PATH, secure }));
      return redirect(PENDING_LINK_PATH, { headers });
    }
    case "refused":
      return problem(409, refusalMessage(outcome.reason, provider, claims.email), flow.intent);
    case "signed-in":
    case "created":
      try {
        return await signIn(request, outcome.userId, { secure, redirectTo: flow.redirectTo, headers });
      } catch (error) {
        if (error instanceof AccountDisabledError) return problem(403, error.message, flow.intent);
        throw error;
      }
  }
}

function backTo(intent: OidcIntent | null) {
  return intent === "link"
    ? { to: "/profile", label: "Back to your profile" }
    : { to: "/login", label: "Back to log in" };
}

const callbackStatus: Record<OidcCallbackProblem, number> = {
  "no-flow": 400,
  "bad-state": 400,
  cancelled: 400,
  "bad-code": 400,
  "invalid-response": 502,
  unavailable: 503,
};

function callbackMessage(problem: OidcCallbackProblem, provider: OidcProviderConfig): string {
  switch (problem) {
    case "no-flow":
      return `This sign-in with ${provider.name} was not started in this browser, or it was already finished or took longer than 10 minutes. Please start again.`;
    case "bad-state":
      return `This answer from ${provider.name} does not belong to the sign-in you started, so it was not used. Please start again.`;
    case "cancelled":
      return `Sign-in with ${provider.name} was cancelled. You can try again, or log in another way.`;
    case "bad-code":
      return `${provider.name} did not accept this sign-in: it may have taken too long or been used already. Please try again.`;
    case "invalid-response":
      return `The answer from ${provider.name} could not be verified, so you were not signed in. Please try again, or log in another way.`;
    case "unavailable":
      return `Sign-in with ${provider.name} is not available right now. Please try again later, or log in with your e-mail address and password.`;
  }
}

function refusalMessage(reason: OidcRefusal, provider: OidcProviderConfig, email: string | null): string {
  const address = email ?? "this address";
  switch (reason) {
    case "linked-to-another-account":
      return `This ${provider.name} account is already linked to another Numberlab account. Log in to that account with ${provider.name}, or remove the link there first.`;
    case "provider-already-linked":
      return `Your account is already linked to a different ${provider.name} account. Remove that link from your profile first.`;
    case "link-session-changed":
      return `You were signed out or switched accounts while linking ${provider.name}, so nothing was linked. Log in and link ${provider.name} again from your profile.`;
    case "unverified-email-in-use":
      return `A Numberlab account with ${address} already exists, but ${provider.name} has not confirmed that this address is yours, so the two cannot be joined. Log in with your password, then link ${provider.name} from your profile.`;
    case "no-email":
      return `${provider.name} did not share an e-mail address, which a Numberlab account needs. Allow access to your e-mail address at ${provider.name} and try again, or sign up with an e-mail address and password.`;
  }
}

export default function OidcCallback({ loaderData }: Route.ComponentProps) {
  return <OutcomeCard title="Sign-in problem" severity="error" message={loaderData.message} next={loaderData.back} />;
}
