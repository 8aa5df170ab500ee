import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { data, Form, useNavigation } from "react-router";
import { z } from "zod";
import { AllowanceNote } from "../../components/quiz/allowance-note";
import { Page } from "../../components/page";
import { findQuizSet } from "../../models/quiz-set.server";
import { requireUser } from "../../utils/access.server";
import { getDatabase } from "../../utils/db.server";
import { quizAllowance, startQuiz } from "../../utils/quiz-start.server";
import type { Route } from "./+types/set-quiz";

async function publishedQuiz(params: { setId: string }) {
  const id = z.uuid().safeParse(params.setId);
  const set = id.success ? await findQuizSet(getDatabase().db, id.data) : null;
  if (!set || set.kind !== "quiz")
    throw data({ message: `Page not found: /quiz/set/${params.setId}` }, { status: 404 });
  return set;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const set = await publishedQuiz(params);
  return { title: set.title, size: set.items.length, allowance: await quizAllowance(getDatabase().db, user) };
}

export async function action({ params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const set = await publishedQuiz(params);
  return data(
    await startQuiz(getDatabase().db, user, { mode: "set", chapterSlug: null, setId: set.id, items: set.items }),
    { status: 429 },
  );
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.title ?? "Quiz"} · Numberlab` }];

export default function SetQuiz({ loaderData, actionData }: Route.ComponentProps) {
  const { title, size, allowance } = loaderData;
  const starting = useNavigation().state !== "idle";
  return (
    <Page
      title={title}
      lead={`A quiz of ${size} questions set by the Numberlab team. Each answer is graded by the server and followed by a worked solution.`}
    >
      <Stack spacing={2}>
        <AllowanceNote limit={allowance.limit} usedToday={allowance.usedToday} refusal={actionData?.limitReached} />
        <Form method="post">
          <Button type="submit" variant="contained" disabled={starting}>
            Start the quiz
          </Button>
        </Form>
      </Stack>
    </Page>
  );
}
