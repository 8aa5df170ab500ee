import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { data, Link as RouterLink } from "react-router";
import { planPractice } from "#core/quiz/compose-quiz";
import { createRandom } from "#core/quiz/random";
import { skillById } from "#core/quiz/skills";
import { AllowanceNote } from "#app/components/quiz/allowance-note";
import { MasteryList } from "#app/components/quiz/mastery-list";
import { StartQuizButton } from "#app/components/quiz/start-quiz-button";
export { revalidateAfterRefusedStart as shouldRevalidate } from "#app/components/quiz/start-quiz-button";
import { Page } from "#app/components/page";
import { openAttemptAt } from "#app/models/quiz.server";
import { requireUser } from "#app/auth/access.server";
import { isoNow } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import {
  allowanceUsedUp,
  fixedCandidates,
  learnerMastery,
  metSkillIds,
  openAttemptSummary,
  quizAllowance,
  startQuiz,
} from "#app/quiz/quiz-start.server";
import type { Route } from "./+types/practice";

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const { db } = getDatabase();
  const [{ masteries, due }, allowance, open] = await Promise.all([
    learnerMastery(db, user.id),
    quizAllowance(db, user),
    openAttemptAt(db, user.id, { mode: "practice", chapterSlug: null }),
  ]);
  const met = await metSkillIds(db, user.id, masteries);
  return {
    allowance,
    usedUp: allowanceUsedUp(allowance),
    openAttempt: openAttemptSummary(open),
    now: isoNow(),
    dueCount: due.filter((m) => met.includes(m.skillId)).length,
    skills: met.map((id) => ({ ...masteries.find((m) => m.skillId === id)!, title: skillById(id)?.title ?? id })),
  };
}

export async function action({ context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { db } = getDatabase();
  const { masteries, due } = await learnerMastery(db, user.id);
  const met = await metSkillIds(db, user.id, masteries);
  if (met.length === 0)
    return data({ refusal: "Read a chapter first: practice draws on the skills you have met." }, { status: 400 });
  const items = planPractice(
    met,
    due,
    masteries,
    createRandom(crypto.getRandomValues(new Uint32Array(1))[0]!),
    await fixedCandidates(db, user.id, met),
  );
  return startQuiz(db, user, { mode: "practice", chapterSlug: null, items });
}

export const meta: Route.MetaFunction = () => [{ title: "Practice · Numberlab" }];

export default function Practice({ loaderData, actionData }: Route.ComponentProps) {
  const { allowance, usedUp, openAttempt, skills, dueCount, now } = loaderData;
  const noteId = useId();
  return (
    <Page
      title="Practice"
      lead="Questions from every skill you have met, starting with those due for review: a skill you missed comes back a day later, and one you know rests longer each time."
    >
      <Stack spacing={3}>
        {skills.length === 0 ? (
          <Alert severity="info">
            Practice draws on the skills of the chapters you have started.{" "}
            <RouterLink to="/">Open a chapter</RouterLink> and mark a section as read, or take a chapter quiz.
          </Alert>
        ) : (
          <>
            <Box component="section" aria-labelledby="met-heading">
              <Typography id="met-heading" variant="h6" component="h2" sx={{ mb: 1 }}>
                Skills you have met{dueCount > 0 ? ` (${dueCount} due for review)` : ""}
              </Typography>
              <MasteryList skills={skills} now={now} />
            </Box>
            <AllowanceNote allowance={allowance} id={noteId} />
            {actionData?.refusal && <Alert severity="warning">{actionData.refusal}</Alert>}
            <Box>
              <StartQuizButton label="Start practising" openAttempt={openAttempt} usedUp={usedUp} noteId={noteId} />
            </Box>
          </>
        )}
      </Stack>
    </Page>
  );
}
