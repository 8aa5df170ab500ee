import Stack from "@mui/material/Stack";
import { useCallback, useEffect } from "react";
import { data, useNavigate, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import { SKILLS, skillById } from "#core/quiz/skills";
import { courseChapters } from "#app/chapters";
import { requireUser } from "#app/auth/access.server";
import { reviewAnswer } from "#app/assistant/answer-review.server";
import { assistantAvailability, availabilitySummary, UNAVAILABLE } from "#app/assistant/assistant.server";
import { ASSISTANT_PATH, isAssistantTask, requestState, TASK_LABELS } from "#app/assistant/assistant-vocabulary";
import { useAnswerStream } from "#app/assistant/client/answer-stream";
import { draftLinks, saveAssistantDraft, type DraftSaveResult } from "#app/assistant/drafts.server";
import { AdminSection, FormSection } from "#app/components/admin/admin-section";
import { AnswerReviewPanel, type OpenedAnswer } from "#app/components/admin/assistant/answer-review";
import { AskForm, type SkillGroup } from "#app/components/admin/assistant/ask-form";
import { AssistantHistory, type HistoryRow } from "#app/components/admin/assistant/assistant-history";
import { AssistantSetupNotice } from "#app/components/admin/assistant/assistant-setup-notice";
import { LiveAnswer } from "#app/components/admin/assistant/live-answer";
import { SaveDraftForm, type SaveOutcome } from "#app/components/admin/assistant/save-draft-form";
import { useHydrated } from "#app/components/analytics/use-hydrated";
import { Page } from "#app/components/page";
import { readForm } from "#app/http/read-form.server";
import {
  countAssistantRequests,
  draftRefOf,
  findAssistantRequest,
  listAssistantRequests,
  type AssistantRequestRecord,
} from "#app/models/assistant-request.server";
import { listChapters } from "#app/models/chapter.server";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { formatUtc } from "#app/utils/format-date";
import { readPageParam } from "#app/utils/page-param";
import type { Route } from "./+types/assistant";

export { mathInputStylesheets as links } from "#app/components/math/math-stylesheets";

export const meta: Route.MetaFunction = () => [{ title: "Content assistant · Numberlab" }];

const HISTORY_PAGE_SIZE = 20;

const requestIdSchema = z.uuid();

/** Skills by the chapter that teaches them, in course order. */
const skillGroups: SkillGroup[] = courseChapters.map((chapter) => ({
  chapterTitle: chapter.title,
  skills: SKILLS.filter((skill) => skill.chapter === chapter.slug).map(({ id, title }) => ({ id, title })),
}));

const taskLabel = (task: string) => (isAssistantTask(task) ? TASK_LABELS[task].label : task);

function tokensText(request: AssistantRequestRecord): string {
  if (request.promptTokens === null) return "—";
  return `${request.promptTokens.toLocaleString("en-GB")} + ${(request.completionTokens ?? 0).toLocaleString("en-GB")}`;
}

/** The address of the page with the history at `page` and an answer open. */
function pageHref(page: number, requestId: string | null): string {
  const query = new URLSearchParams();
  if (page > 1) query.set("page", String(page));
  if (requestId) query.set("request", requestId);
  const text = query.toString();
  return text ? `${ASSISTANT_PATH}?${text}` : ASSISTANT_PATH;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = getDatabase();
  const params = new URL(request.url).searchParams;
  const availability = await assistantAvailability(db);
  const total = await countAssistantRequests(db);
  const pageCount = Math.max(1, Math.ceil(total / HISTORY_PAGE_SIZE));
  const page = Math.min(readPageParam(params), pageCount);
  const wanted = requestIdSchema.safeParse(params.get("request"));
  const [chapters, history, opened] = await Promise.all([
    listChapters(db),
    listAssistantRequests(db, { limit: HISTORY_PAGE_SIZE, offset: (page - 1) * HISTORY_PAGE_SIZE }),
    wanted.success ? findAssistantRequest(db, wanted.data) : Promise.resolve(undefined),
  ]);
  const at = now();
  return {
    setup: availabilitySummary(availability),
    chapters: chapters.map(({ id, title, published }) => ({ id, title, published })),
    page,
    pageCount,
    history: history.map((row): HistoryRow => ({
      id: row.id,
      askedAt: formatUtc(row.createdAt),
      adminEmail: row.adminEmail,
      taskLabel: taskLabel(row.task),
      chapterTitle: row.chapterTitle,
      model: row.model,
      state: requestState(row, at),
      tokens: tokensText(row),
      drafted: row.draftRef !== null,
      href: pageHref(page, row.id),
    })),
    missing: wanted.success && !opened,
    opened: opened ? await openedAnswer(opened, availability.state, at) : null,
  };
}

async function openedAnswer(request: AssistantRequestRecord, availability: string, at: Date) {
  const state = requestState(request, at);
  const task = isAssistantTask(request.task) ? request.task : "section";
  const ref = draftRefOf(request.draftRef);
  const blockedBy =
    availability === "unconfigured"
      ? "Saving is off while the assistant is not configured."
      : availability === "switched-off"
        ? "Saving is off while the assistant is switched off."
        : state !== "finished"
          ? "Only an answer that ended can be saved."
          : null;
  const answer: OpenedAnswer = {
    id: request.id,
    taskLabel: taskLabel(request.task),
    chapterTitle: request.chapterTitle,
    skillTitle: request.skill === null ? null : (skillById(request.skill)?.title ?? request.skill),
    adminEmail: request.adminEmail,
    model: request.model,
    instructions: request.instructions,
    response: request.response,
    state,
    error: request.error,
    promptTokens: request.promptTokens,
    completionTokens: request.completionTokens,
    askedAt: formatUtc(request.createdAt),
    review: reviewAnswer(task, request.response),
  };
  return { answer, saved: ref ? await draftLinks(getDatabase().db, ref) : null, blockedBy };
}

const saveSchema = z.object({
  intent: z.literal("save-draft", { error: "Save a draft from an answer." }),
  requestId: z.uuid({ error: "Open an answer from the history first." }),
});

export async function action({ request, context }: Route.ActionArgs) {
  const admin = requireUser(context);
  const values = await readForm(request);
  const parsed = saveSchema.safeParse(values);
  const refuse = (status: number, message: string) => data<SaveOutcome>({ ok: false, message }, { status });
  if (!parsed.success) return refuse(400, parsed.error.issues[0]!.message);
  const { db } = getDatabase();
  const availability = await assistantAvailability(db);
  if (availability.state !== "ready")
    return refuse(UNAVAILABLE[availability.state].status, UNAVAILABLE[availability.state].message);
  const stored = await findAssistantRequest(db, parsed.data.requestId);
  if (!stored) return refuse(404, "This answer is no longer in the history.");
  const result: DraftSaveResult = await saveAssistantDraft(db, { id: admin.id, email: admin.email }, stored, values);
  if (result.ok) return { ok: true, message: result.message, links: result.links } satisfies SaveOutcome;
  const { status, ...outcome } = result;
  return data<SaveOutcome>(outcome, { status });
}

/** How often an answer still streaming elsewhere is read again. */
const REFRESH_STREAMING_MS = 3_000;

export default function Assistant({ loaderData, actionData }: Route.ComponentProps) {
  const { setup, chapters, history, page, pageCount, opened, missing } = loaderData;
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const hydrated = useHydrated();
  const onEnded = useCallback(
    (requestId: string) => void navigate(pageHref(1, requestId), { preventScrollReset: true }),
    [navigate],
  );
  const { state, ask, stop } = useAnswerStream(onEnded);
  const busy = state.phase === "connecting" || state.phase === "streaming";
  const ready = setup.state === "ready";

  const streamingElsewhere = opened?.answer.state === "streaming";
  useEffect(() => {
    if (!streamingElsewhere) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, REFRESH_STREAMING_MS);
    return () => clearInterval(timer);
  }, [streamingElsewhere, revalidator]);

  const outcome = (actionData as SaveOutcome | undefined) ?? null;
  return (
    <Page
      title="Content assistant"
      lead="Ask a language model for a draft of lesson text or quiz questions, check it, and save it for review in the content editor. Nothing is published from here."
      maxWidth="lg"
    >
      <AssistantSetupNotice setup={setup} />
      <Stack spacing={5}>
        <FormSection id="ask-heading" title="Ask">
          <AskForm
            chapters={chapters}
            skillGroups={skillGroups}
            disabled={!ready || !hydrated}
            busy={busy}
            errors={state.phase === "refused" ? state.errors : {}}
            onAsk={(form) => void ask(form)}
            onStop={stop}
          />
        </FormSection>
        <LiveAnswer state={state} />
        {missing && !busy && (
          <AdminSection id="answer-heading" title="Answer">
            This answer is not in the history (it may have been removed with its account).
          </AdminSection>
        )}
        {opened && !busy && (
          <AdminSection id="answer-heading" title="Answer">
            <AnswerReviewPanel
              key={opened.answer.id}
              answer={opened.answer}
              save={
                <SaveDraftForm
                  key={opened.answer.id}
                  requestId={opened.answer.id}
                  action={pageHref(1, opened.answer.id)}
                  kind={opened.answer.review.kind}
                  saved={opened.saved}
                  blockedBy={opened.blockedBy}
                  section={opened.answer.review.section}
                  questionCount={opened.answer.review.questions.length}
                  outcome={outcome}
                  saving={navigation.state === "submitting"}
                />
              }
            />
          </AdminSection>
        )}
        <AdminSection id="assistant-history-heading" title="History">
          <AssistantHistory
            rows={history}
            openedId={opened?.answer.id ?? null}
            pagination={{ page, pageCount, hrefFor: (target) => pageHref(target, null) }}
          />
        </AdminSection>
      </Stack>
    </Page>
  );
}
