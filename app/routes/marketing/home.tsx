import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { ContinueLearning } from "#app/components/course/continue-learning";
import { CourseMap } from "#app/components/course/course-map";
import { courseMapFor, type CourseMap as CourseMapData } from "#app/course/course-map.server";
import { DailyGoalSummary } from "#app/components/course/daily-goal-summary";
import { dailyRhythmOf, type DailyRhythm } from "#app/course/daily-rhythm.server";
import { getDatabase } from "#app/utils/db.server";
import { entitlementsFor } from "#app/utils/entitlements";
import { userContext } from "#app/http/request-context";
import type { Route } from "./+types/home";

/** Its document is kept across requests with the same data (app/http/render-cache.server.ts). */
export const handle = { cacheRender: true };

export const meta: Route.MetaFunction = () => [
  { title: "Numberlab · Learn number theory and algebra" },
  {
    name: "description",
    content:
      "Lessons on primes, remainders and algebra with interactive tools: a prime factorization engine, a formula plotter and quizzes.",
  },
];

const tools = [
  {
    title: "Prime factorization engine",
    to: "/prime-factorization-engine",
    text: "Split any whole number into primes and see how each algorithm finds them.",
  },
  {
    title: "Prime discoveries",
    to: "/prime-discoveries",
    text: "The record primes of history, and the tests that prove them, run in your browser.",
  },
  {
    title: "Plot Formula",
    to: "/tests/ploting",
    text: "Type a formula and see its graph: several curves, sliders and zoom.",
  },
  {
    title: "Labs",
    to: "/tests",
    text: "Sine waves, number patterns, formula scratchpads, a sample quiz: small pages to try an idea.",
  },
];

/** Guests meet what Numberlab teaches; a signed-in learner meets their own course first. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = context.get(userContext);
  const { db } = getDatabase();
  const [courseMap, rhythm] = await Promise.all([courseMapFor(db, user), user ? dailyRhythmOf(db, user.id) : null]);
  return {
    ...courseMap,
    rhythm,
    premium: user ? entitlementsFor(user).premiumChapters : false,
  };
}

function Welcome({ learner, rhythm }: { learner: NonNullable<CourseMapData["learner"]>; rhythm: DailyRhythm | null }) {
  return (
    <Box sx={{ py: { xs: 4, md: 6 }, borderBottom: 1, borderColor: "divider" }}>
      <Container maxWidth="lg">
        <Typography variant="h3" component="h1" sx={{ fontWeight: 800, fontSize: { xs: "2rem", md: "3rem" }, mb: 3 }}>
          Welcome back
        </Typography>
        <ContinueLearning place={learner.place} lastRead={learner.lastRead} reviewsDue={learner.reviewsDue} />
        <Card variant="outlined" component="section" aria-labelledby="daily-goal-heading" sx={{ mt: 2 }}>
          <CardContent>
            <Typography id="daily-goal-heading" variant="h5" component="h2" gutterBottom>
              Your daily goal
            </Typography>
            {rhythm ? (
              <DailyGoalSummary rhythm={rhythm} />
            ) : (
              <Typography sx={{ mb: 1 }}>A few questions a day keep what you learn. Choose your own pace.</Typography>
            )}
            <Button component={Link} to="/profile#daily-goal" color="inherit" sx={{ mt: 1 }}>
              {rhythm ? "Change my goal" : "Set a daily goal"}
            </Button>
          </CardContent>
        </Card>
      </Container>
    </Box>
  );
}

function Hero({ firstChapter }: { firstChapter: string }) {
  return (
    <Box sx={{ py: { xs: 6, md: 10 }, borderBottom: 1, borderColor: "divider" }}>
      <Container maxWidth="lg">
        <Typography
          variant="h2"
          component="h1"
          sx={{ fontWeight: 800, fontSize: { xs: "2.25rem", md: "3.75rem" }, maxWidth: 900 }}
        >
          Understand numbers from the inside
        </Typography>
        <Typography variant="h6" component="p" color="text.secondary" sx={{ mt: 2, fontWeight: 400, maxWidth: 760 }}>
          Numberlab teaches number theory and algebra the way mathematicians explore them: primes as the atoms of every
          number, remainders that repeat in cycles, powers that wrap around, and the algebra that ties it together. Read
          a chapter, then test every idea with a tool.
        </Typography>
        <Box sx={{ mt: 4, display: "flex", gap: 2, flexWrap: "wrap" }}>
          <Button component={Link} to={firstChapter} variant="contained" size="large">
            Start the first chapter
          </Button>
          <Button component={Link} to="/prime-factorization-engine" variant="outlined" color="inherit" size="large">
            Factorize a number
          </Button>
        </Box>
      </Container>
    </Box>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { chapters, learner, premium, rhythm } = loaderData;
  const freeCount = chapters.filter((chapter) => chapter.access === "free").length;
  const place = learner?.place;
  return (
    <Box component="main" id="main">
      {learner ? (
        <Welcome learner={learner} rhythm={rhythm} />
      ) : (
        <Hero firstChapter={`/chapter/${chapters[0]?.slug ?? ""}`} />
      )}

      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Typography variant="h4" component="h2" id="chapters" gutterBottom sx={{ scrollMarginTop: 80 }}>
          {learner ? "Your course" : "The chapters"}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {chapters.length} chapters in course order. {freeCount === 1 ? "One is" : `${freeCount} are`} free with an
          account; Premium opens the others.
        </Typography>
        <CourseMap chapters={chapters} currentSlug={place && place.kind !== "finished" ? place.chapter.slug : null} />

        <Typography variant="h4" component="h2" sx={{ mt: 8 }} gutterBottom>
          The tools
        </Typography>
        <Grid container spacing={2}>
          {tools.map((tool) => (
            <Grid key={tool.to} size={{ xs: 12, sm: 6, lg: 3 }}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardActionArea component={Link} to={tool.to} sx={{ height: "100%" }}>
                  <CardContent>
                    <Typography variant="h6" component="h3" gutterBottom>
                      {tool.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {tool.text}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>

        {!premium && (
          <Card variant="outlined" sx={{ mt: 8, p: { xs: 3, md: 5 }, bgcolor: "action.hover" }}>
            <Typography variant="h4" component="h2" gutterBottom>
              Go further with Premium
            </Typography>
            <Typography sx={{ mb: 3, maxWidth: 720 }}>
              Premium opens every chapter and unlimited quizzes. It supports the people who write the lessons and run
              this site, and you can cancel at any time.
            </Typography>
            <Button component={Link} to="/subscribe" variant="contained" size="large">
              See the plans
            </Button>
          </Card>
        )}
      </Container>
    </Box>
  );
}
