import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { data, Form, Link, useNavigation } from "react-router";
import { NarrowCard } from "../../components/narrow-card";
import { findEmailToken } from "../../models/email-token.server";
import { verifyEmail } from "../../utils/account-email.server";
import { retryAfterHeaders } from "../../utils/action-headers";
import { getDatabase } from "../../utils/db.server";
import { formValues } from "../../utils/form.server";
import { INVALID_LINK, readLinkToken } from "../../utils/link-token";
import { checkRateLimits, rateLimits } from "../../utils/rate-limits.server";
import { serverInfoContext } from "../../utils/request-context";
import type { Route } from "./+types/verify-email";

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Confirm your e-mail address · Numberlab" }];

/** Opening the link only shows what it does; confirming is a POST, so mail scanners that prefetch links change nothing. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = readLinkToken(new URL(request.url).searchParams.get("token"));
  const grant = token ? await findEmailToken(getDatabase().db, token, "verify-email") : undefined;
  return grant && token ? { valid: true as const, email: grant.email, token } : { valid: false as const };
}

export async function action({ request, context }: Route.ActionArgs) {
  const limited = await checkRateLimits(
    [{ rule: rateLimits.linkUsePerIp, subject: context.get(serverInfoContext).clientIp }],
    {},
  );
  if (limited) return limited;
  const token = readLinkToken(formValues(await request.formData()).token);
  const result = token ? await verifyEmail(token) : undefined;
  if (!result?.ok) return data({ errors: { form: INVALID_LINK } }, { status: 400 });
  return { verified: result.value };
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const error = actionData && "errors" in actionData ? actionData.errors.form : undefined;
  if (actionData && "verified" in actionData) {
    return (
      <NarrowCard title="E-mail address confirmed">
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          Thank you: <strong>{actionData.verified}</strong> is confirmed.
        </Alert>
        <Button component={Link} to="/profile" variant="contained">
          Go to your profile
        </Button>
      </NarrowCard>
    );
  }
  if (!loaderData.valid || error) {
    return (
      <NarrowCard title="Confirm your e-mail address">
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {error ?? INVALID_LINK} You can send a new link from your profile.
        </Alert>
        <Button component={Link} to="/profile" variant="contained">
          Go to your profile
        </Button>
      </NarrowCard>
    );
  }
  return (
    <NarrowCard title="Confirm your e-mail address">
      <Form method="post">
        <input type="hidden" name="token" value={loaderData.token} />
        <Typography sx={{ mb: 3 }}>
          Confirm that <strong>{loaderData.email}</strong> is your address.
        </Typography>
        <Button type="submit" variant="contained" size="large" disabled={busy}>
          Confirm my address
        </Button>
      </Form>
    </NarrowCard>
  );
}
