/**
 * One streamed chat completion through the official `openai` SDK, pointed at any OpenAI-compatible
 * endpoint by its base URL. The SDK's own timeout only covers the wait for the response's headers,
 * so the whole answer has a deadline here, and so has each silence between two pieces of it; both,
 * and the admin's Stop (or leaving the page), abort the request. Every way it can fail becomes an
 * AssistantError whose message an admin can act on, never showing the API key.
 */
import OpenAI, {
  APIConnectionError,
  APIConnectionTimeoutError,
  APIError,
  APIUserAbortError,
  AuthenticationError,
  NotFoundError,
  PermissionDeniedError,
  RateLimitError,
} from "openai";
import { z } from "zod";
import { waitInWords } from "../http/rate-limits.server";
import { countOf } from "../utils/plural";
import { endpointSummary, type AssistantEndpoint } from "./assistant-config.server";
import { ANSWER_MAX_CHARACTERS, ASSISTANT_IDLE_TIMEOUT_MS, ASSISTANT_TIMEOUT_MS } from "./assistant-vocabulary";
import type { ChatMessage } from "./prompt.server";

export type AssistantFailure =
  | "timeout"
  | "idle"
  | "stopped"
  | "rate-limited"
  | "unauthorized"
  | "forbidden"
  | "unknown-model"
  | "unreachable"
  | "malformed"
  | "empty"
  | "too-long"
  | "provider";

export class AssistantError extends Error {
  constructor(
    readonly failure: AssistantFailure,
    message: string,
    /** From the endpoint's Retry-After, for a 429. */
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(message);
    this.name = "AssistantError";
  }
}

export interface ChatOptions {
  /** Aborted when the admin stops the answer or leaves. */
  signal?: AbortSignal;
  timeoutMs?: number;
  idleTimeoutMs?: number;
  maxCharacters?: number;
}

export interface ChatResult {
  text: string;
  promptTokens: number | null;
  completionTokens: number | null;
  /** Why the model stopped early, when it did ("length", "content_filter"): the answer may be cut off. */
  cutShort: string | null;
}

/** What a chunk must look like; a server that sends anything else sends a malformed stream. */
const chunkSchema = z.object({
  choices: z
    .array(
      z.object({
        delta: z.object({ content: z.string().nullish() }).nullish(),
        finish_reason: z.string().nullish(),
      }),
    )
    .nullish(),
  usage: z
    .object({ prompt_tokens: z.number().int().nonnegative(), completion_tokens: z.number().int().nonnegative() })
    .nullish(),
});

/**
 * Streams the answer to `messages`, handing each piece to `onText` as it arrives; resolves with the
 * whole text and the token counts of the usage chunk. Throws AssistantError.
 */
