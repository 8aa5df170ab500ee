import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { EmailAddressField } from "#app/components/email-address-field";
import { TextLink } from "#app/components/prose";
import { PasskeySignInButton } from "#app/components/auth/passkey-sign-in-button";
import { OidcButtons } from "#app/components/auth/oidc-buttons";
import { findPasswordHash, normalizeEmail } from "#app/models/user.server";
import { getDatabase } from "#app/utils/db.server";
import { emailField, fieldErrors, submittedText } from "#app/http/form.server";
import { newPasswordProblem } from "#app/auth/common-passwords.server";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "#app/auth/password-rules";
import { publicOrigin } from "#app/http/public-origin.server";
import { publicOidcProviders } from "#app/auth/oidc-config.server";
import { readKnownDevices } from "#app/auth/device-cookie.server";
import { startPasswordAttempt } from "#app/auth/password-attempts.server";
import { verifyPassword } from "#app/auth/password.server";
import { checkRateLimits, rateLimits } from "#app/http/rate-limits.server";
import { serverInfoContext } from "#app/http/request-context";
import { safeRedirectPath } from "#app/http/safe-redirect";
import { AccountDisabledError, signIn } from "#app/auth/sign-in.server";
import { requestSignUp } from "#app/auth/sign-up.server";
import { retryAfterHeaders } from "#app/http/action-headers";
import { readForm } from "#app/http/read-form.server";
import { currentSettings } from "#app/settings/current-settings.server";
import { FEATURE_OFF_MESSAGES } from "#app/models/settings-vocabulary";
import type { Route } from "./+types/login";

const passwordText = z.string({ error: "The password must be a single piece of text." });

