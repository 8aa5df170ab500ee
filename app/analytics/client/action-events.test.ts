import { redirect } from "react-router";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { sendCheckoutForm, submittedForm, trackQuizVerdict, trackSectionRead } from "./action-events";
import { track } from "./track";

vi.mock("./track", () => ({ track: vi.fn() }));

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const answerForm = form({
  intent: "answer",
  itemId: "i1",
  skill: "prime-factorization",
  hintsUsed: "2",
  "part-0": "7",
});

beforeEach(() => vi.mocked(track).mockClear());

describe("trackQuizVerdict", () => {
  it("counts a checked answer with its skill, verdict and hints (a stored attempt's { correct })", () => {
    trackQuizVerdict(answerForm, { correct: false });
    expect(track).toHaveBeenCalledWith("quiz_answer", { skill: "prime-factorization", right: false, hints: 2 });
  });

  it("reads the sample quiz's verdict from the item it answers with", () => {
    trackQuizVerdict(answerForm, { item: { id: "sample:x:1", result: { correct: true } } });
    expect(track).toHaveBeenCalledWith("quiz_answer", { skill: "prime-factorization", right: true, hints: 2 });
  });

  it("counts nothing without a verdict: a refusal, an answer kept offline, a hint, a report", () => {
    trackQuizVerdict(answerForm, { error: "This quiz is over: its answers are final." });
    trackQuizVerdict(answerForm, { unsent: true });
    trackQuizVerdict(answerForm, { item: { result: null } });
    trackQuizVerdict(form({ intent: "hint", skill: "s", hintsUsed: "0" }), { item: { result: { correct: true } } });
    trackQuizVerdict(form({ intent: "report", skill: "s" }), { reported: true });
    trackQuizVerdict(null, { correct: true });
    expect(track).not.toHaveBeenCalled();
  });
});

describe("trackSectionRead", () => {
  it("counts a section marked read once the server applied it", () => {
    trackSectionRead(form({ intent: "read", sectionId: "s" }), { error: null }, "primes");
    expect(track).toHaveBeenCalledWith("chapter_read", { chapter: "primes" });
  });

  it("counts neither an unmark, nor a refusal, nor a mark kept offline", () => {
    trackSectionRead(form({ intent: "unread" }), { error: null }, "primes");
    trackSectionRead(
      form({ intent: "read" }),
      { error: "That section is not part of what you can read here." },
      "primes",
    );
    trackSectionRead(form({ intent: "read" }), { unsent: true }, "primes");
    expect(track).not.toHaveBeenCalled();
  });
});

describe("sendCheckoutForm", () => {
  const post = (plan: string) =>
    new Request("https://numberlab.test/subscribe", { method: "POST", body: new URLSearchParams({ plan }) });

  it("counts a checkout the server opened (a redirect to the provider), and passes the redirect on", async () => {
    const opened = redirect("https://checkout.stripe.test/c/pay/cs_1");
    await expect(
      sendCheckoutForm({ request: post("yearly"), serverAction: () => Promise.reject(opened) }),
    ).rejects.toBe(opened);
    expect(track).toHaveBeenCalledWith("subscription_step", { step: "checkout_started", plan: "yearly" });
  });

  it("counts nothing for a guest sent to sign in, nor a refusal", async () => {
    const signIn = redirect("/login?redirectTo=%2Fsubscribe%3Fplan%3Dmonthly");
    await expect(
      sendCheckoutForm({ request: post("monthly"), serverAction: () => Promise.reject(signIn) }),
    ).rejects.toBe(signIn);
    const refusal = { error: "You already have a plan." };
    await expect(sendCheckoutForm({ request: post("monthly"), serverAction: async () => refusal })).resolves.toBe(
      refusal,
    );
    expect(track).not.toHaveBeenCalled();
  });

  it("reads the form without consuming the request the action sends", async () => {
    const request = post("monthly");
    expect((await submittedForm(request))?.get("plan")).toBe("monthly");
    expect((await request.formData()).get("plan")).toBe("monthly");
  });
});
