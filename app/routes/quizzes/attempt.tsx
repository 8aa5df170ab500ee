import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId } from "react";
import { data, Form, redirect } from "react-router";
import { z } from "zod";
import { AllowanceNote } from "#app/components/quiz/allowance-note";
import { QuestionCard } from "#app/components/quiz/question-card";
import { Page } from "#app/components/page";
import { pageNotFound } from "#app/http/not-found";
import { createContactMessage } from "#app/models/contact-message.server";
import { consumeRateLimit } from "#app/models/rate-limit.server";
import {
  abandonAttempt,
  answerItem,
  attemptOfUser,
  finishAttempt,
  recordHint,
  type QuizAttempt,
} from "#app/models/quiz.server";
import { requireUser } from "#app/auth/access.server";
import { CONTACT_LIMITS } from "#app/utils/contact-limits";
import { getDatabase } from "#app/utils/db.server";
import { allowanceUsedUp, quizAllowance } from "#app/quiz/quiz-start.server";
import { answersOfForm, describeItemQuestion, gradeParts, itemView, loadQuestions } from "#app/quiz/quiz.server";
import { rateLimits, tooManyAttemptsMessage } from "#app/http/rate-limits.server";
import { readForm } from "#app/http/read-form.server";
import { applyOnce, idempotencyKeyShape, type ActionAnswer } from "#app/offline/idempotent-action.server";
import { sendKeyedSubmission } from "#app/offline/queued-action";
import { submittedForm, trackQuizVerdict } from "#app/analytics/client/action-events";
import { now } from "#app/utils/clock";
import { serverInfoContext } from "#app/http/request-context";
import { fixedQuestionIdOf } from "#core/quiz/fixed-question";
export { mathInputStylesheets as links } from "#app/components/math/math-stylesheets";
import type { Route } from "./+types/attempt";

/** The attempt at this URL if it is the signed-in user's; anyone else gets the same 404 as for no attempt. */
async function ownAttempt(params: { attemptId: string }, context: Route.LoaderArgs["context"]) {
  const user = requireUser(context);
  const { db } = getDatabase();
  const attemptId = z.uuid().safeParse(params.attemptId);
  const attempt = attemptId.success ? await attemptOfUser(db, attemptId.data, user.id) : null;
  if (!attempt) throw pageNotFound(`/quiz/${params.attemptId}`);
  return { user, db, attempt };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const { user, db, attempt } = await ownAttempt(params, context);
  if (attempt.finishedAt) throw redirect(`/quiz/${attempt.id}/results`);
  const [questions, allowance] = await Promise.all([loadQuestions(db, attempt.items), quizAllowance(db, user)]);
  const counted = attempt.items.some((item) => item.answeredAt !== null);
  return {
    attemptId: attempt.id,
    title: attemptTitle(attempt),
    items: attempt.items.map((item, index) => itemView(item, questions[index]!)),
    allowance,
    // An attempt not yet answered counts from its first answer, which the limit may refuse today.
    blocked: !counted && allowanceUsedUp(allowance),
  };
}

export function attemptTitle(attempt: Pick<QuizAttempt, "mode" | "chapterSlug">): string {
  return { chapter: "Chapter quiz", practice: "Practice", set: "Quiz" }[attempt.mode];
}

/** Where a learner goes after abandoning an attempt: the page it was started from. */
function startPageOf(attempt: Pick<QuizAttempt, "mode" | "chapterSlug" | "setId">): string {
  if (attempt.mode === "chapter" && attempt.chapterSlug) return `/chapter/${attempt.chapterSlug}/quiz`;
  if (attempt.mode === "set" && attempt.setId) return `/quiz/set/${attempt.setId}`;
  return attempt.mode === "practice" ? "/practice" : "/profile";
}