const loginSchema = z.object({
  intent: z.literal("login"),
  email: emailField,
  password: passwordText
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX_LENGTH, `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
});

const signupSchema = z
  .object({ intent: z.literal("signup"), email: emailField, password: passwordText })
  .superRefine(({ email, password }, ctx) => {
    const problem = newPasswordProblem(password, email);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });

const formSchema = z.discriminatedUnion("intent", [loginSchema, signupSchema], {
  error: "Choose whether to log in or create an account.",
});

/** The same words whether the address is unknown or the password wrong. */
const BAD_CREDENTIALS = "The e-mail address or password is incorrect.";

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Log in · Numberlab" }];

export async function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const { featureFlags } = await currentSettings(getDatabase().db);
  return {
    mode: url.searchParams.get("mode") === "signup" ? ("signup" as const) : ("login" as const),
    redirectTo: safeRedirectPath(url.searchParams.get("redirectTo"), "/profile"),
    accountDeleted: url.searchParams.has("accountDeleted"),
    signedOutIdle: url.searchParams.get("signedOut") === "idle",
    // Switched off (/admin/application), a way in is not offered; its routes refuse it as well.
    providers: featureFlags.oidc ? publicOidcProviders() : [],
    passkeys: featureFlags.passkeys,
    signUpOpen: featureFlags.signUp,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverInfoContext);
  const values = await readForm(request);
  const kept = submittedText(values, ["email"]);
  const redirectTo = safeRedirectPath(values.redirectTo, "/profile");

  const parsed = formSchema.safeParse(values);
  if (!parsed.success) {
    return data({ errors: fieldErrors(parsed.error), values: kept }, { status: 400 });
  }
  const { intent, email, password } = parsed.data;

  if (intent === "signup") {
    const limited = await checkRateLimits(
      [
        { rule: rateLimits.signupPerIp, subject: server.clientIp },
        { rule: rateLimits.signupPerEmail, subject: normalizeEmail(email) },
      ],
      kept,
    );
    if (limited) return limited;
    try {
      const outcome = await requestSignUp({ email, password, origin: publicOrigin(), redirectTo });
      if (outcome === "closed") {
        return data({ errors: { form: FEATURE_OFF_MESSAGES.signUp }, values: kept }, { status: 403 });
      }
    } catch (error) {
      console.error("Sign-up e-mail could not be sent:", error);
      return data(
        {
          errors: { form: "The confirmation e-mail could not be sent. Please try again in a few minutes." },
          values: kept,
        },
        { status: 503 },
      );
    }
    return { signupRequested: email };
  }

  const { db } = getDatabase();
  const account = await findPasswordHash(db, email);
  const attempt = await startPasswordAttempt(db, {
    email,
    accountId: account?.user.id ?? null,
    clientIp: server.clientIp,
    knownDevices: await readKnownDevices(request, { secure: server.isSecure }),
  });
  if (!attempt.allowed) {
    return data(
      { errors: { form: attempt.message }, values: kept },
      { status: 429, headers: { "Retry-After": String(attempt.retryAfterSeconds) } },
    );
  }
  // An unknown address still costs one password check, so timing does not tell the cases apart.
  const valid = await verifyPassword(account?.passwordHash ?? null, password);
  if (!account || !valid) {
    return data({ errors: { form: BAD_CREDENTIALS }, values: kept }, { status: 401 });
  }
  await attempt.succeeded();
  try {
    return await signIn(request, account.user.id, { secure: server.isSecure, redirectTo });
  } catch (error) {
    if (error instanceof AccountDisabledError) {
      return data({ errors: { form: error.message }, values: kept }, { status: 403 });
    }
    throw error;
  }
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { mode, redirectTo } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors: Partial<Record<string, string>> =
    actionData !== undefined && "errors" in actionData ? actionData.errors : {};
  const keptEmail = actionData !== undefined && "values" in actionData ? actionData.values.email : "";
  const signupRequested =
    actionData !== undefined && "signupRequested" in actionData ? actionData.signupRequested : null;
  const signup = mode === "signup";
  // Sign-up switched off (/admin/application): the tab goes, and its address says so instead of a form.
  const closed = signup && !loaderData.signUpOpen;
  const query = (next: "login" | "signup") =>
    `/login?${new URLSearchParams({ ...(next === "signup" ? { mode: "signup" } : {}), redirectTo })}`;

  return (
    <Container component="main" id="main" maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          {closed ? "Sign-up is closed" : signup ? "Create your account" : "Log in to Numberlab"}
        </Typography>
        {loaderData.signUpOpen && (
          <Tabs
            value={mode}
            textColor="inherit"
            aria-label="Log in or create an account"
            // MUI dims unselected tabs with opacity, below the contrast text needs.
            sx={{
              mb: 3,
              "& .MuiTab-root": { opacity: 1, color: "text.secondary" },
              "& .Mui-selected": { color: "text.primary" },
            }}
          >
            <Tab value="login" label="Log in" component={Link} to={query("login")} replace />
            <Tab value="signup" label="Create account" component={Link} to={query("signup")} replace />
          </Tabs>
        )}
        {loaderData.accountDeleted && (
          <Alert severity="success" role="status" sx={{ mb: 3 }}>
            Your account and everything stored about it were deleted. Thank you for learning with us.
          </Alert>
        )}
        {loaderData.signedOutIdle && !signup && (
          <Alert severity="info" role="status" sx={{ mb: 3 }}>
            You were signed out because your session had not been used for a while. Please log in again to continue.
          </Alert>
        )}
        {closed ? (
          <Stack spacing={2.5} sx={{ alignItems: "flex-start" }}>
            <Alert severity="info" sx={{ alignSelf: "stretch" }}>
              {FEATURE_OFF_MESSAGES.signUp}
            </Alert>
            <Button component={Link} to={query("login")} variant="contained">
              Log in
            </Button>
          </Stack>
        ) : signupRequested ? (
          <Alert severity="success" role="status">
            Check your inbox at <strong>{signupRequested}</strong>: we sent you a link to finish creating your account.
            It works for one hour. Nothing arrived? Look in your spam folder, or sign up again.
          </Alert>
        ) : (
          <Form method="post" noValidate>
            <input type="hidden" name="intent" value={mode} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <Stack spacing={2.5}>
              {(errors.form ?? errors.intent) && (
                <Alert severity="error" role="alert">
                  {errors.form ?? errors.intent}
                </Alert>
              )}
              <EmailAddressField
                autoComplete={signup ? "email" : "username"}
                defaultValue={keptEmail}
                error={errors.email}
              />
              <TextField
                label="Password"
                name="password"
                type="password"
                autoComplete={signup ? "new-password" : "current-password"}
                required
                error={Boolean(errors.password)}
                helperText={errors.password ?? (signup ? `At least ${PASSWORD_MIN_LENGTH} characters.` : undefined)}
              />
              <Button type="submit" variant="contained" size="large" disabled={busy}>
                {signup ? "Create account" : "Log in"}
              </Button>
              {!signup && (
                <Typography variant="body2">
                  <TextLink to="/reset-password">Forgot your password?</TextLink>
                </Typography>
              )}
            </Stack>
          </Form>
        )}
        {!signup && loaderData.passkeys && (
          <>
            <Divider sx={{ my: 3 }}>or</Divider>
            <PasskeySignInButton redirectTo={redirectTo} />
          </>
        )}
        {!closed && loaderData.providers.length > 0 && (
          <>
            {signup || !loaderData.passkeys ? <Divider sx={{ my: 3 }}>or</Divider> : <Box sx={{ mt: 1.5 }} />}
            <OidcButtons providers={loaderData.providers} intent="sign-in" redirectTo={redirectTo} />
          </>
        )}
      </Paper>
    </Container>
  );
}
