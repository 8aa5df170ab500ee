import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { FormFeedback } from "#app/components/form-feedback";
import { EmailAddressField } from "#app/components/email-address-field";
import { NarrowCard } from "#app/components/narrow-card";
import { TextLink } from "#app/components/prose";
import { normalizeEmail } from "#app/models/user.server";
import { requestPasswordReset } from "#app/auth/account-email.server";
import { retryAfterHeaders } from "#app/http/action-headers";
import { emailField, fieldErrors, submittedText } from "#app/http/form.server";
import { publicOrigin } from "#app/http/public-origin.server";
import { checkRateLimits, rateLimits } from "#app/http/rate-limits.server";
import { serverInfoContext } from "#app/http/request-context";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/reset-password";

const schema = z.object({ email: emailField });

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Reset your password · Numberlab" }];

export async function action({ request, context }: Route.ActionArgs) {
  const values = await readForm(request);
  const kept = submittedText(values, ["email"]);
  const parsed = schema.safeParse(values);
  if (!parsed.success) return data({ errors: fieldErrors(parsed.error), values: kept }, { status: 400 });
  const { email } = parsed.data;
  const limited = await checkRateLimits(
    [
      { rule: rateLimits.resetLinkPerIp, subject: context.get(serverInfoContext).clientIp },
      { rule: rateLimits.resetLinkPerEmail, subject: normalizeEmail(email) },
    ],
    kept,
  );
  if (limited) return limited;
  try {
    await requestPasswordReset({ email, origin: publicOrigin() });
  } catch (error) {
    console.error("Password reset e-mail could not be sent:", error);
    return data(
      { errors: { form: "The e-mail could not be sent. Please try again in a few minutes." }, values: kept },
      { status: 503 },
    );
  }
  return { sent: email };
}

export default function ResetPassword({ actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const errors: Partial<Record<string, string>> = actionData && "errors" in actionData ? actionData.errors : {};
  const sent = actionData && "sent" in actionData ? actionData.sent : null;
  return (
    <NarrowCard title="Reset your password">
      {sent ? (
        <Alert severity="success" role="status">
          If an account uses <strong>{sent}</strong>, we sent it a link to choose a new password. The link works for one
          hour. Nothing arrived? Check the address and your spam folder.
        </Alert>
      ) : (
        <Form method="post" noValidate>
          <Stack spacing={2.5}>
            <Typography>
              Enter the e-mail address of your account and we will send you a link to choose a new password.
            </Typography>
            <FormFeedback error={errors.form} />
            <EmailAddressField
              autoComplete="username"
              defaultValue={actionData && "values" in actionData ? actionData.values.email : ""}
              error={errors.email}
            />
            <Button type="submit" variant="contained" size="large" disabled={busy}>
              Send the link
            </Button>
          </Stack>
        </Form>
      )}
      <Typography sx={{ mt: 3 }}>
        <TextLink to="/login">Back to log in</TextLink>
      </Typography>
    </NarrowCard>
  );
}
