import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { AdminSection, FormSection } from "#app/components/admin/admin-section";
import { ChapterFields } from "#app/components/content-admin/chapter-fields";
import {
  LinkedTitle,
  orderingColumn,
  positionColumn,
  stateColumn,
} from "#app/components/content-admin/content-columns";
import { DataTable } from "#app/components/data-table";
import { FormTextField } from "#app/components/form-text-field";
import { Page } from "#app/components/page";
import {
  chapterInputSchema,
  createChapter,
  listChapters,
  moveChapter,
  setChapterPublished,
} from "#app/models/chapter.server";
import { listQuizQuestions } from "#app/models/quiz-question.server";
import { templateStatistics } from "#app/models/quiz.server";
import { fixedTemplateId } from "#core/quiz/fixed-question";
import { skillById } from "#core/quiz/skills";
import { getDatabase } from "#app/utils/db.server";
import { fieldErrors, submittedText } from "#app/http/form.server";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/content";

export const meta: Route.MetaFunction = () => [{ title: "Content · Numberlab" }];

/** How much of a question's text the list shows. */
const EXCERPT_LENGTH = 120;

export async function loader() {
  const { db } = getDatabase();
  const [chapters, questions, statistics] = await Promise.all([
    listChapters(db),
    listQuizQuestions(db),
    templateStatistics(db),
  ]);
  return {
    chapters,
    questions: questions.map((question) => {
      const text = question.content.prompt.replace(/\s+/g, " ");
      const answered = statistics.find((row) => row.templateId === fixedTemplateId(question.id));
      return {
        id: question.id,
        excerpt: text.length > EXCERPT_LENGTH ? `${text.slice(0, EXCERPT_LENGTH - 1)}…` : text,
        skill: skillById(question.content.skillId)?.title ?? question.content.skillId,
        difficulty: question.content.difficulty,
        published: question.published,
        currentRevision: question.currentRevision,
        answered: answered ? { count: answered.answered, correctRate: answered.correctRate } : null,
      };
    }),
  };
}

const rowActionSchema = z.object({
  intent: z.enum(["move-up", "move-down", "publish", "unpublish"]),
  chapterId: z.string().uuid({ error: "That chapter does not exist." }),
});

const NEW_CHAPTER_FIELDS = ["slug", "title", "summary", "access"] as const;

export async function action({ request }: Route.ActionArgs) {
  const { db } = getDatabase();
  const values = await readForm(request);
  if (values.intent === "create") {
    const parsed = chapterInputSchema.safeParse(values);
    if (!parsed.success) {
      return data(
        { errors: fieldErrors(parsed.error), values: submittedText(values, NEW_CHAPTER_FIELDS) },
        { status: 400 },
      );
    }
    const created = await createChapter(db, parsed.data);
    if (!created.ok) {
      return data(
        { errors: { slug: "A chapter already has this address." }, values: submittedText(values, NEW_CHAPTER_FIELDS) },
        { status: 400 },
      );
    }
    return redirect(`/admin/content/${created.chapter.id}`);
  }
  const parsed = rowActionSchema.safeParse(values);
  if (!parsed.success) {
    return data(
      { errors: { form: parsed.error.issues[0]?.message ?? "Invalid request." }, values: null },
      { status: 400 },
    );
  }
  const { intent, chapterId } = parsed.data;
  const done =
    intent === "move-up" || intent === "move-down"
      ? await moveChapter(db, chapterId, intent === "move-up" ? "up" : "down")
      : Boolean(await setChapterPublished(db, chapterId, intent === "publish"));
  if (!done && intent !== "move-up" && intent !== "move-down") {
    return data({ errors: { form: "That chapter does not exist." }, values: null }, { status: 404 });
  }
  return { errors: null, values: null };
}

export default function ContentAdmin({ loaderData, actionData }: Route.ComponentProps) {
  const { chapters, questions } = loaderData;
  const errors: Partial<Record<string, string>> = actionData?.errors ?? {};
  const values = actionData?.values ?? null;
  return (
    <Page
      title="Content"
      lead="The chapters in course order and the quiz questions authors wrote. Open one to edit it; every save keeps a revision."
      maxWidth="lg"
    >
      {errors.form && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.form}
        </Alert>
      )}
      <Typography id="chapters-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        Chapters
      </Typography>
      <DataTable
        labelledBy="chapters-heading"
        rows={chapters}
        rowKey={(chapter) => chapter.id}
        columns={[
          positionColumn,
          {
            label: "Chapter",
            cell: (chapter) => (
              <LinkedTitle
                to={`/admin/content/${chapter.id}`}
                title={chapter.title}
                detail={`/chapter/${chapter.slug}`}
              />
            ),
          },
          { label: "Access", cell: (chapter) => (chapter.access === "free" ? "Free" : "Premium") },
          stateColumn,
          orderingColumn(chapters, "chapterId"),
        ]}
      />

      <QuizQuestionList questions={questions} />

      <AdminSection id="prime-records-heading" title="Prime records" sx={{ mt: 4 }}>
        <Typography>
          The Mersenne primes, the history of the largest known prime and the records by form shown on
          /prime-discoveries: <Link to="/admin/content/primes">edit the prime records</Link>.
        </Typography>
      </AdminSection>

      <FormSection id="new-chapter-heading" title="New chapter" sx={{ mt: 4 }}>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          A new chapter starts as a draft at the end of the course. Its address cannot change later.
        </Typography>
        <Form method="post">
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <FormTextField
              name="slug"
              label="Address"
              required
              defaultValue={values?.slug ?? ""}
              errors={errors}
              help="Lowercase words joined by hyphens: /chapter/your-words"
            />
            <ChapterFields
              values={{
                title: values?.title ?? "",
                summary: values?.summary ?? "",
                access: values?.access || "premium",
              }}
              errors={errors}
              summaryHelp="One sentence: what the chapter teaches."
            />
            <Button type="submit" name="intent" value="create" variant="contained" sx={{ alignSelf: "flex-start" }}>
              Create chapter
            </Button>
          </Stack>
        </Form>
      </FormSection>
    </Page>
  );
}

function QuizQuestionList({ questions }: { questions: Route.ComponentProps["loaderData"]["questions"] }) {
  return (
    <AdminSection
      id="questions-heading"
      title="Quiz questions"
      action={
        <Button component={Link} to="/admin/content/questions/new" variant="contained">
          New question
        </Button>
      }
      sx={{ mt: 4 }}
    >
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Written by authors, beside the generated ones. Once published, each learner meets a question in their first quiz
        on its skill, and after that it takes its turn with the generated ones.
      </Typography>
      <DataTable
        labelledBy="questions-heading"
        rows={questions}
        rowKey={(question) => question.id}
        empty={<Typography>None yet.</Typography>}
        columns={[
          {
            label: "Question",
            cell: (question) => <Link to={`/admin/content/questions/${question.id}`}>{question.excerpt}</Link>,
          },
          { label: "Skill", cell: (question) => question.skill },
          { label: "Difficulty", cell: (question) => question.difficulty },
          { label: "Revision", cell: (question) => question.currentRevision },
          {
            label: "Answered",
            cell: ({ answered }) =>
              answered ? `${answered.count} (${Math.round(answered.correctRate * 100)} % right)` : "—",
          },
          stateColumn,
        ]}
      />
    </AdminSection>
  );
}