const itemField = z.uuid({ error: "That question is not part of this quiz." });
const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("hint"), itemId: itemField }),
  z.object({ intent: z.literal("answer"), itemId: itemField, ...idempotencyKeyShape }),
  z.object({
    intent: z.literal("report"),
    itemId: itemField,
    message: z
      .string({ error: "Describe the problem in words." })
      .trim()
      .min(CONTACT_LIMITS.messageMin, `Describe the problem in at least ${CONTACT_LIMITS.messageMin} characters.`)
      .max(CONTACT_LIMITS.message, `Keep the report under ${CONTACT_LIMITS.message} characters.`),
  }),
  z.object({ intent: z.literal("finish") }),
]);

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user, db, attempt } = await ownAttempt(params, context);
  const values = await readForm(request);
  const parsed = actionSchema.safeParse(values);
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const input = parsed.data;
  if (input.intent === "finish") {
    // Left without an answer, an attempt is dropped: it never counted, and nothing of it is worth keeping.
    if (await abandonAttempt(db, attempt.id, user.id)) throw redirect(startPageOf(attempt));
    await finishAttempt(db, attempt.id);
    throw redirect(`/quiz/${attempt.id}/results`);
  }
  const item = attempt.items.find((entry) => entry.id === input.itemId);
  if (!item) return data({ error: "That question is not part of this quiz." }, { status: 400 });
  const question = (await loadQuestions(db, [item]))[0]!;

  if (input.intent === "report") {
    const { clientIp } = context.get(serverInfoContext);
    const limit = await consumeRateLimit(db, rateLimits.questionReportPerIp, clientIp);
    if (!limit.allowed) {
      return data(
        { error: tooManyAttemptsMessage(limit.retryAfterSeconds) },
        { status: 429, headers: { "Retry-After": String(limit.retryAfterSeconds) } },
      );
    }
    // An author's question is named by its id, so the inbox links to it; a generated one by its subject line.
    await createContactMessage(db, {
      kind: "question_report",
      questionId: fixedQuestionIdOf(item.templateId),
      name: user.displayName ?? user.email,
      email: user.email,
      subject: `Question report: ${describeItemQuestion(item)}`,
      message: input.message,
      userId: user.id,
    });
    return { reported: true };
  }
  if (input.intent === "hint") {
    if (attempt.finishedAt) return data({ error: "This quiz is over: its answers are final." }, { status: 409 });
    const used = await recordHint(db, item.id, question.hints.length);
    if (used === null) return data({ error: "The question is answered: hints are over." }, { status: 409 });
    return {};
  }

  // An answer given offline is sent again until an answer arrives: applyOnce checks it once.
  const answer = await applyOnce(
    db,
    { userId: user.id, key: input.idempotencyKey, scope: `quiz-answer:${item.id}` },
    async (trx): Promise<ActionAnswer<AnswerBody>> => {
      if (attempt.finishedAt) return { status: 409, body: { error: "This quiz is over: its answers are final." } };
      const read = answersOfForm(values, question.parts.length);
      if (!read.ok) return { status: 400, body: { error: read.error, fieldErrors: read.fieldErrors } };
      const { answers } = read;
      const verdicts = gradeParts(question, answers);
      // Time on a question runs from the previous answer (or the start) to this one.
      const since = [
        attempt.startedAt,
        ...attempt.items.flatMap((entry) => (entry.answeredAt ? [entry.answeredAt] : [])),
      ]
        .sort()
        .at(-1)!;
      const { limit } = await quizAllowance(trx, user);
      const outcome = await answerItem(trx, {
        userId: user.id,
        attemptId: attempt.id,
        itemId: item.id,
        answers,
        partResults: verdicts.map((verdict) => verdict.correct),
        timeMs: now().getTime() - Date.parse(since),
        dailyLimit: limit,
      });
      if (outcome === "daily-limit") {
        return {
          status: 429,
          body: { error: "Today's free quizzes are used up, so this quiz's answers can be checked after the reset." },
        };
      }
      if (outcome === "already-answered") {
        return { status: 409, body: { error: "This question was already answered: the first answer counts." } };
      }
      return { status: 200, body: { correct: verdicts.every((verdict) => verdict.correct) } };
    },
  );
  return data(answer.body, { status: answer.status });
}

/** What checking an answer says: whether it was right (the page shows the verdicts), or why it was refused. */
type AnswerBody = { correct: boolean } | { error: string; fieldErrors?: Record<string, string> };

/**
 * In the browser: an answer given offline that cannot reach the server stays queued instead of failing
 * the page; a verdict, whenever it comes, is counted (quiz_answer).
 */
export async function clientAction(args: Route.ClientActionArgs) {
  const form = await submittedForm(args.request);
  const answer = await sendKeyedSubmission(args);
  trackQuizVerdict(form, answer);
  return answer;
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [{ title: `${loaded?.title ?? "Quiz"} · Numberlab` }];

export default function Attempt({ loaderData }: Route.ComponentProps) {
  const { items, title, allowance, blocked } = loaderData;
  const noteId = useId();
  const answered = items.filter((item) => item.result !== null).length;
  return (
    <Page title={title} lead="Answer each question, then check it: the server grades it and shows the worked solution.">
      <Stack spacing={3}>
        <Typography role="status" sx={{ color: "text.secondary" }}>
          {answered} of {items.length} answered.
        </Typography>
        {blocked && <AllowanceNote allowance={allowance} id={noteId} />}
        {items.map((item) => (
          <QuestionCard
            key={item.id}
            item={item}
            total={items.length}
            open
            checkBlockedBy={blocked ? noteId : undefined}
            offline={{ quizTitle: title }}
          />
        ))}
        {answered === 0 ? (
          <Alert severity="info">
            {allowance.limit === null
              ? "Nothing is answered yet: abandoning the quiz removes it."
              : "Nothing is answered yet: a quiz counts toward today's free quizzes from its first checked answer, so abandoning it now costs nothing."}
          </Alert>
        ) : (
          answered < items.length && (
            <Alert severity="info">
              Questions you leave unanswered count as not done; they do not change your mastery.
            </Alert>
          )
        )}
        <Form method="post">
          <Button
            type="submit"
            name="intent"
            value="finish"
            variant={answered === items.length ? "contained" : "outlined"}
          >
            {answered === items.length ? "See your results" : answered === 0 ? "Abandon this quiz" : "Finish the quiz"}
          </Button>
        </Form>
      </Stack>
    </Page>
  );
}
