/**
 * Asking the content assistant: whether it may be asked at all (configured, switched on), checking a
 * request (the form, the admin's rate limit, one answer streaming per admin), storing it, and
 * streaming the answer to the page as server-sent events while the history keeps it.
 */
import type { Kysely } from "kysely";
import { z } from "zod";
import { skillById } from "#core/quiz/skills";
import type { Database } from "#database/schema";
import { readSettings } from "../models/app-settings.server";
import { findChapterById } from "../models/chapter.server";
import {
  finishAssistantRequest,
  saveAssistantProgress,
  startAssistantRequest,
  type AssistantRequestRecord,
} from "../models/assistant-request.server";
import { consumeRateLimit } from "../models/rate-limit.server";
import { listSections } from "../models/section.server";
import { rateLimits, waitInWords } from "../http/rate-limits.server";
import { isoAfter } from "../utils/clock";
import { assistantEndpoint, endpointSummary, type AssistantEndpoint } from "./assistant-config.server";
import { ASSISTANT_STALE_AFTER_MS, ASSISTANT_TASKS, INSTRUCTIONS_MAX, type AskField } from "./assistant-vocabulary";
import { AssistantError, streamChat, type ChatOptions } from "./chat-stream.server";
import { assistantMessages, type ChatMessage } from "./prompt.server";
import { eventText, type AssistantEvent } from "./stream-events";

export type AssistantAvailability =
  | { state: "unconfigured" }
  | { state: "switched-off"; endpoint: AssistantEndpoint }
  | { state: "ready"; endpoint: AssistantEndpoint };

/** Configured (ASSISTANT_* variables) and switched on (featureFlags.assistant in /admin/application)? */
export async function assistantAvailability(
  db: Kysely<Database>,
  endpoint: AssistantEndpoint | null = assistantEndpoint(),
): Promise<AssistantAvailability> {
  if (endpoint === null) return { state: "unconfigured" };
  const { featureFlags } = await readSettings(db);
  return featureFlags.assistant ? { state: "ready", endpoint } : { state: "switched-off", endpoint };
}

/** What a refusal of an unavailable assistant says (the page says more, with the variables). */
export const UNAVAILABLE = {
  // 409, not 503: an unconfigured assistant is the server's chosen state, not a failure (5xx counts as one).
  unconfigured: {
    status: 409,
    message:
      "The content assistant is not configured: set ASSISTANT_BASE_URL and ASSISTANT_MODEL (and ASSISTANT_API_KEY for a hosted endpoint), then restart the server.",
  },
  "switched-off": {
    status: 403,
    message: "The content assistant is switched off in /admin/application: switch it on there to use it.",
  },
} as const;

export interface Refusal {
  status: number;
  message: string;
  /** Per form field, for the form to show beside each. */
  errors?: Partial<Record<AskField, string>>;
  retryAfterSeconds?: number;
}

/** Line endings as "\n" and no white space around. */
const tidy = (value: string) => value.replace(/\r\n?/g, "\n").trim();

const askSchema = z
  .object({
    task: z.enum(ASSISTANT_TASKS, { error: "Choose what to draft." }),
    chapterId: z.uuid({ error: "Choose a chapter." }),
    skill: z
      .string({ error: "Choose a skill from the list." })
      .optional()
      .transform((id) => (id === undefined || id === "" ? null : id))
      .refine((id) => id === null || skillById(id) !== undefined, "Choose a skill from the list."),
    instructions: z
      .string({ error: "Say what you want drafted." })
      .transform(tidy)
      .pipe(
        z
          .string()
          .min(1, "Say what you want drafted.")
          .max(INSTRUCTIONS_MAX, `Use at most ${INSTRUCTIONS_MAX.toLocaleString("en-GB")} characters.`),
      ),
  })
  .refine((ask) => ask.task !== "questions" || ask.skill !== null, {
    message: "Quiz questions practise one skill: choose it.",
    path: ["skill"],
  });

export type AskInput = z.output<typeof askSchema>;

export interface PreparedAsk {
  request: AssistantRequestRecord;
  messages: ChatMessage[];
  endpoint: AssistantEndpoint;
}

/**
 * Checks an admin's request and stores it as streaming, ready for answerStream; or says why not: the
 * assistant not configured (409) or switched off (403), a bad form (400), too many requests (429), or an
 * answer already streaming for this admin (409).
 */
