import { describe, expect, it } from "vitest";
import { revisionSaved, saveConflict, saveRefused } from "./revision-save";

describe("the answers to saving a revision", () => {
  it("says which revision was saved, or that nothing changed", () => {
    expect(revisionSaved(4, false)).toEqual({ intent: "save", outcome: "saved", revision: 4, unchanged: false });
  });

  it("refuses invalid fields with 400", () => {
    const answer = saveRefused({ prompt: "Write the question." });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({ intent: "save", outcome: "invalid", errors: { prompt: "Write the question." } });
  });

  it("refuses a stale base with 409, naming only who saved which revision when, not their text", () => {
    const current = { number: 3, authorEmail: null, createdAt: "2026-01-02T03:04:05.000Z", body: "their text" };
    const answer = saveConflict(current);
    expect(answer.init?.status).toBe(409);
    expect(answer.data).toEqual({
      intent: "save",
      outcome: "conflict",
      current: { number: 3, authorEmail: null, createdAt: "2026-01-02T03:04:05.000Z" },
    });
  });
});
