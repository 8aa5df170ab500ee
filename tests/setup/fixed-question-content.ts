import type { FixedQuestionContent } from "#core/quiz/fixed-question";

/** An author's question with one integer part and one multiple-choice part, for model and service tests. */
export const fixedQuestionContent = (prompt: string, skillId = "power-mod"): FixedQuestionContent => ({
  skillId,
  difficulty: 2,
  prompt,
  parts: [
    { prompt: "The remainder", key: { kind: "integer", value: "2" } },
    { prompt: "Which are odd?", key: { kind: "choice", options: ["1", "2", "3"], correct: [0, 2], multiple: true } },
  ],
  hints: ["Look for a power that is 1."],
  solution: "$2^3 \\equiv 1 \\pmod 7$.",
});
