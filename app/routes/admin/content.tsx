import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { AccessField } from "#app/components/content-admin/access-field";
import { OrderingActions } from "#app/components/content-admin/ordering-actions";
import { PublicationChip } from "#app/components/content-admin/publication-controls";
import { Page } from "#app/components/page";
import { LabelledCell, TableRegion } from "#app/components/table-region";
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
      <TableRegion labelledBy="chapters-heading">
        <Table size="small" role="table">
          <TableHead role="rowgroup">
            <TableRow role="row">
              <TableCell role="columnheader">#</TableCell>
              <TableCell role="columnheader">Chapter</TableCell>
              <TableCell role="columnheader">Access</TableCell>
              <TableCell role="columnheader">State</TableCell>
              <TableCell role="columnheader">Actions</TableCell>
            </TableRow>
          </TableHead>
          <TableBody role="rowgroup">
            {chapters.map((chapter, index) => (
              <TableRow key={chapter.id} role="row">
                <LabelledCell label="#">{index + 1}</LabelledCell>
                <LabelledCell label="Chapter">
                  <Link to={`/admin/content/${chapter.id}`}>{chapter.title}</Link>
                  <Typography variant="body2" color="text.secondary">
                    /chapter/{chapter.slug}
                  </Typography>
                </LabelledCell>
                <LabelledCell label="Access">{chapter.access === "free" ? "Free" : "Premium"}</LabelledCell>
                <LabelledCell label="State">
                  <PublicationChip size="small" published={chapter.published} />
                </LabelledCell>
                <LabelledCell label="Actions">
                  <OrderingActions
                    target={{ chapterId: chapter.id }}
                    title={chapter.title}
                    published={chapter.published}
                    first={index === 0}
                    last={index === chapters.length - 1}
                  />
                </LabelledCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableRegion>

      <QuizQuestionList questions={questions} />

      <Box component="section" aria-labelledby="prime-records-heading" sx={{ mt: 4 }}>
        <Typography id="prime-records-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
          Prime records
        </Typography>
        <Typography>
          The Mersenne primes, the history of the largest known prime and the records by form shown on
          /prime-discoveries: <Link to="/admin/content/primes">edit the prime records</Link>.
        </Typography>
      </Box>

      <Paper variant="outlined" component="section" aria-labelledby="new-chapter-heading" sx={{ p: 3, mt: 4 }}>
        <Typography id="new-chapter-heading" variant="h5" component="h2" gutterBottom>
          New chapter
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          A new chapter starts as a draft at the end of the course. Its address cannot change later.
        </Typography>
        <Form method="post">
          <Stack spacing={2} sx={{ maxWidth: 560 }}>
            <TextField
              name="slug"
              label="Address"
              required
              defaultValue={values?.slug ?? ""}
              error={Boolean(errors.slug)}
              helperText={errors.slug ?? "Lowercase words joined by hyphens: /chapter/your-words"}
            />
            <TextField
              name="title"
              label="Title"
              required
              defaultValue={values?.title ?? ""}
              error={Boolean(errors.title)}
              helperText={errors.title}
            />
            <TextField
              name="summary"
              label="Summary"
              required
              multiline
              minRows={2}
              defaultValue={values?.summary ?? ""}
              error={Boolean(errors.summary)}
              helperText={errors.summary ?? "One sentence: what the chapter teaches."}
            />
            <AccessField defaultValue={values?.access || "premium"} error={errors.access} />
            <Button type="submit" name="intent" value="create" variant="contained" sx={{ alignSelf: "flex-start" }}>
              Create chapter
            </Button>
          </Stack>
        </Form>
      </Paper>
    </Page>
  );
}

function QuizQuestionList({ questions }: { questions: Route.ComponentProps["loaderData"]["questions"] }) {
  return (
    <Box component="section" aria-labelledby="questions-heading" sx={{ mt: 4 }}>
      <Stack direction="row" spacing={2} sx={{ mb: 1, alignItems: "center", justifyContent: "space-between" }}>
        <Typography id="questions-heading" variant="h5" component="h2">
          Quiz questions
        </Typography>
        <Button component={Link} to="/admin/content/questions/new" variant="contained">
          New question
        </Button>
      </Stack>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        Written by authors, beside the generated ones. Once published, each learner meets a question in their first quiz
        on its skill, and after that it takes its turn with the generated ones.
      </Typography>
      {questions.length === 0 ? (
        <Typography>None yet.</Typography>
      ) : (
        <TableRegion labelledBy="questions-heading">
          <Table size="small" role="table">
            <TableHead role="rowgroup">
              <TableRow role="row">
                <TableCell role="columnheader">Question</TableCell>
                <TableCell role="columnheader">Skill</TableCell>
                <TableCell role="columnheader">Difficulty</TableCell>
                <TableCell role="columnheader">Revision</TableCell>
                <TableCell role="columnheader">Answered</TableCell>
                <TableCell role="columnheader">State</TableCell>
              </TableRow>
            </TableHead>
            <TableBody role="rowgroup">
              {questions.map((question) => (
                <TableRow key={question.id} role="row">
                  <LabelledCell label="Question">
                    <Link to={`/admin/content/questions/${question.id}`}>{question.excerpt}</Link>
                  </LabelledCell>
                  <LabelledCell label="Skill">{question.skill}</LabelledCell>
                  <LabelledCell label="Difficulty">{question.difficulty}</LabelledCell>
                  <LabelledCell label="Revision">{question.currentRevision}</LabelledCell>
                  <LabelledCell label="Answered">
                    {question.answered
                      ? `${question.answered.count} (${Math.round(question.answered.correctRate * 100)} % right)`
                      : "—"}
                  </LabelledCell>
                  <LabelledCell label="State">
                    <PublicationChip size="small" published={question.published} />
                  </LabelledCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableRegion>
      )}
    </Box>
  );
}