export async function streamChat(
  endpoint: AssistantEndpoint,
  messages: readonly ChatMessage[],
  onText: (text: string) => void,
  options: ChatOptions = {},
): Promise<ChatResult> {
  const timeoutMs = options.timeoutMs ?? ASSISTANT_TIMEOUT_MS;
  const idleTimeoutMs = options.idleTimeoutMs ?? ASSISTANT_IDLE_TIMEOUT_MS;
  const maxCharacters = options.maxCharacters ?? ANSWER_MAX_CHARACTERS;
  const controller = new AbortController();
  let stoppedBy: "timeout" | "idle" | "stopped" | null = null;
  const stop = (why: "timeout" | "idle" | "stopped") => {
    if (stoppedBy !== null) return;
    stoppedBy = why;
    controller.abort();
  };
  const deadline = setTimeout(() => stop("timeout"), timeoutMs);
  let silence = setTimeout(() => stop("idle"), idleTimeoutMs);
  const heard = () => {
    clearTimeout(silence);
    silence = setTimeout(() => stop("idle"), idleTimeoutMs);
  };
  const onAbort = () => stop("stopped");
  if (options.signal?.aborted) stop("stopped");
  options.signal?.addEventListener("abort", onAbort, { once: true });

  const client = new OpenAI({
    baseURL: endpoint.baseUrl,
    // The SDK wants some key; without one configured, the Authorization header is left out altogether.
    apiKey: endpoint.apiKey ?? "none",
    defaultHeaders: endpoint.apiKey === null ? { Authorization: null } : undefined,
    // Named, so the SDK never takes them from OPENAI_* variables of the environment.
    organization: null,
    project: null,
    maxRetries: 0,
    timeout: timeoutMs,
    logLevel: "off",
  });

  let text = "";
  let promptTokens: number | null = null;
  let completionTokens: number | null = null;
  let cutShort: string | null = null;
  try {
    const stream = await client.chat.completions.create(
      { model: endpoint.model, messages: [...messages], stream: true, stream_options: { include_usage: true } },
      { signal: controller.signal },
    );
    heard();
    for await (const raw of stream) {
      heard();
      const chunk = chunkSchema.safeParse(raw);
      if (!chunk.success) {
        throw new AssistantError(
          "malformed",
          "The endpoint sent a piece of the answer that is not a chat-completion chunk: the stream is malformed.",
        );
      }
      const choice = chunk.data.choices?.[0];
      const piece = choice?.delta?.content ?? "";
      if (piece !== "") {
        text += piece;
        if (text.length > maxCharacters) {
          throw new AssistantError(
            "too-long",
            `The answer grew past ${maxCharacters.toLocaleString("en-GB")} characters and was stopped there: ask for less at a time.`,
          );
        }
        onText(piece);
      }
      if (choice?.finish_reason && choice.finish_reason !== "stop") cutShort = choice.finish_reason;
      if (chunk.data.usage) {
        promptTokens = chunk.data.usage.prompt_tokens;
        completionTokens = chunk.data.usage.completion_tokens;
      }
    }
    // The SDK ends the loop quietly when the request is aborted: say why it was.
    if (stoppedBy !== null) throw stopError(stoppedBy, timeoutMs, idleTimeoutMs);
    if (text.trim() === "") throw new AssistantError("empty", "The endpoint's answer was empty: no text arrived.");
    return { text, promptTokens, completionTokens, cutShort };
  } catch (error) {
    throw failureOf(error, { endpoint, stoppedBy, timeoutMs, idleTimeoutMs });
  } finally {
    clearTimeout(deadline);
    clearTimeout(silence);
    options.signal?.removeEventListener("abort", onAbort);
  }
}

const seconds = (milliseconds: number) => countOf(Math.round(milliseconds / 1000), "second");

function stopError(why: "timeout" | "idle" | "stopped", timeoutMs: number, idleTimeoutMs: number): AssistantError {
  if (why === "stopped") return new AssistantError("stopped", "Stopped before the answer ended.");
  if (why === "idle") {
    return new AssistantError(
      "idle",
      `The endpoint sent nothing for ${seconds(idleTimeoutMs)}, so the request was stopped. Try again, or ask for less.`,
    );
  }
  return new AssistantError(
    "timeout",
    `The answer did not arrive within ${seconds(timeoutMs)}, so the request was stopped. Ask for less at a time, or try again.`,
  );
}

/** Retry-After as seconds: a number of seconds or an HTTP date. */
function retryAfterOf(headers: Headers | undefined): number | null {
  const value = headers?.get("retry-after")?.trim();
  if (!value) return null;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(1, Math.ceil((at - Date.now()) / 1000));
}

/** The endpoint's own explanation, without the key, on one short line. */
function providerMessage(error: APIError, apiKey: string | null): string | null {
  const body = error.error as { message?: unknown } | undefined;
  const message = typeof body?.message === "string" ? body.message : null;
  if (!message) return null;
  const redacted = apiKey ? message.split(apiKey).join("[the key]") : message;
  const line = redacted.replace(/\s+/g, " ").trim();
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}

