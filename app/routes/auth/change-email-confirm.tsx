import { data } from "react-router";
import { LinkConfirmation } from "#app/components/link-confirmation";
import { confirmEmailChange } from "#app/auth/account-email.server";
import { retryAfterHeaders } from "#app/http/action-headers";
import { findLinkGrant, limitLinkUse } from "#app/auth/link-page.server";
import { INVALID_LINK, readLinkToken } from "#app/auth/link-token";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/change-email-confirm";

const TAKEN = "Another account started using this address in the meantime, so yours was not changed.";

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Confirm your new e-mail address · Numberlab" }];

export function loader({ request }: Route.LoaderArgs) {
  return findLinkGrant(request, "change-email");
}

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await limitLinkUse(context);
  if (limited) return limited;
  const token = readLinkToken((await readForm(request)).token);
  const result = token ? await confirmEmailChange(token) : undefined;
  if (!result?.ok) {
    return data({ errors: { form: result?.reason === "taken" ? TAKEN : INVALID_LINK } }, { status: 400 });
  }
  return { changed: result.value.email };
}

export default function ChangeEmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const error = actionData && "errors" in actionData ? actionData.errors.form : undefined;
  const changed = actionData && "changed" in actionData ? actionData.changed : null;
  return (
    <LinkConfirmation
      title="Confirm your new e-mail address"
      token={loaderData.valid ? loaderData.token : null}
      prompt={
        <>
          Use <strong>{loaderData.valid && loaderData.email}</strong> as the e-mail address of your Numberlab account
          from now on.
        </>
      }
      confirmLabel="Use this address"
      done={
        changed
          ? {
              title: "E-mail address changed",
              message: (
                <>
                  Your account now uses <strong>{changed}</strong>. Use it the next time you log in.
                </>
              ),
            }
          : undefined
      }
      problem={
        !loaderData.valid || error
          ? `${error ?? INVALID_LINK} You can ask for the change again from your profile.`
          : undefined
      }
      next={{ to: "/profile", label: "Go to your profile" }}
    />
  );
}
