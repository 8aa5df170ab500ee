import { describe, expect, it } from "vitest";
import { verdictOf } from "./answer-verdict";

describe("the verdict of an applied answer", () => {
  it("is read from a quiz attempt's answer and from the sample quiz's question", () => {
    expect(verdictOf({ correct: true })).toBe(true);
    expect(verdictOf({ correct: false, skill: "gcd" })).toBe(false);
    expect(verdictOf({ item: { id: "sample:x:1", result: { correct: false, parts: [] } } })).toBe(false);
    expect(verdictOf({ item: { result: { correct: true } } })).toBe(true);
  });

  it("is null for anything else: a mark as read, a refusal, an unanswered question, malformed data", () => {
    for (const answer of [
      { error: null },
      { error: "Answer the question first." },
      { unsent: true },
      { item: { result: null } },
      { item: null },
      { item: { result: { correct: "yes" } } },
      { correct: 1 },
      undefined,
      null,
      "correct",
    ]) {
      expect(verdictOf(answer), JSON.stringify(answer)).toBeNull();
    }
  });
});
