import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local OpenAI-compatible endpoint for the content assistant's tests: a real HTTP server speaking
 * POST /v1/chat/completions with streamed server-sent chunks, a usage chunk and `data: [DONE]`, as
 * OpenAI, llama.cpp and Ollama do. What it answers is chosen per request by `reply` (a test sets its
 * own), by default from markers in the last user message (see scriptedReply), so journeys running
 * side by side choose their answers without sharing any state.
 */

export interface FakeChatRequest {
  headers: IncomingHttpHeaders;
  body: {
    model?: string;
    stream?: boolean;
    stream_options?: { include_usage?: boolean };
    messages?: { role: string; content: string }[];
  };
}

export interface FakeReply {
  /** An error answer: this status with `body` as JSON (and `headers`), instead of a stream. */
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** The answer's pieces, one chunk each. */
  chunks?: string[];
  /** Wait between chunks (ms). */
  delayMs?: number;
  /** Token counts of the usage chunk (sent when the request asks for usage); null sends none. */
  usage?: { prompt_tokens: number; completion_tokens: number } | null;
  finishReason?: string;
  /** After this many chunks, send a line that is not JSON. */
  malformedAfter?: number;
  /** After this many chunks, send an error object in the stream. */
  errorAfter?: { chunks: number; message: string };
  /** After this many chunks, send nothing more and keep the connection open. */
  stallAfter?: number;
  /** After this many chunks, wait until `release(token)` (or POST /control/release/<token>). */
  holdAfter?: { chunks: number; token: string };
  /** Never answer at all, not even the headers. */
  hang?: boolean;
}

export interface FakeOpenAiServer {
  /** The base URL to give ASSISTANT_BASE_URL: http://127.0.0.1:<port>/v1. */
  baseUrl: string;
  requests: FakeChatRequest[];
  /** Replaces what the next requests are answered. */
  setReply(reply: (request: FakeChatRequest) => FakeReply): void;
  release(token: string): void;
  close(): Promise<void>;
}

/** The key the fake accepts when started with one; anything else is a 401 naming part of it, as OpenAI does. */
export interface FakeOpenAiOptions {
  port?: number;
  apiKey?: string;
  /** Models it knows; others are a 404. Any model when unset. */
  models?: string[];
  reply?: (request: FakeChatRequest) => FakeReply;
}

/** A draft section whose factorization of 360 is wrong (3^3 for 3^2), beside right claims. */
export const WRONG_FACTORIZATION_SECTION = [
  "## Prime factorizations",
  "",
  "Every whole number above 1 is a product of primes in exactly one way.",
  "",
  ':::example{title="Factoring 360"}',
  String.raw`Halving three times and dividing by 3 twice leaves 5, so \(360 = 2^3 \cdot 3^3 \cdot 5\).`,
  ":::",
  "",
  String.raw`By Fermat's little theorem \(2^{10} \equiv 1 \pmod{11}\), and the order of 3 modulo 7 is 6.`,
  "",
  '::widget{name="factor-tree" n="360"}',
].join("\n");

/** A draft section with nothing wrong in it. */
export const GOOD_SECTION = [
  "## Remainders of powers",
  "",
  String.raw`Since \(3^6 \equiv 1 \pmod 7\), the remainders of $3^n$ repeat every 6 steps.`,
  "",
  ':::definition{title="Order"}',
  String.raw`The order of $a$ modulo $m$ is the least $k \ge 1$ with $a^k \equiv 1 \pmod{m}$.`,
  ":::",
].join("\n");

/** Two questions in the assistant's question format, for skill power-mod. */
export const QUESTIONS_ANSWER = [
  "## Question",
  "Skill: power-mod",
  "Difficulty: 2",
  "",
  String.raw`What is the remainder of \(3^{100}\) on division by \(7\)?`,
  "",
  "### Answer",
  "Kind: integer",
  "Key: 4",
  "",
  "### Hint",
  String.raw`Use \(3^6 \equiv 1 \pmod 7\).`,
  "",
  "### Solution",
  String.raw`Since \(100 = 6 \cdot 16 + 4\), \(3^{100} \equiv 3^4 = 81 \equiv 4 \pmod 7\).`,
  "",
  "## Question",
  "Skill: power-mod",
  "Difficulty: 1",
  "",
  String.raw`Which residues are powers of \(2\) modulo \(7\)?`,
  "",
  "### Answer",
  "Kind: choice, several",
  "Key:",
  "* $1$",
  "* $2$",
  "$3$",
  "* $4$",
  "",
  "### Solution",
  String.raw`The powers of 2 modulo 7 are 2, 4, 1, then they repeat.`,
].join("\n");

/** Splits a text into pieces of a few words, as a model streams it. */
export function piecesOf(text: string, words = 3): string[] {
  const tokens = text.split(/(?<=\s)/);
  const pieces: string[] = [];
  for (let i = 0; i < tokens.length; i += words) pieces.push(tokens.slice(i, i + words).join(""));
  return pieces;
}

/**
 * The answer chosen by markers in the last user message: "fake:wrong-factorization",
 * "fake:questions", "fake:429", "fake:401", "fake:500", "fake:malformed", "fake:empty", "fake:slow",
 * "fake:hold:<token>" (the first chunks, then wait for release). Otherwise GOOD_SECTION.
 */
