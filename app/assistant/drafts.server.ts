/**
 * Saving an answer for review. Nothing is published from the assistant: lesson text becomes a new
 * unpublished section at the end of the chosen chapter, quiz questions new unpublished questions, each
 * with its first revision by the admin, checked by the same rules as the content editor's and the
 * question editor's saves. The draft, the note of where it went (assistant_requests.draft_ref) and the
 * audit entry land in one transaction; a second save of the same answer is refused with a link.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import type { FixedQuestionContent } from "#core/quiz/fixed-question";
import { recordAudit, type AuditParty } from "../models/audit-log.server";
import {
  draftRefOf,
  findAssistantRequest,
  recordAssistantDraft,
  type AssistantRequestRecord,
  type DraftRef,
} from "../models/assistant-request.server";
import { findChapterById } from "../models/chapter.server";
import { insertQuizQuestion } from "../models/quiz-question.server";
import { findSection, insertSection, sectionInputSchema } from "../models/section.server";
import { contentFromDraft, draftFieldName } from "../quiz/question-draft";
import { countOf } from "../utils/plural";
import { draftKindOf, isAssistantTask } from "./assistant-vocabulary";
import { sectionOfAnswer } from "./answer-review.server";
import { readQuestionDrafts } from "./question-format";

/** How many questions one answer may save at once. */
export const QUESTIONS_PER_DRAFT_MAX = 10;

/** Where a saved draft can be reviewed: one link per section or question. */
export interface DraftLink {
  href: string;
  label: string;
}

export type DraftSaveResult =
  | { ok: true; links: DraftLink[]; message: string }
  | {
      ok: false;
      status: number;
      message: string;
      /** Section fields ("title", "slug") or, for questions, one line per problem. */
      errors?: Partial<Record<"title" | "slug", string>>;
      reasons?: string[];
      links?: DraftLink[];
    };

const sectionFormSchema = z.object({
  title: z.string({ error: "Give the section a title." }),
  slug: z.string({ error: "Give the section an id." }),
});

/** Rolls the save's transaction back when the answer was saved meanwhile by another request. */
class AlreadySaved extends Error {}

/** The links of a draft, for the page and the refusal of a second save. */
export async function draftLinks(db: Kysely<Database>, ref: DraftRef): Promise<DraftLink[]> {
  if (ref.kind === "questions") {
    return ref.questionIds.map((id, index) => ({
      href: `/admin/content/questions/${id}`,
      label: ref.questionIds.length === 1 ? "the question" : `question ${index + 1}`,
    }));
  }
  const section = await findSection(db, ref.sectionId);
  // A section deleted since has nothing to link to.
  return section ? [{ href: `/admin/content/${section.chapterId}/sections/${section.id}`, label: section.title }] : [];
}

export async function saveAssistantDraft(
  db: Kysely<Database>,
  admin: AuditParty,
  request: AssistantRequestRecord,
  values: Record<string, unknown>,
): Promise<DraftSaveResult> {
  const saved = draftRefOf(request.draftRef);
  if (saved) {
    return {
      ok: false,
      status: 409,
      message: "A draft was already saved from this answer.",
      links: await draftLinks(db, saved),
    };
  }
  if (request.status !== "finished") {
    return { ok: false, status: 409, message: "Only an answer that ended can be saved: this one did not." };
  }
  if (!isAssistantTask(request.task)) {
    return { ok: false, status: 409, message: `This answer's task “${request.task}” cannot be saved.` };
  }
  try {
    return draftKindOf(request.task) === "section"
      ? await saveSection(db, admin, request, values)
      : await saveQuestions(db, admin, request);
  } catch (error) {
    if (!(error instanceof AlreadySaved)) throw error;
    const again = await findAssistantRequest(db, request.id);
    const ref = draftRefOf(again?.draftRef ?? null);
    return {
      ok: false,
      status: 409,
      message: "A draft was already saved from this answer.",
      links: ref ? await draftLinks(db, ref) : [],
    };
  }
}

/**
 * Marks the answer's draft saved and audits it, inside the transaction that wrote the draft; an answer
 * saved already throws AlreadySaved, which rolls the draft back.
 */
