/**
 * The content assistant's history (/admin/adminia): each request an admin made, the messages sent to
 * the model, the answer as it streamed in, its token counts and how it ended. A row is "streaming"
 * until the answer ends ("finished") or fails ("failed", with the reason shown to the admin). The
 * partial unique index of migration 0015 keeps one row streaming per admin across instances; a row a
 * dead server left streaming is ended as interrupted when its admin starts the next one.
 */
import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { isUniqueViolation } from "./database-errors.server";

export const ASSISTANT_REQUEST_STATUSES = ["streaming", "finished", "failed"] as const;
export type AssistantRequestStatus = (typeof ASSISTANT_REQUEST_STATUSES)[number];

/** The error of a request a server stopped serving (it died or restarted) before the answer ended. */
export const INTERRUPTED_ERROR = "Interrupted: the server stopped before the answer ended.";

export interface AssistantRequestRecord {
  id: string;
  /** Null once the admin's account was deleted. */
  adminId: string | null;
  adminEmail: string | null;
  task: string;
  /** Null once the chapter was deleted. */
  chapterId: string | null;
  chapterTitle: string | null;
  skill: string | null;
  instructions: string;
  /** The messages sent to the model, as JSON. */
  prompt: string;
  model: string;
  response: string;
  promptTokens: number | null;
  completionTokens: number | null;
  status: AssistantRequestStatus;
  error: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** Where a draft made from the answer was saved: see draftRefOf. */
  draftRef: string | null;
}

/** Where a draft went: a new section, or new quiz questions. */
export type DraftRef = { kind: "section"; sectionId: string } | { kind: "questions"; questionIds: readonly string[] };

export function draftRefText(ref: DraftRef): string {
  return ref.kind === "section" ? `section:${ref.sectionId}` : `questions:${ref.questionIds.join(",")}`;
}

/** The stored text read back; null for anything else (a value written by hand). */
export function draftRefOf(text: string | null): DraftRef | null {
  if (text === null) return null;
  const section = /^section:([\w-]+)$/.exec(text);
  if (section) return { kind: "section", sectionId: section[1]! };
  const questions = /^questions:([\w-]+(?:,[\w-]+)*)$/.exec(text);
  if (questions) return { kind: "questions", questionIds: questions[1]!.split(",") };
  return null;
}

