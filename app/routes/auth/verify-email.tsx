import { data } from "react-router";
import { LinkConfirmation } from "#app/components/link-confirmation";
import { verifyEmail } from "#app/auth/account-email.server";
import { retryAfterHeaders } from "#app/http/action-headers";
import { findLinkGrant, limitLinkUse } from "#app/auth/link-page.server";
import { INVALID_LINK, readLinkToken } from "#app/auth/link-token";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/verify-email";

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Confirm your e-mail address · Numberlab" }];

export function loader({ request }: Route.LoaderArgs) {
  return findLinkGrant(request, "verify-email");
}

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await limitLinkUse(context);
  if (limited) return limited;
  const token = readLinkToken((await readForm(request)).token);
  const result = token ? await verifyEmail(token) : undefined;
  if (!result?.ok) return data({ errors: { form: INVALID_LINK } }, { status: 400 });
  return { verified: result.value };
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && "errors" in actionData ? actionData.errors.form : undefined;
  const verified = actionData && "verified" in actionData ? actionData.verified : null;
  return (
    <LinkConfirmation
      title="Confirm your e-mail address"
      token={loaderData.valid ? loaderData.token : null}
      prompt={
        <>
          Confirm that <strong>{loaderData.valid && loaderData.email}</strong> is your address.
        </>
      }
      confirmLabel="Confirm my address"
      done={
        verified
          ? {
              title: "E-mail address confirmed",
              message: (
                <>
                  Thank you: <strong>{verified}</strong> is confirmed.
                </>
              ),
            }
          : undefined
      }
      problem={
        !loaderData.valid || error ? `${error ?? INVALID_LINK} You can send a new link from your profile.` : undefined
      }
      next={{ to: "/profile", label: "Go to your profile" }}
    />
  );
}
