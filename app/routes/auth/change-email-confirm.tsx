import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { data, Form, Link, useNavigation } from "react-router";
import { NarrowCard } from "../../components/narrow-card";
import { findEmailToken } from "../../models/email-token.server";
import { confirmEmailChange } from "../../utils/account-email.server";
import { retryAfterHeaders } from "../../utils/action-headers";
import { getDatabase } from "../../utils/db.server";
import { formValues } from "../../utils/form.server";
import { INVALID_LINK, readLinkToken } from "../../utils/link-token";
import { checkRateLimits, rateLimits } from "../../utils/rate-limits.server";
import { serverInfoContext } from "../../utils/request-context";
import type { Route } from "./+types/change-email-confirm";

const TAKEN = "Another account started using this address in the meantime, so yours was not changed.";

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Confirm your new e-mail address · Numberlab" }];

export async function loader({ request }: Route.LoaderArgs) {
  const token = readLinkToken(new URL(request.url).searchParams.get("token"));
  const grant = token ? await findEmailToken(getDatabase().db, token, "change-email") : undefined;
  return grant && token ? { valid: true as const, email: grant.email, token } : { valid: false as const };
}

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await checkRateLimits(
    [{ rule: rateLimits.linkUsePerIp, subject: context.get(serverInfoContext).clientIp }],
    {},
  );
  if (limited) return limited;
  const token = readLinkToken(formValues(await request.formData()).token);
  const result = token ? await confirmEmailChange(token) : undefined;
  if (!result?.ok) {
    return data({ errors: { form: result?.reason === "taken" ? TAKEN : INVALID_LINK } }, { status: 400 });
  }
  return { changed: result.value.email };
}

export default function ChangeEmailConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData && "errors" in actionData ? actionData.errors.form : undefined;
  if (actionData && "changed" in actionData) {
    return (
      <NarrowCard title="E-mail address changed">
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          Your account now uses <strong>{actionData.changed}</strong>. Use it the next time you log in.
        </Alert>
        <Button component={Link} to="/profile" variant="contained">
          Go to your profile
        </Button>
      </NarrowCard>
    );
  }
  if (!loaderData.valid || error) {
    return (
      <NarrowCard title="Confirm your new e-mail address">
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {error ?? INVALID_LINK} You can ask for the change again from your profile.
        </Alert>
        <Button component={Link} to="/profile" variant="contained">
          Go to your profile
        </Button>
      </NarrowCard>
    );
  }
  return (
    <NarrowCard title="Confirm your new e-mail address">
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <Typography sx={{ mb: 3 }}>
          Use <strong>{loaderData.email}</strong> as the e-mail address of your Numberlab account from now on.
        </Typography>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          Use this address
        </Button>
      </Form>
    </NarrowCard>
  );
}