/** Why a connection could not be made, from the network error under the SDK's. */
function connectionProblem(error: unknown): string {
  let cause: unknown = error;
  for (let depth = 0; depth < 4 && cause; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (code === "ECONNREFUSED") return "the connection was refused (is the server running, on that port?)";
    if (code === "ENOTFOUND" || code === "EAI_AGAIN") return "its host name could not be resolved";
    if (code === "ECONNRESET" || code === "UND_ERR_SOCKET") return "the connection was closed";
    if (code === "EHOSTUNREACH" || code === "ENETUNREACH") return "its host cannot be reached from this server";
    if (typeof code === "string" && /CERT|SSL|TLS/.test(code)) return "its TLS certificate was refused";
    cause = (cause as { cause?: unknown }).cause;
  }
  return "the connection failed";
}

function failureOf(
  error: unknown,
  context: {
    endpoint: AssistantEndpoint;
    stoppedBy: "timeout" | "idle" | "stopped" | null;
    timeoutMs: number;
    idleTimeoutMs: number;
  },
): AssistantError {
  const { endpoint, stoppedBy, timeoutMs, idleTimeoutMs } = context;
  if (error instanceof AssistantError) return error;
  if (stoppedBy !== null) return stopError(stoppedBy, timeoutMs, idleTimeoutMs);
  if (error instanceof APIConnectionTimeoutError) return stopError("timeout", timeoutMs, idleTimeoutMs);
  if (error instanceof APIUserAbortError) return stopError("stopped", timeoutMs, idleTimeoutMs);
  const { address, model } = endpointSummary(endpoint);
  if (error instanceof RateLimitError) {
    const wait = retryAfterOf(error.headers);
    return new AssistantError(
      "rate-limited",
      `The endpoint refuses more requests for now (429 Too Many Requests)${wait === null ? ": try again later." : `: try again in ${waitInWords(wait)}.`}`,
      wait,
    );
  }
  if (error instanceof AuthenticationError) {
    return new AssistantError(
      "unauthorized",
      endpoint.apiKey === null
        ? "The endpoint wants an API key (401 Unauthorized): set ASSISTANT_API_KEY."
        : "The endpoint refused the API key (401 Unauthorized): check ASSISTANT_API_KEY.",
    );
  }
  if (error instanceof PermissionDeniedError) {
    return new AssistantError(
      "forbidden",
      "The endpoint refused access (403 Forbidden): check that ASSISTANT_API_KEY may use this model.",
    );
  }
  if (error instanceof NotFoundError) {
    return new AssistantError(
      "unknown-model",
      `The endpoint answered 404 Not Found: it does not know the model “${model}”, or ${address} is not the address before /chat/completions (it usually ends in /v1). Check ASSISTANT_MODEL and ASSISTANT_BASE_URL.`,
    );
  }
  if (error instanceof APIConnectionError) {
    return new AssistantError(
      "unreachable",
      `Could not reach the endpoint at ${address}: ${connectionProblem(error)}.`,
    );
  }
  if (error instanceof SyntaxError) {
    return new AssistantError(
      "malformed",
      "The endpoint sent a piece of the answer that is not valid JSON: the stream is malformed.",
    );
  }
  if (error instanceof APIError) {
    const said = providerMessage(error, endpoint.apiKey);
    if (error.status === undefined) {
      return new AssistantError(
        "provider",
        `The endpoint reported an error during the answer${said ? `: ${said}` : "."}`,
      );
    }
    return new AssistantError("provider", `The endpoint answered ${error.status}${said ? `: ${said}` : "."}`);
  }
  const detail = error instanceof Error ? error.message : String(error);
  const redacted = endpoint.apiKey ? detail.split(endpoint.apiKey).join("[the key]") : detail;
  return new AssistantError("provider", `The request failed: ${redacted.slice(0, 300)}`);
}
