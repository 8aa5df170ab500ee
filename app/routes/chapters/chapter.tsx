import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { data, Link } from "react-router";
import { chapters, findChapter } from "../../chapters";
import { Page } from "../../components/page";
import { requireUser } from "../../utils/access.server";
import type { Route } from "./+types/chapter";
import { entitlementsFor } from "../../utils/entitlements";

/** Serves the five fixed chapter routes and /chapter/:chapterName. */
export function loader({ request, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { pathname } = new URL(request.url);
  const slug = decodeURIComponent(pathname.replace(/^\/chapter\//, "").replace(/\/+$/, ""));
  const found = findChapter(slug);
  if (!found) throw data({ message: `Page not found: ${pathname}` }, { status: 404 });
  const { chapter, position, free } = found;
  return {
    title: chapter.title,
    summary: chapter.summary,
    position,
    total: chapters.length,
    // Premium chapters show their introduction and a subscribe call to everyone else.
    locked: !free && !entitlementsFor(user).premiumChapters,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Chapter"} · Numberlab` },
  { name: "description", content: loaderData?.summary },
];

export default function Chapter({ loaderData }: Route.ComponentProps) {
  const { title, summary, position, total, locked } = loaderData;
  return (
    <Page title={title}>
      <Typography variant="overline" component="p" color="text.secondary">
        Chapter {position} of {total}
      </Typography>
      <Typography variant="h6" component="p" sx={{ fontWeight: 400, mb: 3 }}>
        {summary}
      </Typography>
      {locked && (
        <Alert severity="info" data-testid="premium-call" sx={{ alignItems: "center" }}>
          <AlertTitle>This chapter is part of Numberlab Premium</AlertTitle>
          The first two chapters are free. Subscribe to read this one in full, with its exercises and quizzes.
          <Button
            component={Link}
            to="/subscribe"
            variant="contained"
            sx={{ display: "flex", mt: 2, width: "fit-content" }}
          >
            See the plans
          </Button>
        </Alert>
      )}
    </Page>
  );
}
