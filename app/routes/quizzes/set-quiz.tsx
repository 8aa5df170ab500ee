import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { useId } from "react";
import { z } from "zod";
import { AllowanceNote } from "#app/components/quiz/allowance-note";
import { StartQuizButton } from "#app/components/quiz/start-quiz-button";
export { revalidateAfterRefusedStart as shouldRevalidate } from "#app/components/quiz/start-quiz-button";
import { Page } from "#app/components/page";
import { pageNotFound } from "#app/http/not-found";
import { findQuizSet } from "#app/models/quiz-set.server";
import { openAttemptAt } from "#app/models/quiz.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { allowanceUsedUp, openAttemptSummary, quizAllowance, startQuiz } from "#app/quiz/quiz-start.server";
import type { Route } from "./+types/set-quiz";

async function publishedQuiz(params: { setId: string }) {
  const id = z.uuid().safeParse(params.setId);
  const set = id.success ? await findQuizSet(getDatabase().db, id.data) : null;
  if (!set || set.kind !== "quiz") throw pageNotFound(`/quiz/set/${params.setId}`);
  return set;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const set = await publishedQuiz(params);
  const { db } = getDatabase();
  const [allowance, open] = await Promise.all([
    quizAllowance(db, user),
    openAttemptAt(db, user.id, { mode: "set", chapterSlug: null, setId: set.id }),
  ]);
  return {
    title: set.title,
    size: set.items.length,
    allowance,
    usedUp: allowanceUsedUp(allowance),
    openAttempt: openAttemptSummary(open),
  };
}

export async function action({ params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const set = await publishedQuiz(params);
  return startQuiz(getDatabase().db, user, { mode: "set", chapterSlug: null, setId: set.id, items: set.items });
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.title ?? "Quiz"} · Numberlab` }];

export default function SetQuiz({ loaderData }: Route.ComponentProps) {
  const { title, size, allowance, usedUp, openAttempt } = loaderData;
  const noteId = useId();
  return (
    <Page
      title={title}
      lead={`A quiz of ${size} questions set by the Numberlab team. Each answer is graded by the server and followed by a worked solution.`}
    >
      <Stack spacing={2}>
        <AllowanceNote allowance={allowance} id={noteId} />
        <Box>
          <StartQuizButton label="Start the quiz" openAttempt={openAttempt} usedUp={usedUp} noteId={noteId} />
        </Box>
      </Stack>
    </Page>
  );
}
