import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import { NarrowCard } from "../../components/narrow-card";
import { findPasswordHashById } from "../../models/user.server";
import { retryAfterHeaders } from "../../utils/action-headers";
import { getDatabase } from "../../utils/db.server";
import { formValues } from "../../utils/form.server";
import {
  confirmPendingLink,
  PENDING_LINK_COOKIE,
  PENDING_LINK_COOKIE_PATH,
  savePendingLink,
  takePendingLink,
  type PendingLink,
} from "../../utils/oidc-accounts.server";
import { getOidcProviders } from "../../utils/oidc-config.server";
import { clearFlowCookie, flowCookie, readFlowCookie } from "../../utils/oidc.server";
import { PASSWORD_MAX_LENGTH } from "../../utils/password-rules";
import { checkRateLimits, rateLimits } from "../../utils/rate-limits.server";
import { serverInfoContext } from "../../utils/request-context";
import { AccountDisabledError, signIn } from "../../utils/sign-in.server";
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
 * A pending link is taken from the store each time this page reads it, and
 * saved again under a fresh token (same expiry): a token never works twice.
 */
async function keepPending(link: PendingLink, secure: boolean) {
  const token = await savePendingLink(getDatabase().db, link);
  return flowCookie(PENDING_LINK_COOKIE, token, { path: PENDING_LINK_COOKIE_PATH, secure });
}

async function viewOf(link: PendingLink): Promise<PendingView | undefined> {
  const provider = getOidcProviders().find((candidate) => candidate.id === link.provider);
  if (!provider) return undefined;
  const hasPassword = (await findPasswordHashById(getDatabase().db, link.userId)) !== null;
  return { email: link.email, providerName: provider.name, hasPassword };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { isSecure: secure } = context.get(serverInfoContext);
  const link = await takePendingLink(getDatabase().db, readFlowCookie(request, PENDING_LINK_COOKIE));
  const view = link && (await viewOf(link));
  if (!link || !view) return { pending: null };
  return data({ pending: view }, { headers: { "Set-Cookie": await keepPending(link, secure) } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { isSecure: secure, clientIp } = context.get(serverInfoContext);
  const { db } = getDatabase();
  const link = await takePendingLink(db, readFlowCookie(request, PENDING_LINK_COOKIE));
  const view = link && (await viewOf(link));
  if (!link || !view) return data({ pending: null, error: null }, { status: 400 });

  /** A refusal the person can correct: the pending link stays, under a new token. */
  const answer = async (status: number, error: string, retryAfter?: string | null) => {
    const headers = new Headers({ "Set-Cookie": await keepPending(link, secure) });
    if (retryAfter) headers.set("Retry-After", retryAfter);
    return data({ pending: view, error }, { status, headers });
  };

  const parsed = passwordSchema.safeParse(formValues(await request.formData()));
  if (!parsed.success) return answer(400, parsed.error.issues[0]!.message);
  // The same budget as the login form: both guess the same account's password.
  const limited = await checkRateLimits(
    [
      { rule: rateLimits.loginPerIp, subject: clientIp },
      { rule: rateLimits.loginPerEmail, subject: link.email },
    ],
    {},
  );
  if (limited) return answer(429, limited.data.errors.form, new Headers(limited.init?.headers).get("Retry-After"));

  const result = await confirmPendingLink(db, link, parsed.data.password);
  if (!result.ok) {
    switch (result.reason) {
      case "wrong-password":
        return answer(401, WRONG_PASSWORD);
      case "disabled":
        return data({ pending: view, error: new AccountDisabledError().message }, { status: 403 });
      case "linked-to-another-account":
        return data(
          { pending: view, error: `This ${view.providerName} account is already linked to another Numberlab account.` },
          { status: 409 },
        );
      case "provider-already-linked":
        return data(
          {
            pending: view,
            error: `Your account is already linked to a different ${view.providerName} account. Remove that link from your profile first.`,
          },
          { status: 409 },
        );
    }
  }
  try {
    const response = await signIn(request, link.userId, { secure, redirectTo: link.redirectTo });
    response.headers.append(
      "Set-Cookie",
      clearFlowCookie(PENDING_LINK_COOKIE, { path: PENDING_LINK_COOKIE_PATH, secure }),
    );
    return response;
  } catch (error) {
    if (error instanceof AccountDisabledError) return data({ pending: view, error: error.message }, { status: 403 });
    throw error;
  }
}

export default function LinkAccount({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  // After a POST the loader finds the old token used up: the action's answer is the page's state.
  const pending = actionData ? actionData.pending : loaderData.pending;
  const error = actionData?.error ?? null;

  if (!pending) {
    return (
      <NarrowCard title="Link your account">
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          There is no sign-in waiting to be linked in this browser, or it took longer than 10 minutes. Please start
          again from the login page.
        </Alert>
        <Button component={Link} to="/login" variant="contained">
          Back to log in
        </Button>
      </NarrowCard>
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
