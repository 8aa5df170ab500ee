import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MuiLink from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { ContinueLearning } from "#app/components/course/continue-learning";
import { CourseMap } from "#app/components/course/course-map";
import { Page } from "#app/components/page";
import { courseMapFor } from "#app/course/course-map.server";
import { getDatabase } from "#app/utils/db.server";
import { userContext } from "#app/http/request-context";
import type { Route } from "./+types/course-map";

export const meta: Route.MetaFunction = () => [
  { title: "Chapters · Numberlab" },
  {
    name: "description",
    content: "The five chapters of the Numberlab course, in order: what each teaches and which are free.",
  },
];

/**
 * /chapter: the course map. The list of chapters is public (SPEC.md §1 guards the chapters, not
 * their titles); a signed-in learner also sees their progress and where they are.
 */
export async function loader({ context }: Route.LoaderArgs) {
  return courseMapFor(getDatabase().db, context.get(userContext));
}

export default function CourseMapPage({ loaderData }: Route.ComponentProps) {
  const { chapters, learner } = loaderData;
  const place = learner?.place;
  const currentSlug = place && place.kind !== "finished" ? place.chapter.slug : null;
  return (
    <Page
      title="Chapters"
      lead="The course in order: each chapter builds on the ones before it. The first two are free with an account; Premium opens the others."
      maxWidth="lg"
    >
      <Typography sx={{ mb: 3 }}>
        Every term the course defines is in the{" "}
        <MuiLink component={Link} to="/glossary">
          glossary
        </MuiLink>
        .
      </Typography>
      {learner ? (
        <Box sx={{ mb: 4 }}>
          <ContinueLearning place={learner.place} lastRead={learner.lastRead} reviewsDue={learner.reviewsDue} />
        </Box>
      ) : (
        <Alert
          severity="info"
          sx={{ mb: 4 }}
          action={
            <Button
              component={Link}
              to="/login?redirectTo=%2Fchapter"
              color="inherit"
              variant="outlined"
              sx={{ whiteSpace: "nowrap" }}
            >
              Log in
            </Button>
          }
        >
          Chapters are read with an account: log in or create one for free, and your progress is kept.
        </Alert>
      )}
      <Typography variant="h5" component="h2" gutterBottom>
        {learner ? "Your course" : "The course"}
      </Typography>
      <CourseMap chapters={chapters} currentSlug={currentSlug} />
    </Page>
  );
}
