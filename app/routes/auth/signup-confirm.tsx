import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { data, Form, Link, useNavigation } from "react-router";
import { serverInfoContext } from "../../utils/request-context";
import { findLinkGrant } from "../../utils/link-page.server";
import { readLinkToken } from "../../utils/link-token";
import { safeRedirectPath } from "../../utils/safe-redirect";
import { signIn } from "../../utils/sign-in.server";
import { completeSignUp } from "../../utils/sign-up.server";
import type { Route } from "./+types/signup-confirm";

export const meta: Route.MetaFunction = () => [{ title: "Confirm your account · Numberlab" }];

/** Opening the link only shows the confirmation; creating the account is a POST, like every change. */
export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(new URL(request.url).searchParams.get("redirectTo"), "/profile");
  return { ...(await findLinkGrant(request, "signup")), redirectTo };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = readLinkToken(form.get("token"));
  const redirectTo = safeRedirectPath(form.get("redirectTo"), "/profile");
  const result = token ? await completeSignUp(token) : ({ ok: false, reason: "invalid-link" } as const);
  if (!result.ok) return data({ reason: result.reason }, { status: 400 });
  return signIn(request, result.user.id, { secure: context.get(serverInfoContext).isSecure, redirectTo });
}

const problems = {
  "invalid-link":
    "This link is not valid any more: it may have been used already or be more than an hour old. Sign up again to get a new one.",
  "already-registered": "An account with this e-mail address already exists. Log in instead.",
} as const;

export default function ConfirmSignUp({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const problem = actionData ? problems[actionData.reason] : loaderData.valid ? null : problems["invalid-link"];
  return (
    <Container component="main" id="main" maxWidth="sm" sx={{ py: { xs: 4, md: 8 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 } }}>
        <Typography variant="h4" component="h1" gutterBottom>
          Confirm your account
        </Typography>
        {problem || !loaderData.valid ? (
          <>
            <Alert severity="error" role="alert" sx={{ mb: 3 }}>
              {problem}
            </Alert>
            <Button component={Link} to="/login?mode=signup" variant="contained">
              Sign up again
            </Button>{" "}
            <Button component={Link} to="/login" color="inherit">
              Log in
            </Button>
          </>
        ) : (
          <Form method="post">
            <input type="hidden" name="token" value={loaderData.token} />
            <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
            <Typography sx={{ mb: 3 }}>
              Create the Numberlab account for <strong>{loaderData.email}</strong> with the password you chose.
            </Typography>
            <Button type="submit" variant="contained" size="large" disabled={navigation.state === "submitting"}>
              Create my account
            </Button>
          </Form>
        )}
      </Paper>
    </Container>
  );
}
