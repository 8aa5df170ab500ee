import Alert from "@mui/material/Alert";
import { data } from "react-router";
import { z } from "zod";
import { LinkConfirmation } from "#app/components/link-confirmation";
import { NarrowCard } from "#app/components/narrow-card";
import { normalizeEmail } from "#app/models/user.server";
import { redeemSignInLink, requestSignInLink } from "#app/auth/account-email.server";
import { retryAfterHeaders } from "#app/http/action-headers";
import { emailField, fieldErrors, submittedText } from "#app/http/form.server";
import { findLinkGrant, limitLinkUse } from "#app/auth/link-page.server";
import { INVALID_LINK, readLinkToken } from "#app/auth/link-token";
import { publicOrigin } from "#app/http/public-origin.server";
import { checkRateLimits, rateLimits } from "#app/http/rate-limits.server";
import { serverInfoContext } from "#app/http/request-context";
import { safeRedirectPath } from "#app/http/safe-redirect";
import { AccountDisabledError, signIn } from "#app/auth/sign-in.server";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/email-link";

const requestSchema = z.object({ intent: z.literal("request"), email: emailField });

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Sign in by e-mail · Numberlab" }];

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/profile");
  return { ...(await findLinkGrant(request, "sign-in-link")), redirectTo };
}

/**
 * intent=request sends the link (the same answer whether or not the address
 * has an account); intent=confirm, posted from the link's page, signs in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverInfoContext);
  const values = await readForm(request);
  const redirectTo = safeRedirectPath(values.redirectTo, "/profile");
  if (values.intent === "confirm") {
    const limited = await limitLinkUse(context);
    if (limited) return limited;
    const token = readLinkToken(values.token);
    const result = token ? await redeemSignInLink(token) : undefined;
    if (!result?.ok) return data({ errors: { form: INVALID_LINK } }, { status: 400 });
    try {
      return await signIn(request, result.value.id, { secure: server.isSecure, redirectTo });
    } catch (error) {
      if (error instanceof AccountDisabledError) return data({ errors: { form: error.message } }, { status: 403 });
      throw error;
    }
  }
  const kept = submittedText(values, ["email"]);
  const parsed = requestSchema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: kept }, { status: 400 });
  const limited = await checkRateLimits(
    [
      { rule: rateLimits.signInLinkPerIp, subject: server.clientIp },
      { rule: rateLimits.signInLinkPerEmail, subject: normalizeEmail(parsed.data.email) },
    ],
    kept,
  );
  if (limited) return limited;
  try {
    await requestSignInLink({ email: parsed.data.email, origin: publicOrigin(), redirectTo });
  } catch (error) {
    console.error("Sign-in link could not be sent:", error);
    return data(
      { errors: { form: "The e-mail could not be sent. Please try again in a few minutes." }, values: kept },
      { status: 503 },
    );
  }
  return { sent: parsed.data.email };
}

export default function EmailLink({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && "errors" in actionData ? actionData.errors.form : undefined;
  if (actionData && "sent" in actionData) {
    return (
      <NarrowCard title="Check your inbox">
        <Alert severity="success" role="status">
          If an account uses <strong>{actionData.sent}</strong>, we sent it a sign-in link. It works once, for one hour.
        </Alert>
      </NarrowCard>
    );
  }
  return (
    <LinkConfirmation
      title="Sign in by e-mail"
      token={loaderData.valid ? loaderData.token : null}
      prompt={
        <>
          Sign in to Numberlab as <strong>{loaderData.valid && loaderData.email}</strong>.
        </>
      }
      confirmLabel="Sign in"
      hiddenFields={{ intent: "confirm", redirectTo: loaderData.redirectTo }}
      problem={!loaderData.valid || error ? (error ?? INVALID_LINK) : undefined}
      next={{ to: "/tests/newlogin", label: "Ask for a new link" }}
      alternative={{ to: "/login", label: "Log in with a password" }}
    />
  );
}
