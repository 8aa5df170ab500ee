import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { NarrowCard } from "#app/components/narrow-card";
import { deleteAccount } from "#app/models/account-data.server";
import { countActiveAdmins } from "#app/models/user.server";
import { cancelSubscriptionForDeletion } from "#app/billing/manage-plan.server";
import { PLAN_SECTION_PATH } from "#app/billing/billing-paths";
import { WITHDRAWAL_DAYS } from "#app/billing/plan-state";
import { findCurrentSubscription } from "#app/models/subscription.server";
import { getPaymentProvider } from "#app/billing/provider.server";
import { requireSessionId, requireUser } from "#app/auth/access.server";
import { retryAfterHeaders } from "#app/http/action-headers";
import { getDatabase } from "#app/utils/db.server";
import { reauthenticationMethod, reauthenticationProblem } from "#app/auth/reauthentication.server";
import { serverInfoContext } from "#app/http/request-context";
import { endSession } from "#app/auth/session.server";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/profile-delete";

export const headers = retryAfterHeaders;

export const meta: Route.MetaFunction = () => [{ title: "Delete your account · Numberlab" }];

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const [by, subscription] = await Promise.all([
    reauthenticationMethod(user.id, requireSessionId(context)),
    findCurrentSubscription(getDatabase().db, user.id),
  ]);
  return { email: user.email, by, subscribed: subscription !== null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const values = await readForm(request);
  const problem = await reauthenticationProblem(user.id, requireSessionId(context), values.password);
  if (problem) {
    return data(
      { error: `${problem.message} Nothing was deleted.` },
      { status: problem.status, headers: problem.headers },
    );
  }
  const { db } = getDatabase();
  if (user.role === "admin" && (await countActiveAdmins(db)) <= 1) return lastAdminRefusal();
  // Nobody may be charged for an account that no longer exists: the subscription ends first, or nothing does.
  const cancelled = await cancelSubscriptionForDeletion(db, getPaymentProvider(), user.id);
  if (!cancelled.ok) return data({ error: `${cancelled.error} Your account was not deleted.` }, { status: 502 });
  if ((await deleteAccount(db, user.id)) === "last-admin") return lastAdminRefusal();
  const cookie = await endSession(request, { secure: context.get(serverInfoContext).isSecure });
  return redirect("/login?accountDeleted=1", { headers: { "Set-Cookie": cookie } });
}

function lastAdminRefusal() {
  return data(
    {
      error:
        "You are the last administrator. Make someone else an administrator in the user list first, so the site keeps one. Nothing was deleted.",
    },
    { status: 409 },
  );
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
      {loaderData.subscribed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          Your subscription is cancelled at once with the account, and nothing more is charged. Within {WITHDRAWAL_DAYS}{" "}
          days of your first payment you can withdraw with a full refund under{" "}
          <Link to={PLAN_SECTION_PATH}>Your plan</Link> first.
        </Alert>
      )}
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
