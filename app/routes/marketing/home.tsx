import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardContent from "@mui/material/CardContent";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { Link } from "react-router";
import { listPublishedChapters } from "../../models/chapter.server";
import { getDatabase } from "../../utils/db.server";
import type { Route } from "./+types/home";

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
    title: "Sample quiz",
    to: "/tests/quiz_test",
    text: "A short quiz without an account, graded fairly and explained.",
  },
];

export async function loader() {
  const chapters = await listPublishedChapters(getDatabase().db);
  return {
    chapters: chapters.map(({ slug, title, summary, access }) => ({ slug, title, summary, access })),
  };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { chapters } = loaderData;
  const freeCount = chapters.filter((chapter) => chapter.access === "free").length;
  return (
    <Box component="main" id="main">
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
            Numberlab teaches number theory and algebra the way mathematicians explore them: primes as the atoms of
            every number, remainders that repeat in cycles, powers that wrap around, and the algebra that ties it
            together. Read a chapter, then test every idea with a tool.
          </Typography>
          <Box sx={{ mt: 4, display: "flex", gap: 2, flexWrap: "wrap" }}>
            <Button component={Link} to={`/chapter/${chapters[0]?.slug ?? ""}`} variant="contained" size="large">
              Start the first chapter
            </Button>
            <Button component={Link} to="/prime-factorization-engine" variant="outlined" color="inherit" size="large">
              Factorize a number
            </Button>
          </Box>
        </Container>
      </Box>

      <Container maxWidth="lg" sx={{ py: 6 }}>
        <Typography variant="h4" component="h2" id="chapters" gutterBottom sx={{ scrollMarginTop: 80 }}>
          The chapters
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {chapters.length} chapters in course order. {freeCount === 1 ? "One is" : `${freeCount} are`} free with an
          account; Premium opens the others.
        </Typography>
        <Grid container spacing={2}>
          {chapters.map((chapter, index) => (
            <Grid key={chapter.slug} size={{ xs: 12, md: 6, xl: 4 }}>
              <Card variant="outlined" sx={{ height: "100%" }}>
                <CardActionArea component={Link} to={`/chapter/${chapter.slug}`} sx={{ height: "100%" }}>
                  <CardContent>
                    <Box sx={{ display: "flex", justifyContent: "space-between", alignItems: "center", mb: 1 }}>
                      <Typography variant="overline" component="p" color="text.secondary">
                        Chapter {index + 1}
                      </Typography>
                      <Typography
                        component="span"
                        variant="caption"
                        sx={{ px: 1, border: 1, borderColor: "divider", borderRadius: 4, fontWeight: 600 }}
                      >
                        {chapter.access === "free" ? "Free" : "Premium"}
                      </Typography>
                    </Box>
                    <Typography variant="h6" component="h3" gutterBottom>
                      {chapter.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {chapter.summary}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>

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

        <Card variant="outlined" sx={{ mt: 8, p: { xs: 3, md: 5 }, bgcolor: "action.hover" }}>
          <Typography variant="h4" component="h2" gutterBottom>
            Go further with Premium
          </Typography>
          <Typography sx={{ mb: 3, maxWidth: 720 }}>
            Premium opens every chapter and unlimited quizzes. It supports the people who write the lessons and run this
            site, and you can cancel at any time.
          </Typography>
          <Button component={Link} to="/subscribe" variant="contained" size="large">
            See the plans
          </Button>
        </Card>
      </Container>
    </Box>
  );
}
