import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { data, Link as RouterLink } from "react-router";
import { planChapterQuiz } from "#core/quiz/compose-quiz";
import { createRandom } from "#core/quiz/random";
import { skillsOfChapter } from "#core/quiz/skills";
import { AllowanceNote } from "#app/components/quiz/allowance-note";
import { StartQuizButton } from "#app/components/quiz/start-quiz-button";
export { revalidateAfterRefusedStart as shouldRevalidate } from "#app/components/quiz/start-quiz-button";
import { MasteryList } from "#app/components/quiz/mastery-list";
import { Page } from "#app/components/page";
import { subscribePath } from "#app/billing/billing-paths";
import { pageNotFound } from "#app/http/not-found";
import { findChapterBySlug } from "#app/models/chapter.server";
import { openAttemptAt } from "#app/models/quiz.server";
import { requireUser } from "#app/auth/access.server";
import { isoNow } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { entitlementsFor } from "#app/utils/entitlements";
import {
  allowanceUsedUp,
  fixedCandidates,
  learnerMastery,
  openAttemptSummary,
  quizAllowance,
  startQuiz,
} from "#app/quiz/quiz-start.server";
import type { Route } from "./+types/chapter-quiz";

/** The chapter whose quiz this is, if the user may take it. */
async function quizChapter(params: { chapterName: string }, context: Route.LoaderArgs["context"]) {
  const user = requireUser(context);
  const { db } = getDatabase();
  const entitlements = entitlementsFor(user);
  const chapter = await findChapterBySlug(db, params.chapterName);
  const path = `/chapter/${params.chapterName}/quiz`;
  if (!chapter || (!chapter.published && !entitlements.adminArea) || skillsOfChapter(chapter.slug).length === 0) {
    throw pageNotFound(path);
  }
  const locked = chapter.access === "premium" && !entitlements.premiumChapters;
  return { user, db, chapter, locked };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, db, chapter, locked } = await quizChapter(params, context);
  const [{ masteries }, allowance, open] = await Promise.all([
    learnerMastery(db, user.id),
    quizAllowance(db, user),
    openAttemptAt(db, user.id, { mode: "chapter", chapterSlug: chapter.slug }),
  ]);
  return {
    chapter: { slug: chapter.slug, title: chapter.title },
    locked,
    allowance,
    usedUp: allowanceUsedUp(allowance),
    openAttempt: openAttemptSummary(open),
    now: isoNow(),
    skills: skillsOfChapter(chapter.slug).map((skill) => ({
      ...masteries.find((m) => m.skillId === skill.id)!,
      title: skill.title,
    })),
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const { user, db, chapter, locked } = await quizChapter(params, context);
  if (locked) return data({ refusal: "This chapter's quiz comes with premium." }, { status: 403 });
  const { masteries } = await learnerMastery(db, user.id);
  const skillIds = skillsOfChapter(chapter.slug).map((skill) => skill.id);
  const items = planChapterQuiz(
    chapter.slug,
    masteries,
    createRandom(crypto.getRandomValues(new Uint32Array(1))[0]!),
    await fixedCandidates(db, user.id, skillIds),
  );
  return startQuiz(db, user, { mode: "chapter", chapterSlug: chapter.slug, items });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `Quiz: ${loaded?.chapter.title ?? "chapter"} · Numberlab` },
];

export default function ChapterQuiz({ loaderData, actionData }: Route.ComponentProps) {
  const { chapter, locked, allowance, usedUp, openAttempt, skills, now } = loaderData;
  const noteId = useId();
  return (
    <Page
      title={`Quiz: ${chapter.title}`}
      lead="Five questions on the chapter's skills, drawn afresh each time. Each answer is graded by the server and followed by a worked solution."
    >
      <Stack spacing={3}>
        <Box component="section" aria-labelledby="skills-heading">
          <Typography id="skills-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
            Skills in this chapter
          </Typography>
          <MasteryList skills={skills} now={now} />
        </Box>
        {locked ? (
          <Alert severity="info">
            This chapter and its quiz come with premium.{" "}
            <RouterLink to={subscribePath(`/chapter/${chapter.slug}/quiz`)}>See the plans</RouterLink>.
          </Alert>
        ) : (
          <>
            <AllowanceNote allowance={allowance} id={noteId} />
            {actionData?.refusal && <Alert severity="warning">{actionData.refusal}</Alert>}
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center" }}>
              <StartQuizButton label="Start the quiz" openAttempt={openAttempt} usedUp={usedUp} noteId={noteId} />
              <Button component={RouterLink} to={`/chapter/${chapter.slug}`} color="inherit">
                Back to the chapter
              </Button>
            </Stack>
          </>
        )}
      </Stack>
    </Page>
  );
}
