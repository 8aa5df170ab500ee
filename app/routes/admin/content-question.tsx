import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useRef, useState } from "react";
import { data, Form, redirect, useFetcher, useNavigation, type ShouldRevalidateFunction } from "react-router";
import { z } from "zod";
import { fixedQuestion, fixedTemplateId } from "#core/quiz/fixed-question";
import { SKILLS } from "#core/quiz/skills";
import { courseChapters } from "#app/chapters";
import { AdminSection } from "#app/components/admin/admin-section";
import { PageActions } from "#app/components/admin/page-actions";
import { RevisionSaveNotices, useRevisionBase } from "#app/components/content-admin/revision-saving";
import { RevisionTable } from "#app/components/content-admin/revision-table";
import { PublishToggle } from "#app/components/content-admin/publication-controls";
import { QuestionEditor } from "#app/components/content-admin/question-editor";
import { QuestionPreview } from "#app/components/quiz/question-preview";
import type { QuestionPreviewView } from "#app/quiz/quiz-view";
import { Page } from "#app/components/page";
import {
  createQuizQuestion,
  findQuizQuestion,
  listQuizQuestionRevisions,
  saveQuizQuestion,
  setQuizQuestionPublished,
} from "#app/models/quiz-question.server";
import { templateStatistics } from "#app/models/quiz.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import {
  contentFromDraft,
  draftFieldName,
  draftFromForm,
  draftOf,
  draftToForm,
  emptyDraft,
  type QuestionDraft,
} from "#app/quiz/question-draft";
import { answersOfForm, gradeParts, questionPreview } from "#app/quiz/quiz.server";
import { revisionSaved, saveConflict, saveRefused, type RevisionSaveResult } from "#app/content/revision-save";
import { findByIdOr404 } from "#app/http/not-found";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/content-question";
import { useUnsavedForm } from "#app/offline/unsaved-input";

export { mathInputStylesheets as links } from "#app/components/math/math-stylesheets";

const NEW = "new";
/** The item id of the preview's card: nothing is stored, the draft travels with each answer. */
const PREVIEW_ITEM = "draft";

const loadQuestion = (questionId: string) =>
  findByIdOr404(questionId, (id) => findQuizQuestion(getDatabase().db, id), `/admin/content/questions/${questionId}`);

const skillGroups = courseChapters.map((chapter) => ({
  chapterTitle: chapter.title,
  skills: SKILLS.filter((skill) => skill.chapter === chapter.slug).map(({ id, title }) => ({ id, title })),
}));

export async function loader({ params }: Route.LoaderArgs) {
  if (params.questionId === NEW) {
    return { question: null, draft: emptyDraft(), preview: null, revisions: [], statistics: null, skillGroups };
  }
  const { db } = getDatabase();
  const question = await loadQuestion(params.questionId);
  const [revisions, statistics] = await Promise.all([
    listQuizQuestionRevisions(db, question.id),
    templateStatistics(db),
  ]);
  return {
    question: { id: question.id, published: question.published, currentRevision: question.currentRevision },
    draft: draftOf(question.content),
    preview: questionPreview(fixedQuestion(question.id, question.currentRevision, question.content), PREVIEW_ITEM),
    revisions: revisions.map(({ number, authorEmail, createdAt }) => ({ number, authorEmail, createdAt })),
    statistics: statistics.find((row) => row.templateId === fixedTemplateId(question.id)) ?? null,
    skillGroups,
  };
}

/** Previews and tries change nothing: the editor keeps its text and no loader needs to run again. */
const QUIET_INTENTS = new Set(["preview", "answer", "hint"]);

export const shouldRevalidate: ShouldRevalidateFunction = ({ formData, defaultShouldRevalidate }) =>
  QUIET_INTENTS.has(String(formData?.get("intent") ?? "")) ? false : defaultShouldRevalidate;

const intentSchema = z.enum(["preview", "answer", "hint", "save", "publish", "unpublish"], {
  error: "Preview, try, save or publish the question.",
});
const baseRevisionSchema = z.coerce
  .number({ error: "The form is missing the revision it was based on." })
  .int()
  .positive({ error: "The form is missing the revision it was based on." });