async function recordDraft(
  trx: Kysely<Database>,
  admin: AuditParty,
  requestId: string,
  ref: DraftRef,
  details: Record<string, string | number>,
): Promise<void> {
  if (!(await recordAssistantDraft(trx, requestId, ref))) throw new AlreadySaved();
  await recordAudit(trx, {
    actor: admin,
    action: "assistant.draft",
    target: null,
    details: { requestId, kind: ref.kind, ...details },
  });
}

async function saveSection(
  db: Kysely<Database>,
  admin: AuditParty,
  request: AssistantRequestRecord,
  values: Record<string, unknown>,
): Promise<DraftSaveResult> {
  const chapter = request.chapterId === null ? undefined : await findChapterById(db, request.chapterId);
  if (!chapter) return { ok: false, status: 409, message: "The chapter this answer was for no longer exists." };
  const form = sectionFormSchema.safeParse(values);
  const { body } = sectionOfAnswer(request.response);
  const parsed = sectionInputSchema.safeParse({
    title: form.success ? form.data.title : "",
    slug: form.success ? form.data.slug.trim() : "",
    body,
  });
  if (!parsed.success) {
    const errors: Partial<Record<"title" | "slug" | "body", string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as "title"] ??= issue.message;
    if (errors.body) return { ok: false, status: 400, message: `The text cannot be saved: ${errors.body}` };
    return { ok: false, status: 400, message: "Check the section's title and id.", errors };
  }
  const { title, slug } = parsed.data;
  const outcome = await db.transaction().execute(async (trx) => {
    const created = await insertSection(trx, {
      chapterId: chapter.id,
      slug,
      title,
      body: parsed.data.body,
      authorId: admin.id,
      source: "editor",
    });
    if (!created.ok) return created;
    const ref: DraftRef = { kind: "section", sectionId: created.section.id };
    await recordDraft(trx, admin, request.id, ref, {
      sectionId: created.section.id,
      chapterId: chapter.id,
      chapter: chapter.title,
      title,
    });
    return { ok: true as const, ref };
  });
  if (!outcome.ok) {
    return {
      ok: false,
      status: 409,
      message: "Check the section's id.",
      errors: { slug: `The chapter already has a section with the id “${slug}”: choose another.` },
    };
  }
  return {
    ok: true,
    links: await draftLinks(db, outcome.ref),
    message: `Saved as an unpublished section of “${chapter.title}”: review it in the content editor, then publish it there.`,
  };
}

async function saveQuestions(
  db: Kysely<Database>,
  admin: AuditParty,
  request: AssistantRequestRecord,
): Promise<DraftSaveResult> {
  const { questions } = readQuestionDrafts(request.response);
  if (questions.length === 0) {
    return {
      ok: false,
      status: 400,
      message: "The answer holds no question in the question format (each starts with a “## Question” line).",
    };
  }
  if (questions.length > QUESTIONS_PER_DRAFT_MAX) {
    return {
      ok: false,
      status: 400,
      message: `The answer holds ${questions.length} questions; save at most ${QUESTIONS_PER_DRAFT_MAX} at a time.`,
    };
  }
  const contents: FixedQuestionContent[] = [];
  const reasons: string[] = [];
  questions.forEach(({ draft }, index) => {
    const checked = contentFromDraft(draft);
    if (checked.ok) contents.push(checked.content);
    else {
      for (const [path, message] of Object.entries(checked.errors)) {
        reasons.push(`Question ${index + 1}, ${draftFieldName(path)}: ${message}`);
      }
    }
  });
  if (reasons.length > 0) {
    return {
      ok: false,
      status: 400,
      message: "Nothing was saved: the question editor would refuse these questions.",
      reasons,
    };
  }
  const ref = await db.transaction().execute(async (trx) => {
    const questionIds: string[] = [];
    for (const content of contents) questionIds.push(await insertQuizQuestion(trx, { content, authorId: admin.id }));
    const saved: DraftRef = { kind: "questions", questionIds };
    await recordDraft(trx, admin, request.id, saved, {
      count: questionIds.length,
      questionIds: questionIds.join(","),
    });
    return saved;
  });
  return {
    ok: true,
    links: await draftLinks(db, ref),
    message: `Saved ${countOf(contents.length, "unpublished question")}: review ${contents.length === 1 ? "it" : "them"} in the content editor, then publish there.`,
  };
}
