import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link, useNavigation } from "react-router";
import { NarrowCard } from "#app/components/narrow-card";
import { resetPassword } from "#app/auth/account-email.server";
import { retryAfterHeaders } from "#app/http/action-headers";
import { newPasswordProblem } from "#app/auth/common-passwords.server";
import { findEmailToken } from "#app/models/email-token.server";
import { getDatabase } from "#app/utils/db.server";
import { findLinkGrant, limitLinkUse } from "#app/auth/link-page.server";
import { INVALID_LINK, readLinkToken } from "#app/auth/link-token";
import { PASSWORD_MIN_LENGTH } from "#app/auth/password-rules";
import { serverInfoContext } from "#app/http/request-context";
import { AccountDisabledError, signIn } from "#app/auth/sign-in.server";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/reset-password-confirm";

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Choose a new password · Numberlab" }];

export function loader({ request }: Route.LoaderArgs) {
  return findLinkGrant(request, "reset-password");
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverInfoContext);
  const values = await readForm(request);
  const limited = await limitLinkUse(context);
  if (limited) return limited;
  const token = readLinkToken(values.token);
  const grant = token ? await findEmailToken(getDatabase().db, token, "reset-password") : undefined;
  if (!token || !grant) return data({ errors: { form: INVALID_LINK } }, { status: 400 });
  const password = typeof values.password === "string" ? values.password : "";
  const problem = newPasswordProblem(password, grant.email);
  if (problem) return data({ errors: { password: problem } }, { status: 400 });
  const result = await resetPassword(token, password);
  if (!result.ok) return data({ errors: { form: INVALID_LINK } }, { status: 400 });
  try {
    return await signIn(request, result.value.id, { secure: server.isSecure, redirectTo: "/profile?passwordReset=1" });
  } catch (error) {
    if (error instanceof AccountDisabledError) return data({ errors: { form: error.message } }, { status: 403 });
    throw error;
  }
}

export default function ResetPasswordConfirm({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Partial<Record<string, string>> = actionData && "errors" in actionData ? actionData.errors : {};
  if (!loaderData.valid || errors.form === INVALID_LINK) {
    return (
      <NarrowCard title="Choose a new password">
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {INVALID_LINK} Ask for a new link.
        </Alert>
        <Button component={Link} to="/reset-password" variant="contained">
          Send a new link
        </Button>
      </NarrowCard>
    );
  }
  return (
    <NarrowCard title="Choose a new password">
      <Form method="post" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <Stack spacing={2.5}>
          <Typography>
            Choose a new password for <strong>{loaderData.email}</strong>. Every device signed in to this account will
            be signed out.
          </Typography>
          {errors.form && (
            <Alert severity="error" role="alert">
              {errors.form}
            </Alert>
          )}
          {/* Lets password managers store the new password under the right account. */}
          <input type="email" name="username" autoComplete="username" value={loaderData.email} hidden readOnly />
          <TextField
            label="New password"
            name="password"
            type="password"
            autoComplete="new-password"
            required
            error={Boolean(errors.password)}
            helperText={errors.password ?? `At least ${PASSWORD_MIN_LENGTH} characters, not a common password.`}
          />
          <Button type="submit" variant="contained" size="large" disabled={busy}>
            Save the new password
          </Button>
        </Stack>
      </Form>
    </NarrowCard>
  );
}