export async function prepareAsk(
  db: Kysely<Database>,
  admin: { id: string },
  values: Record<string, unknown>,
  endpoint: AssistantEndpoint | null = assistantEndpoint(),
): Promise<{ ok: true; prepared: PreparedAsk } | { ok: false; refusal: Refusal }> {
  const availability = await assistantAvailability(db, endpoint);
  if (availability.state !== "ready") return { ok: false, refusal: { ...UNAVAILABLE[availability.state] } };

  const parsed = askSchema.safeParse(values);
  if (!parsed.success) {
    const errors: Partial<Record<AskField, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path[0] as AskField] ??= issue.message;
    return { ok: false, refusal: { status: 400, message: "Check the form: some of it cannot be used.", errors } };
  }
  const ask = parsed.data;
  const chapter = await findChapterById(db, ask.chapterId);
  if (!chapter) {
    return {
      ok: false,
      refusal: { status: 400, message: "Check the form.", errors: { chapterId: "This chapter no longer exists." } },
    };
  }

  const limit = await consumeRateLimit(db, rateLimits.assistantPerAccount, admin.id);
  if (!limit.allowed) {
    return {
      ok: false,
      refusal: {
        status: 429,
        message: `You have asked the assistant ${rateLimits.assistantPerAccount.limit} times this hour, its limit: try again in ${waitInWords(limit.retryAfterSeconds)}.`,
        retryAfterSeconds: limit.retryAfterSeconds,
      },
    };
  }

  const sections = await listSections(db, chapter.id);
  const skill = ask.skill === null ? null : skillById(ask.skill)!;
  const messages = assistantMessages({
    task: ask.task,
    chapter: {
      title: chapter.title,
      summary: chapter.summary,
      sectionTitles: sections.map((section) => section.title),
    },
    skill: skill && { id: skill.id, title: skill.title },
    instructions: ask.instructions,
  });
  const started = await startAssistantRequest(
    db,
    {
      adminId: admin.id,
      task: ask.task,
      chapterId: chapter.id,
      skill: ask.skill,
      instructions: ask.instructions,
      prompt: JSON.stringify(messages),
      model: availability.endpoint.model,
    },
    { staleBefore: isoAfter(-ASSISTANT_STALE_AFTER_MS) },
  );
  if (!started.ok) {
    return {
      ok: false,
      refusal: {
        status: 409,
        message:
          "An answer of yours is still streaming (perhaps in another tab): stop it or wait for it to end, then ask again.",
      },
    };
  }
  return { ok: true, prepared: { request: started.request, messages, endpoint: availability.endpoint } };
}

/** How often the answer so far is written to the history while it streams. */
const PROGRESS_EVERY_MS = 2_000;

/**
 * The answer as server-sent events (stream-events.ts): start, the pieces as they arrive, then done or
 * failed. The history row is ended however the stream ends, also when the admin stops it or leaves
 * (`signal`, or the stream cancelled), which aborts the request to the endpoint.
 */
export function answerStream(
  db: Kysely<Database>,
  prepared: PreparedAsk,
  options: { signal?: AbortSignal } & Pick<ChatOptions, "timeoutMs" | "idleTimeoutMs" | "maxCharacters"> = {},
): ReadableStream<Uint8Array> {
  const { request, messages, endpoint } = prepared;
  const encoder = new TextEncoder();
  const cancelled = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, cancelled.signal]) : cancelled.signal;
  let open = true;

  return new ReadableStream<Uint8Array>({
    start(controller) {
      const send = (event: AssistantEvent) => {
        if (!open) return;
        try {
          controller.enqueue(encoder.encode(eventText(event)));
        } catch {
          // The reader went away: the history still gets the outcome.
          open = false;
        }
      };
      const close = () => {
        if (!open) return;
        open = false;
        controller.close();
      };
      // Not awaited: start() returns at once, and the events flow as they are sent.
      void (async () => {
        send({ type: "start", requestId: request.id, model: endpoint.model });
        let text = "";
        let savedAt = Date.now();
        let saving: Promise<void> = Promise.resolve();
        try {
          const result = await streamChat(
            endpoint,
            messages,
            (piece) => {
              text += piece;
              send({ type: "delta", text: piece });
              if (Date.now() - savedAt >= PROGRESS_EVERY_MS) {
                savedAt = Date.now();
                const snapshot = text;
                // A failed progress write loses nothing the final write will not store.
                saving = saving.then(() => saveAssistantProgress(db, request.id, snapshot)).catch(() => {});
              }
            },
            { ...options, signal },
          );
          await saving;
          await finishAssistantRequest(db, request.id, {
            status: "finished",
            response: result.text,
            promptTokens: result.promptTokens,
            completionTokens: result.completionTokens,
            error: result.cutShort === null ? null : cutShortMessage(result.cutShort),
          });
          send({ type: "done", requestId: request.id });
        } catch (error) {
          const failure =
            error instanceof AssistantError
              ? error
              : new AssistantError("provider", "The request failed unexpectedly; the server log has the details.");
          if (!(error instanceof AssistantError)) console.error("Content assistant request failed:", error);
          await saving;
          await finishAssistantRequest(db, request.id, {
            status: "failed",
            response: text,
            promptTokens: null,
            completionTokens: null,
            error: failure.message,
          }).catch((stored: unknown) => console.error("Could not store the assistant's failure:", stored));
          send({ type: "failed", requestId: request.id, message: failure.message });
        } finally {
          close();
        }
      })();
    },
    cancel() {
      open = false;
      cancelled.abort();
    },
  });
}

function cutShortMessage(reason: string): string {
  return reason === "length"
    ? "The model stopped at its length limit: the answer may be cut off at the end."
    : `The model stopped early (finish reason “${reason}”): the answer may be incomplete.`;
}

/** The endpoint as the page names it: its address and model, never its key. */
export function availabilitySummary(availability: AssistantAvailability) {
  return availability.state === "unconfigured"
    ? { state: availability.state, endpoint: null }
    : { state: availability.state, endpoint: endpointSummary(availability.endpoint) };
}
