import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  GOOD_SECTION,
  piecesOf,
  startFakeOpenAiServer,
  type FakeOpenAiServer,
  type FakeReply,
} from "#tests/setup/fake-openai-server";
import type { AssistantEndpoint } from "./assistant-config.server";
import { AssistantError, streamChat, type ChatOptions } from "./chat-stream.server";

const KEY = "sk-test-0123456789abcdef";
const MESSAGES = [
  { role: "system", content: "You write lessons." },
  { role: "user", content: "Write about orders." },
] as const;

describe("streamChat against a local OpenAI-compatible server", () => {
  let fake: FakeOpenAiServer;
  let endpoint: AssistantEndpoint;

  beforeAll(async () => {
    fake = await startFakeOpenAiServer({ apiKey: KEY, models: ["numberlab-test"] });
    endpoint = { baseUrl: fake.baseUrl, apiKey: KEY, model: "numberlab-test" };
  });
  afterAll(() => fake.close());
  beforeEach(() => {
    fake.requests.length = 0;
  });

  const replying = (reply: FakeReply) => fake.setReply(() => reply);

  /** Runs a request; returns the pieces seen and the error it failed with (or the result). */
  async function run(options: ChatOptions = {}, at: AssistantEndpoint = endpoint) {
    const pieces: string[] = [];
    try {
      const result = await streamChat(at, MESSAGES, (piece) => pieces.push(piece), options);
      return { pieces, result, error: null };
    } catch (error) {
      if (!(error instanceof AssistantError)) throw error;
      return { pieces, result: null, error };
    }
  }

  it("streams the answer piece by piece with the usage chunk's token counts, sending what the API expects", async () => {
    const chunks = piecesOf(GOOD_SECTION);
    replying({ chunks, usage: { prompt_tokens: 321, completion_tokens: 54 } });
    const { pieces, result } = await run();
    expect(pieces).toEqual(chunks);
    expect(result).toEqual({ text: GOOD_SECTION, promptTokens: 321, completionTokens: 54, cutShort: null });
    const [request] = fake.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(request?.body).toMatchObject({
      model: "numberlab-test",
      stream: true,
      stream_options: { include_usage: true },
      messages: MESSAGES,
    });
  });

  it("sends no Authorization header when no key is configured (a local server)", async () => {
    const open = await startFakeOpenAiServer({ reply: () => ({ chunks: ["Hello."] }) });
    try {
      const { result } = await run({}, { baseUrl: open.baseUrl, apiKey: null, model: "local" });
      expect(result?.text).toBe("Hello.");
      expect(open.requests[0]?.headers.authorization).toBeUndefined();
    } finally {
      await open.close();
    }
  });

  it("says when the model stopped at its length limit", async () => {
    replying({ chunks: ["Cut"], finishReason: "length" });
    expect((await run()).result?.cutShort).toBe("length");
  });

  it("stops an answer that takes longer than the whole timeout, keeping what arrived", async () => {
    replying({ chunks: piecesOf(GOOD_SECTION), delayMs: 100 });
    const { pieces, error } = await run({ timeoutMs: 450, idleTimeoutMs: 5_000 });
    expect(error?.failure).toBe("timeout");
    expect(error?.message).toMatch(/^The answer did not arrive within .*, so the request was stopped/);
    expect(pieces.length).toBeGreaterThan(0);
    expect(pieces.length).toBeLessThan(piecesOf(GOOD_SECTION).length);
  });

  it("stops an answer when the endpoint falls silent, and one that never answers at all", async () => {
    replying({ chunks: ["One ", "two ", "three"], stallAfter: 2 });
    const silent = await run({ timeoutMs: 5_000, idleTimeoutMs: 300 });
    expect(silent.error?.failure).toBe("idle");
    expect(silent.pieces).toEqual(["One ", "two "]);
    replying({ hang: true });
    const hung = await run({ timeoutMs: 400, idleTimeoutMs: 5_000 });
    expect(hung.error?.failure).toBe("timeout");
  });

  it("reports a 429 with the endpoint's Retry-After", async () => {
    replying({ status: 429, headers: { "Retry-After": "30" }, body: { error: { message: "Rate limit reached" } } });
    const { error } = await run();
    expect(error).toMatchObject({ failure: "rate-limited", retryAfterSeconds: 30 });
    expect(error?.message).toBe(
      "The endpoint refuses more requests for now (429 Too Many Requests): try again in 30 seconds.",
    );
  });

  it("reports a refused key without showing it, even when the endpoint repeats it", async () => {
    const secret = "sk-wrong-secret-987654321";
    const { error } = await run({}, { ...endpoint, apiKey: secret });
    expect(error?.failure).toBe("unauthorized");
    expect(error?.message).toBe("The endpoint refused the API key (401 Unauthorized): check ASSISTANT_API_KEY.");
    expect(JSON.stringify(error)).not.toContain(secret);
  });

  it("reports refused access (403) without the endpoint's words about the key", async () => {
    replying({ status: 403, body: { error: { message: `Key ${KEY} may not use this model` } } });
    const { error } = await run();
    expect(error).toMatchObject({
      failure: "forbidden",
      message: "The endpoint refused access (403 Forbidden): check that ASSISTANT_API_KEY may use this model.",
    });
  });

  it("reports an unknown model, a server error with its message, and an error inside the stream", async () => {
    const unknown = await run({}, { ...endpoint, model: "no-such-model" });
    expect(unknown.error?.failure).toBe("unknown-model");
    expect(unknown.error?.message).toContain("“no-such-model”");
    replying({ status: 500, body: { error: { message: `The server had an error with ${KEY}` } } });
    const failed = await run();
    expect(failed.error).toMatchObject({
      failure: "provider",
      message: "The endpoint answered 500: The server had an error with [the key]",
    });
    replying({ chunks: ["a", "b", "c"], errorAfter: { chunks: 1, message: "The model crashed" } });
    const midway = await run();
    expect(midway.error?.message).toBe("The endpoint reported an error during the answer: The model crashed");
    expect(midway.pieces).toEqual(["a"]);
  });

  it("reports a malformed stream, an empty answer and one that grows too long", async () => {
    replying({ chunks: ["a", "b", "c", "d"], malformedAfter: 2 });
    const malformed = await run();
    expect(malformed.error?.failure).toBe("malformed");
    expect(malformed.pieces).toEqual(["a", "b"]);
    replying({ chunks: [] });
    expect((await run()).error?.failure).toBe("empty");
    replying({ chunks: ["0123456789", "0123456789", "0123456789"] });
    const long = await run({ maxCharacters: 25 });
    expect(long.error?.failure).toBe("too-long");
  });

  it("stops when the admin stops, and says so", async () => {
    replying({ chunks: ["First ", "second"], holdAfter: { chunks: 1, token: "stop-test" } });
    const stopper = new AbortController();
    const pieces: string[] = [];
    const error = await streamChat(
      endpoint,
      MESSAGES,
      (piece) => {
        pieces.push(piece);
        stopper.abort();
      },
      { signal: stopper.signal },
    ).catch((caught: unknown) => caught);
    fake.release("stop-test");
    expect(error).toMatchObject({ failure: "stopped", message: "Stopped before the answer ended." });
    expect(pieces).toEqual(["First "]);
  });

  it("reports an endpoint nobody listens on as refused", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const { error } = await run({}, { ...endpoint, baseUrl: `http://127.0.0.1:${port}/v1` });
    expect(error?.failure).toBe("unreachable");
    expect(error?.message).toBe(
      `Could not reach the endpoint at http://127.0.0.1:${port}/v1: the connection was refused (is the server running, on that port?).`,
    );
  });
});
