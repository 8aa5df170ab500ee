/**
 * The content assistant's words and limits, shared by the server and the page: what an admin can ask
 * for, how long instructions may be, and how long an answer may take.
 */

export const ASSISTANT_PATH = "/admin/adminia";
export const ASSISTANT_STREAM_PATH = "/admin/adminia/stream";

export const ASSISTANT_TASKS = ["section", "example", "exercises", "questions"] as const;
export type AssistantTask = (typeof ASSISTANT_TASKS)[number];

export const TASK_LABELS: Record<AssistantTask, { label: string; description: string }> = {
  section: {
    label: "Lesson section",
    description: "A draft section in the lesson format: headings, boxes, formulas and widgets.",
  },
  example: {
    label: "Worked example",
    description: "One example box that works a problem through step by step.",
  },
  exercises: {
    label: "Exercises",
    description: "Exercises, each with folded hints and a folded answer.",
  },
  questions: {
    label: "Quiz questions",
    description: "Questions with fixed answers in the question editor's format, saved as unpublished questions.",
  },
};

export const isAssistantTask = (value: string): value is AssistantTask =>
  (ASSISTANT_TASKS as readonly string[]).includes(value);

/** Lesson Markdown comes back for every task but questions. */
export const draftKindOf = (task: AssistantTask): "section" | "questions" =>
  task === "questions" ? "questions" : "section";

/** The ask form's fields, where the server puts its problems with them. */
export type AskField = "task" | "chapterId" | "skill" | "instructions";

export const INSTRUCTIONS_MAX = 4_000;

/** An answer longer than this is cut off and failed: it would not fit a section (SECTION_BODY_MAX is 200,000). */
export const ANSWER_MAX_CHARACTERS = 60_000;

/**
 * The whole answer must arrive within this time (long sections from a local model on a CPU need
 * more than a minute)…
 */
export const ASSISTANT_TIMEOUT_MS = 120_000;
/** …and the endpoint may stay silent this long between two pieces of it (the first one included). */
export const ASSISTANT_IDLE_TIMEOUT_MS = 30_000;
/**
 * A request still "streaming" this long after it started was left by a server that stopped: the
 * history shows it as interrupted, and it no longer counts as its admin's running request.
 */
export const ASSISTANT_STALE_AFTER_MS = ASSISTANT_TIMEOUT_MS + 30_000;

/** How a request of the history reads: "interrupted" is a streaming row older than the timeout. */
export type AssistantRequestState = "streaming" | "finished" | "failed" | "interrupted";

export const STATE_LABELS: Record<AssistantRequestState, string> = {
  streaming: "Streaming",
  finished: "Finished",
  failed: "Failed",
  interrupted: "Interrupted",
};

export function requestState(
  request: { status: "streaming" | "finished" | "failed"; createdAt: string },
  at: Date,
): AssistantRequestState {
  if (request.status !== "streaming") return request.status;
  return at.getTime() - Date.parse(request.createdAt) > ASSISTANT_STALE_AFTER_MS ? "interrupted" : "streaming";
}
