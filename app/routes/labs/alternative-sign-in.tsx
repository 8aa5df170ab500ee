import EmailOutlinedIcon from "@mui/icons-material/EmailOutlined";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Divider from "@mui/material/Divider";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useFetcher } from "react-router";
import { PasskeysSection } from "#app/components/account/passkeys-section";
import { OidcButtons } from "#app/components/auth/oidc-buttons";
import { PasskeySignInButton } from "#app/components/auth/passkey-sign-in-button";
import { findSignInMethods } from "#app/models/sign-in-methods.server";
import { userLabel } from "#app/models/user.server";
import { getDatabase } from "#app/utils/db.server";
import { publicOidcProviders } from "#app/auth/oidc-config.server";
import { loadPasskeysSection } from "#app/auth/passkeys.server";
import { userContext } from "#app/http/request-context";
import { safeRedirectPath } from "#app/http/safe-redirect";
import type { action as emailLinkAction } from "../auth/email-link";
import type { Route } from "./+types/alternative-sign-in";
import { EmailAddressField } from "#app/components/email-address-field";
import { FormFeedback } from "#app/components/form-feedback";
import { currentSettings } from "#app/settings/current-settings.server";

export const meta: Route.MetaFunction = () => [{ title: "Sign in, another way · Numberlab" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  if (user) {
    const { db } = getDatabase();
    return {
      signedIn: true as const,
      label: userLabel(user),
      email: user.email,
      passkeys: await loadPasskeysSection(db, user.id, await findSignInMethods(db, user.id)),
    };
  }
  const { featureFlags } = await currentSettings(getDatabase().db);
  return {
    signedIn: false as const,
    redirectTo: safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/profile"),
    // What an admin switched off (/admin/application) is not offered.
    providers: featureFlags.oidc ? publicOidcProviders() : [],
    passkeys: featureFlags.passkeys,
    signUpOpen: featureFlags.signUp,
  };
}

/**
 * The alternative sign-in design: no password. A passkey first, then a link
 * by e-mail, then the OpenID providers. A signed-in visitor sees who they are
 * and can set up a passkey for next time.
 */
export default function NewLogin({ loaderData }: Route.ComponentProps) {
  if (loaderData.signedIn) {
    return (
      <Container component="main" id="main" maxWidth="md" sx={{ py: { xs: 4, md: 8 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          You are signed in
        </Typography>
        <Typography sx={{ mb: 3 }}>
          Signed in as <strong>{loaderData.email}</strong>
          {loaderData.label !== loaderData.email && ` (${loaderData.label})`}.
        </Typography>
        <Button component={RouterLink} to="/profile" variant="outlined" color="inherit" sx={{ mb: 4 }}>
          Go to your profile
        </Button>
        <PasskeysSection {...loaderData.passkeys} />
      </Container>
    );
  }
  const { redirectTo, providers, passkeys, signUpOpen } = loaderData;
  const loginQuery = new URLSearchParams({ redirectTo });
  const signupQuery = new URLSearchParams({ mode: "signup", redirectTo });
  return (
    <Container component="main" id="main" maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Sign in to Numberlab
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 4 }}>
          {passkeys
            ? "No password needed: use a passkey, or we will e-mail you a link."
            : "No password needed: we will e-mail you a link."}
        </Typography>

        {passkeys && (
          <>
            <Stack component="section" aria-labelledby="passkey-heading" spacing={1.5}>
              <Typography id="passkey-heading" variant="h6" component="h2">
                With a passkey
              </Typography>
              <PasskeySignInButton redirectTo={redirectTo} variant="contained" />
              <Typography variant="body2" color="text.secondary">
                Your device asks for your fingerprint, face, screen lock or security key.
              </Typography>
            </Stack>
            <Divider sx={{ my: 4 }}>or</Divider>
          </>
        )}

        <EmailLinkForm redirectTo={redirectTo} />

        {providers.length > 0 && (
          <>
            <Divider sx={{ my: 4 }}>or</Divider>
            <Stack component="section" aria-labelledby="providers-heading" spacing={1.5}>
              <Typography id="providers-heading" variant="h6" component="h2">
                With another account
              </Typography>
              <OidcButtons providers={providers} intent="sign-in" redirectTo={redirectTo} />
            </Stack>
          </>
        )}

        <Divider sx={{ mt: 4, mb: 3 }} />
        <Stack spacing={1}>
          <Typography variant="body2">
            Prefer a password?{" "}
            <Link component={RouterLink} to={`/login?${loginQuery}`} color="inherit" underline="always">
              Log in with your password
            </Link>
          </Typography>
          {signUpOpen && (
            <Typography variant="body2">
              New to Numberlab?{" "}
              <Link component={RouterLink} to={`/login?${signupQuery}`} color="inherit" underline="always">
                Create an account
              </Link>
            </Typography>
          )}
        </Stack>
      </Paper>
    </Container>
  );
}

/** Asks /login/email-link for a one-time sign-in link, staying on this page. */
function EmailLinkForm({ redirectTo }: { redirectTo: string }) {
  const fetcher = useFetcher<typeof emailLinkAction>();
  const busy = fetcher.state !== "idle";
  const result = fetcher.state === "idle" ? fetcher.data : undefined;
  const errors: { email?: string; form?: string } = result && "errors" in result ? result.errors : {};

  return (
    <Stack component="section" aria-labelledby="email-link-heading" spacing={1.5}>
      <Typography id="email-link-heading" variant="h6" component="h2">
        With a link by e-mail
      </Typography>
      {result && "sent" in result ? (
        <Alert severity="success" role="status">
          Check your inbox at <strong>{result.sent}</strong>: if it belongs to an account, we sent it a sign-in link. It
          works once, for one hour.
        </Alert>
      ) : (
        <fetcher.Form method="post" action="/login/email-link" noValidate>
          <input type="hidden" name="intent" value="request" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          <Stack spacing={2}>
            <FormFeedback error={errors.form} />
            <EmailAddressField autoComplete="username" error={errors.email} />
            <Button
              type="submit"
              variant="outlined"
              color="inherit"
              size="large"
              startIcon={<EmailOutlinedIcon />}
              disabled={busy}
              fullWidth
            >
              {busy ? "Sending…" : "E-mail me a sign-in link"}
            </Button>
          </Stack>
        </fetcher.Form>
      )}
    </Stack>
  );
}
