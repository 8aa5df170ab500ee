import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import { data, Link as RouterLink, useRouteLoaderData, type ShouldRevalidateFunction } from "react-router";
import { z } from "zod";
import { MAX_SEED } from "#core/quiz/compose-quiz";
import type { Difficulty } from "#core/quiz/question";
import { createRandom } from "#core/quiz/random";
import { SKILLS } from "#core/quiz/skills";
import { templateById, templatesOfSkill } from "#core/quiz/templates/index";
import { QuestionCard } from "#app/components/quiz/question-card";
import { Page } from "#app/components/page";
import type { QuizItem } from "#app/models/quiz.server";
import { answersOfForm, gradeParts, itemView, questionOf, unansweredItem } from "#app/quiz/quiz.server";
import { readForm } from "#app/http/read-form.server";
import { sendKeyedSubmission } from "#app/offline/queued-action";
import { submittedForm, trackQuizVerdict } from "#app/analytics/client/action-events";
export { mathInputStylesheets as links } from "#app/components/math/math-stylesheets";
import type { loader as rootLoader } from "#app/root";
import type { Route } from "./+types/sample-quiz";

/** One question from each chapter's first skill, at the easiest level: a taste of every chapter. */
const SAMPLE_DIFFICULTY: Difficulty = 1;

/**
 * A sample question is named by its template and seed alone (`sample:<template>:<seed>`): nothing is
 * stored, and the server makes the question again for every hint and answer, so the page never holds
 * its key.
 */
function sampleItem(templateId: string, seed: number, position: number, progress: Partial<QuizItem> = {}): QuizItem {
  const template = templateById(templateId)!;
  const plan = { templateId, skillId: template.skillId, seed, difficulty: SAMPLE_DIFFICULTY };
  return { ...unansweredItem(plan, `sample:${templateId}:${seed}`, position), ...progress };
}

function sampleTemplates(): string[] {
  const firstSkills = [...new Map(SKILLS.map((skill) => [skill.chapter, skill])).values()];
  return firstSkills.flatMap((skill) =>
    templatesOfSkill(skill.id)
      .slice(0, 1)
      .map((template) => template.id),
  );
}

export function loader() {
  const random = createRandom(crypto.getRandomValues(new Uint32Array(1))[0]!);
  const templates = sampleTemplates();
  return {
    items: templates.map((id, position) => {
      const item = sampleItem(id, random.int(0, MAX_SEED), position);
      return itemView(item, questionOf(item));
    }),
  };
}

/**
 * An answer or hint changes no loaded data, and reloading would draw new questions under the learner's
 * answers: neither a form nor a revalidation on the same page (after answers given offline were sent)
 * reloads it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  formMethod,
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}) => (formMethod === "POST" || currentUrl.href === nextUrl.href ? false : defaultShouldRevalidate);

const actionSchema = z.object({
  intent: z.enum(["hint", "answer"], { error: "Ask for a hint or check an answer." }),
  itemId: z
    .string()
    .regex(/^sample:[a-z0-9-]+:\d{1,10}$/, "That question is not part of the sample quiz.")
    .transform((id) => {
      const [, templateId, seed] = id.split(":");
      return { templateId: templateId!, seed: Number(seed) };
    })
    .refine(({ templateId, seed }) => templateById(templateId) !== undefined && seed <= MAX_SEED, {
      message: "That question is not part of the sample quiz.",
    }),
  hintsUsed: z.coerce.number().int().min(0).max(10),
});

export async function action({ request }: Route.ActionArgs) {
  const values = await readForm(request);
  const parsed = actionSchema.safeParse(values);
  if (!parsed.success) return data({ error: parsed.error.issues[0]!.message }, { status: 400 });
  const { intent, itemId, hintsUsed } = parsed.data;
  const base = sampleItem(itemId.templateId, itemId.seed, 0);
  const question = questionOf(base);
  const position = z.coerce.number().int().min(0).max(20).catch(0).parse(values.position);
  if (intent === "hint") {
    const item = sampleItem(itemId.templateId, itemId.seed, position, {
      hintsUsed: Math.min(hintsUsed + 1, question.hints.length),
    });
    return { item: itemView(item, question) };
  }
  const read = answersOfForm(values, question.parts.length);
  if (!read.ok) return data({ error: read.error, fieldErrors: read.fieldErrors }, { status: 400 });
  const { answers } = read;
  const verdicts = gradeParts(question, answers);
  const item = sampleItem(itemId.templateId, itemId.seed, position, {
    hintsUsed: Math.min(hintsUsed, question.hints.length),
    answers,
    partResults: verdicts.map((verdict) => verdict.correct),
    correct: verdicts.every((verdict) => verdict.correct),
    answeredAt: new Date().toISOString(),
  });
  return { item: itemView(item, question) };
}

/**
 * In the browser: an answer given offline is graded once the connection returns (grading again gives the
 * same verdict); a verdict, whenever it comes, is counted (quiz_answer).
 */
export async function clientAction(args: Route.ClientActionArgs) {
  const form = await submittedForm(args.request);
  const answer = await sendKeyedSubmission(args);
  trackQuizVerdict(form, answer);
  return answer;
}

export const meta: Route.MetaFunction = () => [{ title: "Sample quiz · Numberlab" }];

export default function QuizTest({ loaderData }: Route.ComponentProps) {
  const { items } = loaderData;
  // Sign-up switched off (/admin/application): the link offers signing in only.
  const signUpOpen = useRouteLoaderData<typeof rootLoader>("root")?.features.signUp ?? true;
  return (
    <Page
      title="Sample quiz"
      lead="A question from each chapter, made fresh on every visit. Try them without an account: nothing is stored."
    >
      <Stack spacing={3}>
        {items.map((item) => (
          <QuestionCard
            key={item.id}
            item={item}
            total={items.length}
            open
            reportable={false}
            offline={{ quizTitle: "Sample quiz" }}
          />
        ))}
        <Alert severity="info">
          With an account, each chapter ends with its own quiz, and your mastery of every skill is kept.{" "}
          <RouterLink to="/login">{signUpOpen ? "Sign in or create an account" : "Sign in"}</RouterLink>.
        </Alert>
      </Stack>
    </Page>
  );
}