function requestQuery(db: Kysely<Database>) {
  return db
    .selectFrom("assistant_requests")
    .leftJoin("users", "users.id", "assistant_requests.admin_id")
    .leftJoin("chapters", "chapters.id", "assistant_requests.chapter_id")
    .selectAll("assistant_requests")
    .select(["users.email as admin_email", "chapters.title as chapter_title"]);
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof requestQuery>["executeTakeFirstOrThrow"]>>;

const isStatus = (value: string): value is AssistantRequestStatus =>
  (ASSISTANT_REQUEST_STATUSES as readonly string[]).includes(value);

function toRecord(row: RequestRow): AssistantRequestRecord {
  return {
    id: row.id,
    adminId: row.admin_id,
    adminEmail: row.admin_email,
    task: row.task,
    chapterId: row.chapter_id,
    chapterTitle: row.chapter_title,
    skill: row.skill,
    instructions: row.instructions,
    prompt: row.prompt,
    model: row.model,
    response: row.response,
    promptTokens: row.prompt_tokens === null ? null : Number(row.prompt_tokens),
    completionTokens: row.completion_tokens === null ? null : Number(row.completion_tokens),
    // A status written by hand outside the vocabulary reads as failed rather than breaking the page.
    status: isStatus(row.status) ? row.status : "failed",
    error: row.error,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
    draftRef: row.draft_ref,
  };
}

export type StartResult =
  { ok: true; request: AssistantRequestRecord } | { ok: false; reason: "busy"; running: AssistantRequestRecord };

/**
 * Stores a new request as streaming. Refused ("busy", with the running one) while the admin has
 * another streaming that started at or after `staleBefore`; one that started before it was left by
 * a server that stopped, and is ended as interrupted first.
 */
export async function startAssistantRequest(
  db: Kysely<Database>,
  input: {
    adminId: string;
    task: string;
    chapterId: string | null;
    skill: string | null;
    instructions: string;
    prompt: string;
    model: string;
  },
  { staleBefore }: { staleBefore: string },
): Promise<StartResult> {
  const now = isoNow();
  await db
    .updateTable("assistant_requests")
    .set({ status: "failed", error: INTERRUPTED_ERROR, finished_at: now })
    .where("admin_id", "=", input.adminId)
    .where("status", "=", "streaming")
    .where("created_at", "<", staleBefore)
    .execute();
  const id = crypto.randomUUID();
  try {
    await db
      .insertInto("assistant_requests")
      .values({
        id,
        admin_id: input.adminId,
        task: input.task,
        chapter_id: input.chapterId,
        skill: input.skill,
        instructions: input.instructions,
        prompt: input.prompt,
        model: input.model,
        response: "",
        prompt_tokens: null,
        completion_tokens: null,
        status: "streaming",
        error: null,
        created_at: now,
        finished_at: null,
        draft_ref: null,
      })
      .execute();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const running = await requestQuery(db)
      .where("assistant_requests.admin_id", "=", input.adminId)
      .where("assistant_requests.status", "=", "streaming")
      .executeTakeFirst();
    // Ended between the insert and this read: the admin may simply try again.
    if (!running) return startAssistantRequest(db, input, { staleBefore });
    return { ok: false, reason: "busy", running: toRecord(running) };
  }
  return { ok: true, request: (await findAssistantRequest(db, id))! };
}

/** The answer so far, kept while it streams, so a server that stops leaves what had arrived. */
export async function saveAssistantProgress(db: Kysely<Database>, id: string, response: string): Promise<void> {
  await db
    .updateTable("assistant_requests")
    .set({ response })
    .where("id", "=", id)
    .where("status", "=", "streaming")
    .execute();
}

export interface AssistantOutcome {
  /** finished: the answer ended (`error` may still warn that the model cut it short); failed: it did not. */
  status: "finished" | "failed";
  response: string;
  promptTokens: number | null;
  completionTokens: number | null;
  error: string | null;
}

/** Ends a streaming request; false when it was no longer streaming (ended as interrupted meanwhile). */
export async function finishAssistantRequest(
  db: Kysely<Database>,
  id: string,
  outcome: AssistantOutcome,
): Promise<boolean> {
  const result = await db
    .updateTable("assistant_requests")
    .set({
      status: outcome.status,
      error: outcome.error,
      response: outcome.response,
      prompt_tokens: outcome.promptTokens,
      completion_tokens: outcome.completionTokens,
      finished_at: isoNow(),
    })
    .where("id", "=", id)
    .where("status", "=", "streaming")
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function findAssistantRequest(
  db: Kysely<Database>,
  id: string,
): Promise<AssistantRequestRecord | undefined> {
  const row = await requestQuery(db).where("assistant_requests.id", "=", id).executeTakeFirst();
  return row && toRecord(row);
}

/** The history, newest first. */
export async function listAssistantRequests(
  db: Kysely<Database>,
  { limit, offset }: { limit: number; offset: number },
): Promise<AssistantRequestRecord[]> {
  const rows = await requestQuery(db)
    .orderBy("assistant_requests.created_at", "desc")
    .orderBy("assistant_requests.id", "desc")
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map(toRecord);
}

export async function countAssistantRequests(db: Kysely<Database>): Promise<number> {
  const row = await db
    .selectFrom("assistant_requests")
    .select((eb) => eb.fn.countAll<string | number>().as("count"))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/**
 * Notes where the answer's draft was saved, once: false when a draft was already saved from it (or the
 * request is gone). Pass the transaction that saved the draft, so the two land together.
 */
export async function recordAssistantDraft(db: Kysely<Database>, id: string, ref: DraftRef): Promise<boolean> {
  const result = await db
    .updateTable("assistant_requests")
    .set({ draft_ref: draftRefText(ref) })
    .where("id", "=", id)
    .where("draft_ref", "is", null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}