export function scriptedReply(request: FakeChatRequest): FakeReply {
  const said = request.body.messages?.at(-1)?.content ?? "";
  if (said.includes("fake:429")) {
    return {
      status: 429,
      headers: { "Retry-After": "30" },
      body: { error: { message: "Rate limit reached", type: "requests" } },
    };
  }
  if (said.includes("fake:401")) return { status: 401, body: { error: { message: "Incorrect API key provided" } } };
  if (said.includes("fake:500")) return { status: 500, body: { error: { message: "The server had an error" } } };
  if (said.includes("fake:empty")) return { chunks: [] };
  const text = said.includes("fake:wrong-factorization")
    ? WRONG_FACTORIZATION_SECTION
    : said.includes("fake:questions")
      ? QUESTIONS_ANSWER
      : GOOD_SECTION;
  const chunks = piecesOf(text);
  const hold = /fake:hold:([\w-]+)/.exec(said);
  return {
    chunks,
    delayMs: said.includes("fake:slow") ? 200 : 5,
    ...(said.includes("fake:malformed") ? { malformedAfter: 3 } : {}),
    ...(hold ? { holdAfter: { chunks: Math.ceil(chunks.length / 2), token: hold[1]! } } : {}),
  };
}

const sleep = (milliseconds: number) => new Promise((resolve) => setTimeout(resolve, milliseconds));

export async function startFakeOpenAiServer(options: FakeOpenAiOptions = {}): Promise<FakeOpenAiServer> {
  let reply = options.reply ?? scriptedReply;
  const requests: FakeChatRequest[] = [];
  const holds = new Map<string, { promise: Promise<void>; resolve: () => void }>();
  const holdOf = (token: string) => {
    let hold = holds.get(token);
    if (!hold) {
      let resolve = () => {};
      const promise = new Promise<void>((done) => (resolve = done));
      hold = { promise, resolve };
      holds.set(token, hold);
    }
    return hold;
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      void (async () => {
        const release = /^\/control\/release\/([\w-]+)$/.exec(req.url ?? "");
        if (req.method === "POST" && release) {
          holdOf(release[1]!).resolve();
          res.writeHead(204).end();
          return;
        }
        const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
          res.writeHead(status, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
        if (req.method !== "POST" || req.url !== "/v1/chat/completions") {
          json(404, { error: { message: `Unknown request ${req.method} ${req.url}`, type: "invalid_request_error" } });
          return;
        }
        let body: FakeChatRequest["body"];
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as FakeChatRequest["body"];
        } catch {
          json(400, { error: { message: "The body is not JSON" } });
          return;
        }
        const request = { headers: req.headers, body };
        requests.push(request);
        if (options.apiKey !== undefined && req.headers.authorization !== `Bearer ${options.apiKey}`) {
          const given = req.headers.authorization?.replace(/^Bearer /, "") ?? "";
          json(401, {
            error: { message: `Incorrect API key provided: ${given}. You can find your API key at the usual place.` },
          });
          return;
        }
        if (options.models && !options.models.includes(body.model ?? "")) {
          json(404, { error: { message: `The model \`${body.model}\` does not exist`, code: "model_not_found" } });
          return;
        }
        const answer = reply(request);
        if (answer.hang) return;
        if (answer.status !== undefined && answer.status !== 200) {
          json(answer.status, answer.body ?? {}, answer.headers);
          return;
        }
        res.writeHead(200, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache", ...answer.headers });
        const base = {
          id: "chatcmpl-fake",
          object: "chat.completion.chunk",
          created: 1_700_000_000,
          model: body.model,
        };
        const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
        send({ ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] });
        const pieces = answer.chunks ?? [];
        for (const [index, piece] of pieces.entries()) {
          if (res.destroyed) return;
          if (answer.malformedAfter === index) {
            res.end('data: {"choices": [{"delta": {"content": "cut\n\n');
            return;
          }
          if (answer.errorAfter?.chunks === index) {
            res.end(
              `data: ${JSON.stringify({ error: { message: answer.errorAfter.message, type: "server_error" } })}\n\n`,
            );
            return;
          }
          if (answer.stallAfter === index) return;
          if (answer.holdAfter?.chunks === index) await holdOf(answer.holdAfter.token).promise;
          if (answer.delayMs) await sleep(answer.delayMs);
          send({ ...base, choices: [{ index: 0, delta: { content: piece }, finish_reason: null }] });
        }
        send({ ...base, choices: [{ index: 0, delta: {}, finish_reason: answer.finishReason ?? "stop" }] });
        const usage =
          answer.usage === undefined
            ? { prompt_tokens: JSON.stringify(body.messages ?? []).length >> 2, completion_tokens: pieces.length }
            : answer.usage;
        if (body.stream_options?.include_usage && usage) {
          send({
            ...base,
            choices: [],
            usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
          });
        }
        res.end("data: [DONE]\n\n");
      })();
    });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setReply: (next) => (reply = next),
    release: (token) => holdOf(token).resolve(),
    close: async () => {
      for (const hold of holds.values()) hold.resolve();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
