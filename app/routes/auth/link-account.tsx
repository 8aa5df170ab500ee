import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import type { Kysely } from "kysely";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import type { Database } from "#database/schema";
import { NarrowCard } from "#app/components/narrow-card";
import { OutcomeCard } from "#app/components/outcome-card";
import { findPasswordHash } from "#app/models/user.server";
import { retryAfterHeaders } from "#app/http/action-headers";
import { getDatabase } from "#app/utils/db.server";
import { readKnownDevices } from "#app/auth/device-cookie.server";
import { readFlowCookie } from "#app/auth/flow-cookie.server";
import {
  confirmPendingLink,
  PENDING_LINK_COOKIE,
  peekPendingLink,
  pendingLinkCookie,
  refusalMessage,
  type PendingLink,
} from "#app/auth/oidc-accounts.server";
import { findOidcProvider } from "#app/auth/oidc-config.server";
import { PASSWORD_MAX_LENGTH } from "#app/auth/password-rules";
import { startPasswordAttempt } from "#app/auth/password-attempts.server";
import { serverInfoContext } from "#app/http/request-context";
import { AccountDisabledError, signIn } from "#app/auth/sign-in.server";
import { readForm } from "#app/http/read-form.server";
import { FEATURE_OFF_MESSAGES } from "#app/models/settings-vocabulary";
import { featureEnabled } from "#app/settings/current-settings.server";
import type { Route } from "./+types/link-account";

const passwordSchema = z.object({
  password: z
    .string({ error: "The password must be a single piece of text." })
    .min(1, "Enter your password.")
    .max(PASSWORD_MAX_LENGTH, `The password must be at most ${PASSWORD_MAX_LENGTH} characters.`),
});

const WRONG_PASSWORD = "The password is incorrect.";

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Link your account · Numberlab" }];

interface PendingView {
  email: string;
  providerName: string;
  hasPassword: boolean;
}

/**
 * The pending link in this browser with what the page shows of it, read
 * without using it up, and the account it is for, read once per request.
 * None when the link is missing or expired, its provider is no longer
 * configured, or its account no longer has the address it was found by.
 */
async function readPending(db: Kysely<Database>, request: Request, secure: boolean) {
  const token = readFlowCookie(request, PENDING_LINK_COOKIE, { secure });
  const link = await peekPendingLink(db, token);
  const provider = link && findOidcProvider(link.provider);
  if (!token || !link || !provider) return undefined;
  const account = await findPasswordHash(db, link.email);
  if (!account || account.user.id !== link.userId) return undefined;
  const view: PendingView = {
    email: link.email,
    providerName: provider.name,
    hasPassword: account.passwordHash !== null,
  };
  return { token, link, account, view };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db } = getDatabase();
  // Providers switched off (/admin/application) between the provider's answer and this page.
  if (!(await featureEnabled(db, "oidc"))) return { pending: null, switchedOff: true };
  const pending = await readPending(db, request, context.get(serverInfoContext).isSecure);
  return { pending: pending?.view ?? null, switchedOff: false };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { isSecure: secure, clientIp } = context.get(serverInfoContext);
  const { db } = getDatabase();
  const pending = await readPending(db, request, secure);
  /** The pending link is gone: the cookie goes too, and the page says so. */
  const ended = (status: number, refusal: string | null) =>
    data({ pending: null, error: null, refusal }, { status, headers: { "Set-Cookie": pendingLinkCookie("", secure) } });
  if (!(await featureEnabled(db, "oidc"))) return ended(403, FEATURE_OFF_MESSAGES.oidc);
  if (!pending) return ended(400, null);
  const { token, link, account, view } = pending;

  /** A refusal the person can correct: the pending link stays. */
  const retry = (status: number, error: string, init?: ResponseInit) =>
    data({ pending: view, error, refusal: null }, { status, ...init });

  const parsed = passwordSchema.safeParse(await readForm(request));
  if (!parsed.success) return retry(400, parsed.error.issues[0]!.message);
  // The same limits as the login form: both guess the same account's password.
  const attempt = await startPasswordAttempt(db, {
    email: link.email,
    accountId: account.user.id,
    clientIp,
    knownDevices: await readKnownDevices(request, { secure }),
  });
  if (!attempt.allowed) {
    return retry(429, attempt.message, { headers: { "Retry-After": String(attempt.retryAfterSeconds) } });
  }

  const result = await confirmPendingLink(db, { token, account, password: parsed.data.password });
  if (result.ok || result.reason !== "wrong-password") await attempt.succeeded();
  if (!result.ok) {
    switch (result.reason) {
      case "wrong-password":
        return retry(401, WRONG_PASSWORD);
      case "gone":
        return ended(400, null);
      case "disabled":
        return ended(403, new AccountDisabledError().message);
      case "linked-to-another-account":
      case "provider-already-linked":
        return ended(409, refusalMessage(result.reason, view.providerName));
    }
  }
  return finishSignIn(request, result.link, secure);
}

async function finishSignIn(request: Request, link: PendingLink, secure: boolean) {
  const headers = new Headers({ "Set-Cookie": pendingLinkCookie("", secure) });
  try {
    return await signIn(request, link.userId, { secure, redirectTo: link.redirectTo, headers });
  } catch (error) {
    // Disabled between the check and the sign-in: the identity is linked, but no one signs in.
    if (error instanceof AccountDisabledError) {
      return data({ pending: null, error: null, refusal: error.message }, { status: 403, headers });
    }
    throw error;
  }
}

export default function LinkAccount({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // After a POST, the action's answer is the page's state.
  const pending = actionData ? actionData.pending : loaderData.pending;
  const error = actionData?.error ?? null;

  const refusal = actionData?.refusal ?? (loaderData.switchedOff ? FEATURE_OFF_MESSAGES.oidc : null);
  if (refusal) {
    return (
      <OutcomeCard
        title="Link your account"
        severity="error"
        message={refusal}
        next={{ to: "/login", label: "Back to log in" }}
      />
    );
  }

  if (!pending) {
    return (
      <OutcomeCard
        title="Link your account"
        severity="error"
        message="There is no sign-in waiting to be linked in this browser, or it took longer than 10 minutes. Please start again from the login page."
        next={{ to: "/login", label: "Back to log in" }}
      />
    );
  }

  if (!pending.hasPassword) {
    return (
      <NarrowCard title="Link your account">
        <Typography sx={{ mb: 3 }}>
          A Numberlab account with <strong>{pending.email}</strong> already exists, and it has no password. Log in to it
          the way you usually do (with another provider or a passkey), then link {pending.providerName} from your
          profile.
        </Typography>
        <Button component={Link} to="/login" variant="contained">
          Back to log in
        </Button>
      </NarrowCard>
    );
  }

  return (
    <NarrowCard title="Link your account">
      <Typography sx={{ mb: 3 }}>
        A Numberlab account with <strong>{pending.email}</strong> already exists. Enter its password to link{" "}
        {pending.providerName} to it and log in. Next time, {pending.providerName} will log you in straight away.
      </Typography>
      <Form method="post" noValidate>
        <Stack spacing={2.5}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          {/* For password managers: the account this password belongs to. */}
          <input type="hidden" name="username" autoComplete="username" value={pending.email} />
          <TextField label="Password" name="password" type="password" autoComplete="current-password" required />
          <Button type="submit" variant="contained" size="large" disabled={navigation.state === "submitting"}>
            Link {pending.providerName} and log in
          </Button>
          <Button component={Link} to="/login" color="inherit">
            Cancel
          </Button>
        </Stack>
      </Form>
    </NarrowCard>
  );
}
