import { data } from "react-router";
import { LinkConfirmation } from "#app/components/link-confirmation";
import { serverInfoContext } from "#app/http/request-context";
import { findLinkGrant } from "#app/auth/link-page.server";
import { readLinkToken } from "#app/auth/link-token";
import { readForm } from "#app/http/read-form.server";
import { safeRedirectPath } from "#app/http/safe-redirect";
import { signIn } from "#app/auth/sign-in.server";
import { completeSignUp } from "#app/auth/sign-up.server";
import { withSignUpMarker } from "#app/analytics/sign-up-marker";
import { featureEnabled } from "#app/settings/current-settings.server";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/signup-confirm";

export const meta: Route.MetaFunction = () => [{ title: "Confirm your account · Numberlab" }];

/** Opening the link only shows the confirmation; creating the account is a POST, like every change. */
export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/profile");
  return {
    ...(await findLinkGrant(request, "signup")),
    redirectTo,
    signUpOpen: await featureEnabled(getDatabase().db, "signUp"),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readForm(request);
  const token = readLinkToken(values.token);
  const redirectTo = safeRedirectPath(values.redirectTo, "/profile");
  const result = token ? await completeSignUp(token) : ({ ok: false, reason: "invalid-link" } as const);
  if (!result.ok) return data({ reason: result.reason }, { status: result.reason === "closed" ? 403 : 400 });
  // The new account lands marked, so the browser counts the sign-up (app/analytics/sign-up-marker.ts).
  return signIn(request, result.user.id, {
    secure: context.get(serverInfoContext).isSecure,
    redirectTo: withSignUpMarker(redirectTo, "password"),
  });
}

const problems = {
  "invalid-link":
    "This link is not valid any more: it may have been used already or be more than an hour old. Sign up again to get a new one.",
  "already-registered": "An account with this e-mail address already exists. Log in instead.",
  closed:
    "Sign-up is closed on this site for now, so no account was created. Your link still works until it is an hour old, if sign-up opens again before then.",
} as const;

export default function ConfirmSignUp({ loaderData, actionData }: Route.ComponentProps) {
  const problem = actionData
    ? problems[actionData.reason]
    : !loaderData.valid
      ? problems["invalid-link"]
      : loaderData.signUpOpen
        ? undefined
        : problems.closed;
  return (
    <LinkConfirmation
      title="Confirm your account"
      token={loaderData.valid ? loaderData.token : null}
      prompt={
        <>
          Create the Numberlab account for <strong>{loaderData.valid && loaderData.email}</strong> with the password you
          chose.
        </>
      }
      confirmLabel="Create my account"
      hiddenFields={{ redirectTo: loaderData.redirectTo }}
      problem={problem}
      next={
        loaderData.signUpOpen ? { to: "/login?mode=signup", label: "Sign up again" } : { to: "/login", label: "Log in" }
      }
      alternative={loaderData.signUpOpen ? { to: "/login", label: "Log in" } : undefined}
    />
  );
}
