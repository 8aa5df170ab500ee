import { describe, expect, it } from "vitest";
import type { FixedQuestionContent } from "#core/quiz/fixed-question";
import {
  contentFromDraft,
  draftFromForm,
  draftOf,
  draftToForm,
  emptyDraft,
  QUESTION_LIMITS,
  type QuestionDraft,
} from "./question-draft";

const written: FixedQuestionContent = {
  skillId: "linear-congruences",
  difficulty: 3,
  prompt: "Three short questions on congruences and factors.",
  parts: [
    {
      prompt: "Solve $3x \\equiv 2 \\pmod 7$.",
      key: { kind: "congruence", residue: "3", modulus: "7", variable: "x" },
    },
    {
      prompt: "Which moduli make $3$ invertible?",
      key: { kind: "choice", options: ["$6$", "$7$", "$8$"], correct: [1, 2], multiple: true },
    },
    {
      prompt: "Factor $x^2 - 1$",
      key: { kind: "expression", expected: "(x - 1)(x + 1)", variables: ["x"], form: "factored" },
    },
  ],
  hints: ["Find the inverse of 3 first.", "$3 \\cdot 5 = 15 \\equiv 1$."],
  solution: "Multiply by 5: $x \\equiv 10 \\equiv 3$.",
};

/** The draft as a browser posts it: FormData, read back as the server reads it. */
function posted(draft: QuestionDraft): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [name, value] of draftToForm(draft)) values[name] = value;
  return values;
}

describe("an author's question draft", () => {
  it("survives the editor and the form unchanged", () => {
    const draft = draftOf(written);
    expect(draftFromForm(posted(draft))).toEqual(draft);
    expect(contentFromDraft(draftFromForm(posted(draft)))).toEqual({ ok: true, content: written });
  });

  it("drops blank hints and tidies line endings and outer white space", () => {
    const draft = { ...draftOf(written), prompt: "  Line one\r\nline two \n", hints: ["", "  A hint  ", " "] };
    const checked = contentFromDraft(draft);
    expect(checked).toMatchObject({ ok: true, content: { prompt: "Line one\nline two", hints: ["A hint"] } });
  });

  it("says what is wrong, on the field that is wrong", () => {
    const draft: QuestionDraft = {
      ...emptyDraft(),
      skillId: "no-such-skill",
      difficulty: "4",
      parts: [
        { prompt: "", kind: "integer", key: "1.5", multiple: false },
        { prompt: "b", kind: "expression", key: "x^2 + 3x + 2 in x factored", multiple: false },
        { prompt: "c", kind: "choice", key: "* a\n* b", multiple: false },
      ],
      hints: Array.from({ length: QUESTION_LIMITS.hints + 1 }, (_, i) => `hint ${i}`),
    };
    const checked = contentFromDraft(draft);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      skillId: "Choose the skill this question practises.",
      difficulty: "Choose a difficulty from 1 to 3.",
      prompt: "Write the question.",
      solution: "Write the worked solution.",
      "parts.0.key": expect.stringContaining("digits"),
      "parts.1.key": expect.stringMatching(/^The key refuses its own answer: Equal, but not in factored form/),
      "parts.2.key": expect.stringContaining("Only one option"),
      hints: `Give at most ${QUESTION_LIMITS.hints} hints.`,
    });
  });

  it("needs an answer, a prompt for each of several parts, and text within the limits", () => {
    const none = contentFromDraft({ ...draftOf(written), parts: [] });
    expect(none).toMatchObject({ ok: false, errors: { parts: expect.stringContaining("at least one part") } });
    const unnamed = contentFromDraft({
      ...draftOf(written),
      parts: draftOf(written).parts.map((part, index) => (index === 1 ? { ...part, prompt: " " } : part)),
    });
    expect(unnamed).toMatchObject({
      ok: false,
      errors: { "parts.1.prompt": expect.stringContaining("Say what this part asks") },
    });
    const long = contentFromDraft({ ...draftOf(written), solution: "x".repeat(QUESTION_LIMITS.solution + 1) });
    expect(long).toMatchObject({
      ok: false,
      errors: { solution: expect.stringContaining("at most 8,000 characters") },
    });
    // One part needs no prompt of its own: the question's prompt asks it.
    const single = contentFromDraft({ ...draftOf(written), parts: [{ ...draftOf(written).parts[0]!, prompt: "" }] });
    expect(single.ok).toBe(true);
  });

  it("reads a hostile form as text or nothing, and refuses unknown kinds by name", () => {
    const values = {
      ...posted(draftOf(written)),
      prompt: ["two", "values"],
      "parts.0.kind": "matrix",
      "parts.9999.kind": "integer",
      "__proto__.kind": "x",
    };
    const draft = draftFromForm(values);
    expect(draft.prompt).toBe("");
    expect(draft.parts).toHaveLength(3);
    const checked = contentFromDraft(draft);
    expect(checked).toMatchObject({
      ok: false,
      errors: { prompt: "Write the question.", "parts.0.kind": "Choose the kind of answer from the list." },
    });
  });
});
