import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, redirect, useRouteLoaderData } from "react-router";
import { z } from "zod";
import { skillMastery } from "#core/quiz/mastery";
import { skillById } from "#core/quiz/skills";
import { MasteryList } from "#app/components/quiz/mastery-list";
import { QuestionCard } from "#app/components/quiz/question-card";
import { PushOptInButton } from "#app/components/push/push-opt-in-button";
import type { loader as rootLoader } from "#app/root";
import { Page } from "#app/components/page";
import { pageNotFound } from "#app/http/not-found";
import { answerHistory, attemptOfUser } from "#app/models/quiz.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { itemView, loadQuestions } from "#app/quiz/quiz.server";
import { markdownBlockHtml } from "#app/content/markdown-html.server";
import { attemptTitle } from "./attempt";
export { mathInputStylesheets as links } from "#app/components/math/math-stylesheets";
import type { Route } from "./+types/results";

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db } = getDatabase();
  const attemptId = z.uuid().safeParse(params.attemptId);
  const attempt = attemptId.success ? await attemptOfUser(db, attemptId.data, user.id) : null;
  if (!attempt) throw pageNotFound(`/quiz/${params.attemptId}/results`);
  if (!attempt.finishedAt) throw redirect(`/quiz/${attempt.id}`);
  const history = await answerHistory(db, user.id);
  const skillIds = [...new Set(attempt.items.map((item) => item.skillId))];
  const questions = await loadQuestions(db, attempt.items);
  return {
    title: `${attemptTitle(attempt)}: results`,
    chapterSlug: attempt.chapterSlug,
    score: attempt.items.filter((item) => item.correct === true).length,
    items: attempt.items.map((item, index) => {
      const question = questions[index]!;
      const view = itemView(item, question);
      // The attempt is over: unanswered questions show their solution too.
      return { ...view, unansweredSolutionHtml: view.result ? null : markdownBlockHtml(question.solution) };
    }),
    mastery: skillIds.map((id) => ({ ...skillMastery(id, history), title: skillById(id)?.title ?? id })),
  };
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.title ?? "Results"} · Numberlab` }];

export default function Results({ loaderData }: Route.ComponentProps) {
  const { items, score, mastery, chapterSlug, title } = loaderData;
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const pushDevice = root?.pushDevice ?? null;
  // Switched off by an admin: the offer is left out rather than shown with a button that cannot work.
  const pushOn = root?.features.push ?? true;
  return (
    <Page title={title} lead={`You answered ${score} of ${items.length} questions right.`}>
      <Stack spacing={3}>
        <Box component="section" aria-labelledby="mastery-heading">
          <Typography id="mastery-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            Your mastery now
          </Typography>
          <MasteryList skills={mastery} />
          {pushOn && (
            <>
              <Typography color="text.secondary" sx={{ mt: 2, mb: 1 }}>
                Skills come due for review as days pass. Numberlab can remind you on this device at the hour you choose,
                only on days when reviews are due.
              </Typography>
              <PushOptInButton topic="review-reminders" label="Remind me when reviews are due" device={pushDevice} />
            </>
          )}
        </Box>
        {items.map((item) => (
          <Stack key={item.id} spacing={1}>
            <QuestionCard item={item} total={items.length} open={false} />
            {item.unansweredSolutionHtml && (
              <Alert severity="info" icon={false}>
                <strong>Not answered. Worked solution:</strong>
                <Box className="quiz-text" dangerouslySetInnerHTML={{ __html: item.unansweredSolutionHtml }} />
              </Alert>
            )}
          </Stack>
        ))}
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
          {chapterSlug && (
            <Button component={RouterLink} to={`/chapter/${chapterSlug}/quiz`} variant="contained">
              Another chapter quiz
            </Button>
          )}
          <Button component={RouterLink} to="/practice" variant="outlined">
            Practise all you have met
          </Button>
          <Button component={RouterLink} to="/profile" color="inherit">
            Your profile
          </Button>
        </Stack>
      </Stack>
    </Page>
  );
}