export type QuestionActionResult =
  | { intent: "preview"; preview: QuestionPreviewView | null; problems: Partial<Record<string, string>> }
  | RevisionSaveResult
  | { intent: "publish"; error: string };

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { db } = getDatabase();
  const existing = params.questionId === NEW ? null : await loadQuestion(params.questionId);
  const values = await readForm(request);
  const intent = intentSchema.safeParse(values.intent);
  if (!intent.success) return data({ error: intent.error.issues[0]!.message }, { status: 400 });

  if (intent.data === "publish" || intent.data === "unpublish") {
    if (!existing)
      return data({ intent: "publish", error: "Save the question before publishing it." }, { status: 400 });
    await setQuizQuestionPublished(db, existing.id, intent.data === "publish");
    return { intent: "publish", error: "" } as QuestionActionResult;
  }

  const checked = contentFromDraft(draftFromForm(values));
  const questionId = existing?.id ?? NEW;
  const revision = existing?.currentRevision ?? 1;

  if (intent.data === "preview") {
    return {
      intent: "preview",
      preview: checked.ok ? questionPreview(fixedQuestion(questionId, revision, checked.content), PREVIEW_ITEM) : null,
      problems: checked.ok ? {} : checked.errors,
    } satisfies QuestionActionResult;
  }

  if (intent.data === "answer" || intent.data === "hint") {
    // The preview's card: graded against the draft it carries, and nothing is stored.
    if (!checked.ok)
      return data({ error: "Mend the question's problems first: the preview lists them." }, { status: 400 });
    const question = fixedQuestion(questionId, revision, checked.content);
    if (intent.data === "hint") return { item: questionPreview(question, PREVIEW_ITEM).item };
    const read = answersOfForm(values, question.parts.length);
    if (!read.ok) return data({ error: read.error, fieldErrors: read.fieldErrors }, { status: 400 });
    const { answers } = read;
    const verdicts = gradeParts(question, answers);
    return {
      item: questionPreview(question, PREVIEW_ITEM, {
        answers,
        partResults: verdicts.map((verdict) => verdict.correct),
        correct: verdicts.every((verdict) => verdict.correct),
        answeredAt: new Date().toISOString(),
      }).item,
    };
  }

  if (!checked.ok) return saveRefused(checked.errors);
  if (!existing) {
    const created = await createQuizQuestion(db, { content: checked.content, authorId: user.id });
    throw redirect(`/admin/content/questions/${created.id}`);
  }
  const base = baseRevisionSchema.safeParse(values.baseRevision);
  if (!base.success) return saveRefused({ form: base.error.issues[0]!.message });
  const saved = await saveQuizQuestion(db, {
    id: existing.id,
    baseRevision: base.data,
    content: checked.content,
    authorId: user.id,
  });
  if (saved.ok) return revisionSaved(saved.question.currentRevision, saved.unchanged);
  if (saved.reason === "not-found") throw data({ message: "This question no longer exists." }, { status: 404 });
  return saveConflict(saved.current);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.question ? "Quiz question" : "New quiz question"} · Content · Numberlab` },
];

/** How long typing pauses before the preview follows. */
const PREVIEW_DELAY_MS = 400;

function useLivePreview(draft: QuestionDraft, initial: QuestionPreviewView | null) {
  const fetcher = useFetcher<QuestionActionResult>();
  const first = useRef(true);
  useEffect(() => {
    // The loader's preview is the first draft's.
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => {
      void fetcher.submit(new URLSearchParams([...draftToForm(draft), ["intent", "preview"]]), { method: "post" });
    }, PREVIEW_DELAY_MS);
    return () => clearTimeout(timer);
    // The fetcher's identity changes with its state; only the draft should start a preview.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draft]);
  const result = fetcher.data?.intent === "preview" ? fetcher.data : null;
  return {
    preview: result ? result.preview : initial,
    problems: result?.problems ?? {},
    // Each new preview starts its card afresh, without the answer tried on the one before.
    version: useVersion(fetcher.data),
    pending: fetcher.state !== "idle",
  };
}

function useVersion(value: unknown): number {
  const [state, setState] = useState({ value, version: 0 });
  if (state.value !== value) setState({ value, version: state.version + 1 });
  return state.version;
}

function EditorForm({
  loaded,
  result,
}: {
  loaded: Route.ComponentProps["loaderData"];
  result: QuestionActionResult | undefined;
}) {
  const [draft, setDraft] = useState(loaded.draft);
  const save = result?.intent === "save" ? result : undefined;
  const base = useRevisionBase(
    loaded.question?.currentRevision ?? null,
    save?.outcome === "conflict" ? save.current.number : undefined,
  );
  const live = useLivePreview(draft, loaded.preview);
  const unsavedForm = useUnsavedForm(loaded.question?.currentRevision ?? null);
  const saving = useNavigation().state === "submitting";
  const errors = save?.outcome === "invalid" ? save.errors : {};
  const problems = Object.entries(live.problems);

  return (
    <Box
      sx={{
        display: "grid",
        gap: 4,
        gridTemplateColumns: { xs: "minmax(0, 1fr)", md: "minmax(0, 1fr) minmax(0, 1fr)" },
        alignItems: "start",
      }}
    >
      <Form method="post" aria-label="Question editor" ref={unsavedForm}>
        <Stack spacing={3}>
          <RevisionSaveNotices
            what="question"
            withoutAuthor="a deleted account"
            save={save}
            base={base}
            confirmOverride
          />
          <QuestionEditor draft={draft} onChange={setDraft} skillGroups={loaded.skillGroups} errors={errors} />
          <Button
            type="submit"
            name="intent"
            value="save"
            variant="contained"
            size="large"
            disabled={saving}
            sx={{ alignSelf: "flex-start" }}
          >
            {saving ? "Saving…" : loaded.question ? "Save revision" : "Create question"}
          </Button>
        </Stack>
      </Form>

      <Box
        component="section"
        aria-labelledby="preview-heading"
        aria-busy={live.pending}
        // Beside a long editor the preview stays in view, below the site's bar, scrolling on its own.
        tabIndex={0}
        sx={{
          position: { md: "sticky" },
          top: { md: 80 },
          maxHeight: { md: "calc(100vh - 96px)" },
          overflowY: { md: "auto" },
        }}
      >
        <Typography id="preview-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
          Preview
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          As learners see it, with every hint open. Try an answer: it is graded against the text in the editor, and
          nothing is stored.
        </Typography>
        {problems.length > 0 && (
          <Alert severity="warning" sx={{ mb: 2 }}>
            <AlertTitle>The preview waits for</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {problems.map(([path, message]) => (
                <li key={path}>
                  {draftFieldName(path)}: {message}
                </li>
              ))}
            </Box>
          </Alert>
        )}
        {live.preview ? (
          <QuestionPreview key={live.version} preview={live.preview} tryable context={draftToForm(draft)} />
        ) : (
          problems.length === 0 && <Typography>Write the question and its answer to see it here.</Typography>
        )}
      </Box>
    </Box>
  );
}

export default function ContentQuestion({ loaderData, actionData }: Route.ComponentProps) {
  const { question, revisions, statistics } = loaderData;
  const result = actionData as QuestionActionResult | undefined;
  return (
    <Page
      title={question ? "Quiz question" : "New quiz question"}
      lead={
        question
          ? question.published
            ? "Published: chapter quizzes and practice ask it."
            : "Draft: learners do not see it yet."
          : "Write a question for a skill's quizzes. It starts as a draft; publish it when it is ready."
      }
      maxWidth="xl"
    >
      <PageActions back={{ to: "/admin/content", label: "All content" }}>
        {question && <PublishToggle published={question.published} />}
      </PageActions>
      {result?.intent === "publish" && result.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {result.error}
        </Alert>
      )}
      {/* A new revision starts the editor afresh from it. */}
      <EditorForm key={question?.currentRevision ?? NEW} loaded={loaderData} result={result} />

      {question && (
        <AdminSection id="history-heading" title="Answers and revisions" sx={{ mt: 6 }}>
          <Typography sx={{ mb: 2 }}>
            {statistics
              ? `Answered ${statistics.answered} ${statistics.answered === 1 ? "time" : "times"}: ${Math.round(statistics.correctRate * 100)} % right, in ${(statistics.averageTimeMs / 1000).toFixed(1)} s on average, ${Math.round(statistics.hintRate * 100)} % with hints.`
              : "Not answered yet."}{" "}
            Learners who answered an earlier revision still see that one in their results.
          </Typography>
          <RevisionTable revisions={revisions} current={question.currentRevision} labelledBy="history-heading" />
        </AdminSection>
      )}
    </Page>
  );
}
