import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Form, Link } from "react-router";
import { Page } from "../../components/page";
import { requireUser } from "../../utils/access.server";
import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = () => [{ title: "Profile · Numberlab" }];

export function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  return { email: user.email, role: user.role, isPremium: user.isPremium, createdAt: user.createdAt };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { email, role, isPremium, createdAt } = loaderData;
  const memberSince = new Date(createdAt).toLocaleDateString("en-GB", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return (
    <Page title="Your profile" lead="Your account and your plan.">
      <Stack spacing={2} sx={{ mb: 4 }}>
        <Typography>
          Signed in as <strong>{email}</strong>
        </Typography>
        <Stack direction="row" spacing={1}>
          <Chip label={role === "admin" ? "Administrator" : "Learner"} />
          <Chip label={isPremium ? "Premium" : "Free plan"} color={isPremium ? "primary" : "default"} />
        </Stack>
        <Typography color="text.secondary">Member since {memberSince}.</Typography>
      </Stack>
      <Stack direction="row" spacing={2} sx={{ flexWrap: "wrap" }}>
        {!isPremium && role !== "admin" && (
          <Button component={Link} to="/subscribe" variant="contained">
            Unlock every chapter
          </Button>
        )}
        <Form method="post" action="/logout">
          <Button type="submit" variant="outlined" color="inherit">
            Log out
          </Button>
        </Form>
      </Stack>
    </Page>
  );
}
