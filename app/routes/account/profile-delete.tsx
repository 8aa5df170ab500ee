import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { NarrowCard } from "../../components/narrow-card";
import { deleteAccount } from "../../models/account-data.server";
import { findSessionCreatedAt } from "../../models/session.server";
import { findPasswordHashById } from "../../models/user.server";
import { requireSessionId, requireUser } from "../../utils/access.server";
import { retryAfterHeaders } from "../../utils/action-headers";
import { getDatabase } from "../../utils/db.server";
import { formValues } from "../../utils/form.server";
import { PASSWORD_MAX_LENGTH } from "../../utils/password-rules";
import { verifyPassword } from "../../utils/password.server";
import { checkRateLimits, rateLimits } from "../../utils/rate-limits.server";
import { serverInfoContext } from "../../utils/request-context";
import { endSession } from "../../utils/session.server";
import type { Route } from "./+types/profile-delete";

/** Without a password, deleting needs a sign-in this recent (re-authentication). */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Delete your account · Numberlab" }];

async function confirmation(userId: string, sessionId: string) {
  const { db } = getDatabase();
  if ((await findPasswordHashById(db, userId)) !== null) return { by: "password" as const };
  const signedInAt = await findSessionCreatedAt(db, sessionId);
  const recent = signedInAt !== undefined && Date.now() - Date.parse(signedInAt) < RECENT_SIGN_IN_MS;
  return { by: recent ? ("recent-sign-in" as const) : ("sign-in-again" as const) };
}

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return { email: user.email, ...(await confirmation(user.id, requireSessionId(context))) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const sessionId = requireSessionId(context);
  const server = context.get(serverInfoContext);
  const { db } = getDatabase();
  const values = formValues(await request.formData());
  const { by } = await confirmation(user.id, sessionId);
  if (by === "sign-in-again") {
    return data({ error: "Please sign in again to confirm that it is you." }, { status: 403 });
  }
  if (by === "password") {
    const limited = await checkRateLimits([{ rule: rateLimits.passwordCheckPerAccount, subject: user.id }], {});
    if (limited) return data({ error: limited.data.errors.form }, { status: 429, headers: limited.init?.headers });
    const password = typeof values.password === "string" ? values.password.slice(0, PASSWORD_MAX_LENGTH + 1) : "";
    const stored = await findPasswordHashById(db, user.id);
    if (!password || !(await verifyPassword(stored, password))) {
      return data({ error: "That is not your password. Nothing was deleted." }, { status: 400 });
    }
  }
  await deleteAccount(db, user.id);
  const cookie = await endSession(request, { secure: server.isSecure });
  return redirect("/login?accountDeleted=1", { headers: { "Set-Cookie": cookie } });
}

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  return (
    <NarrowCard title="Delete your account">
      <Typography sx={{ mb: 2 }}>
        This deletes the account <strong>{loaderData.email}</strong> for good: your profile, sign-in methods, sessions,
        progress and messages. It cannot be undone. You may want to{" "}
        <a href="/profile/export" download>
          export your data
        </a>{" "}
        first.
      </Typography>
      {actionData?.error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {actionData.error}
        </Alert>
      )}
      {loaderData.by === "sign-in-again" ? (
        <>
          <Typography sx={{ mb: 2 }}>
            Your account has no password, so please sign in again first to confirm that it is you; then come back here
            within ten minutes.
          </Typography>
          <Form method="post" action="/logout">
            <input type="hidden" name="redirectTo" value="/login?redirectTo=%2Fprofile%2Fdelete" />
            <Button type="submit" variant="contained">
              Sign in again
            </Button>
          </Form>
        </>
      ) : (
        <Form method="post" noValidate>
          <Stack spacing={2}>
            {loaderData.by === "password" && (
              <TextField
                label="Your password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
              />
            )}
            <Stack direction="row" spacing={2}>
              <Button type="submit" variant="contained" color="error" disabled={busy}>
                Delete my account
              </Button>
              <Button component={Link} to="/profile" color="inherit">
                Keep my account
              </Button>
            </Stack>
          </Stack>
        </Form>
      )}
    </NarrowCard>
  );
}
