import { describe, expect, it } from "vitest";
import { IDEMPOTENCY_KEY_FIELD } from "./idempotency-key";
import { sendKeyedSubmission, takeSendOutcome } from "./queued-action";

const post = (fields: Record<string, string>) =>
  new Request("http://page/chapter/divisors", { method: "POST", body: new URLSearchParams(fields) });

/** What React Router's clientAction is given when the server answered with a thrown 4xx or 5xx. */
const errorResponse = (status: number, data: unknown) => ({ status, statusText: "Refused", internal: false, data });

describe("a keyed submission's client action", () => {
  it("passes the server's answer on and notes it as applied, once", async () => {
    const key = crypto.randomUUID();
    const answer = await sendKeyedSubmission({
      request: post({ intent: "read", [IDEMPOTENCY_KEY_FIELD]: key }),
      serverAction: async () => ({ error: null }),
    });
    expect(answer).toEqual({ error: null });
    expect(takeSendOutcome(key)).toEqual({ kind: "applied", data: { error: null } });
    expect(takeSendOutcome(key)).toBeUndefined();
  });

  it("notes a refusal the action returned, or threw as a 4xx, with its reason", async () => {
    const returned = crypto.randomUUID();
    expect(
      await sendKeyedSubmission({
        request: post({ [IDEMPOTENCY_KEY_FIELD]: returned }),
        serverAction: async () => ({ error: "This quiz is over: its answers are final." }),
      }),
    ).toEqual({ error: "This quiz is over: its answers are final." });
    expect(takeSendOutcome(returned)).toEqual({
      kind: "refused",
      message: "This quiz is over: its answers are final.",
    });

    const thrown = crypto.randomUUID();
    // The page shows the reason instead of an error page.
    expect(
      await sendKeyedSubmission({
        request: post({ [IDEMPOTENCY_KEY_FIELD]: thrown }),
        serverAction: () => Promise.reject(errorResponse(404, "")),
      }),
    ).toEqual({ error: "The server refused it (404 Refused)." });
    expect(takeSendOutcome(thrown)).toEqual({ kind: "refused", message: "The server refused it (404 Refused)." });
  });

  it("keeps a submission the server never answered, or answered with a fault, for later", async () => {
    for (const failure of [
      new TypeError("Failed to fetch"),
      new Error("Unexpected Server Error"),
      errorResponse(503, ""),
    ]) {
      const key = crypto.randomUUID();
      expect(
        await sendKeyedSubmission({
          request: post({ [IDEMPOTENCY_KEY_FIELD]: key }),
          serverAction: () => Promise.reject(failure),
        }),
      ).toEqual({ unsent: true });
      expect(takeSendOutcome(key)).toEqual({ kind: "unanswered" });
    }
  });

  it("lets React Router follow a redirect, noting nothing", async () => {
    const key = crypto.randomUUID();
    const toSignIn = new Response(null, { status: 302, headers: { Location: "/login" } });
    await expect(
      sendKeyedSubmission({
        request: post({ [IDEMPOTENCY_KEY_FIELD]: key }),
        serverAction: () => Promise.reject(toSignIn),
      }),
    ).rejects.toBe(toSignIn);
    expect(takeSendOutcome(key)).toBeUndefined();
  });

  it("leaves a submission without a key as it was, failures included", async () => {
    const offline = new TypeError("Failed to fetch");
    await expect(
      sendKeyedSubmission({ request: post({ intent: "hint" }), serverAction: () => Promise.reject(offline) }),
    ).rejects.toBe(offline);
    expect(await sendKeyedSubmission({ request: post({ intent: "hint" }), serverAction: async () => ({}) })).toEqual(
      {},
    );
  });
});
