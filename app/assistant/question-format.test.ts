import { describe, expect, it } from "vitest";
import { QUESTIONS_ANSWER } from "#tests/setup/fake-openai-server";
import { contentFromDraft } from "#app/quiz/question-draft";
import { readQuestionDrafts } from "./question-format";

describe("readQuestionDrafts", () => {
  it("reads each question's fields into the editor's draft, which the editor's check accepts", () => {
    const { questions, leftOver } = readQuestionDrafts(QUESTIONS_ANSWER);
    expect(leftOver).toBe(false);
    expect(questions.map((question) => question.line)).toEqual([1, 17]);
    expect(questions[0]).toEqual({
      line: 1,
      notes: [],
      draft: {
        skillId: "power-mod",
        difficulty: "2",
        prompt: String.raw`What is the remainder of \(3^{100}\) on division by \(7\)?`,
        parts: [{ prompt: "", kind: "integer", key: "4", multiple: false }],
        hints: [String.raw`Use \(3^6 \equiv 1 \pmod 7\).`],
        solution: String.raw`Since \(100 = 6 \cdot 16 + 4\), \(3^{100} \equiv 3^4 = 81 \equiv 4 \pmod 7\).`,
      },
    });
    expect(questions[1]?.draft.parts).toEqual([
      { prompt: "", kind: "choice", key: "* $1$\n* $2$\n$3$\n* $4$", multiple: true },
    ]);
    expect(contentFromDraft(questions[0]!.draft)).toMatchObject({
      ok: true,
      content: { skillId: "power-mod", difficulty: 2, parts: [{ key: { kind: "integer", value: "4" } }] },
    });
    expect(contentFromDraft(questions[1]!.draft)).toMatchObject({
      ok: true,
      content: {
        parts: [{ key: { kind: "choice", options: ["$1$", "$2$", "$3$", "$4$"], correct: [0, 1, 3], multiple: true } }],
      },
    });
  });

  it("reads several answers with what each asks, bold field names, and a key on the line after", () => {
    const answer = [
      "Here are the questions.",
      "## Question 1",
      "**Skill:** linear-congruences",
      "**Difficulty:** 3",
      "",
      "Two parts.",
      "### Answer (a)",
      "Asks: the solution",
      "Kind: congruence",
      "Key: 3 mod 7",
      "### Answer (b)",
      "Asks: the inverse of 3",
      "Kind: integer",
      "Key:",
      "5 remainder mod 7",
      "### Solution",
      "Multiply by 5.",
    ].join("\n");
    const { questions, leftOver } = readQuestionDrafts(answer);
    expect(leftOver).toBe(true);
    expect(questions[0]?.draft).toMatchObject({
      skillId: "linear-congruences",
      difficulty: "3",
      prompt: "Two parts.",
      parts: [
        { prompt: "the solution", kind: "congruence", key: "3 mod 7" },
        { prompt: "the inverse of 3", kind: "integer", key: "5 remainder mod 7" },
      ],
      solution: "Multiply by 5.",
    });
    expect(contentFromDraft(questions[0]!.draft).ok).toBe(true);
  });

  it("leaves what is missing or unknown for the editor's check to name", () => {
    const answer = [
      "## Question",
      "Difficulty: 5",
      "",
      "### Answer",
      "Kind: matrix",
      "Key: 1",
      "Note: extra",
      "### Hint",
      "A hint.",
    ].join("\n");
    const [question] = readQuestionDrafts(answer).questions;
    expect(question?.notes).toEqual(["Answer 1: “Note: extra” is not a field it knows."]);
    const checked = contentFromDraft(question!.draft);
    expect(checked).toMatchObject({
      ok: false,
      errors: {
        skillId: "Choose the skill this question practises.",
        difficulty: "Choose a difficulty from 1 to 3.",
        prompt: "Write the question.",
        "parts.0.kind": "Choose the kind of answer from the list.",
        solution: "Write the worked solution.",
      },
    });
  });

  it("does not take a heading inside a code block for a question", () => {
    const { questions } = readQuestionDrafts(
      ["## Question", "Skill: power-mod", "", "```", "## Question", "```"].join("\n"),
    );
    expect(questions).toHaveLength(1);
    expect(questions[0]?.draft.prompt).toBe("```\n## Question\n```");
  });
});
