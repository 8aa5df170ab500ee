import { describe, expect, it } from "vitest";
import { gradeAnswer } from "./grade-answer";
import { answerOfKey, fixedQuestion, fixedQuestionIdOf, fixedTemplateId, keyProblem } from "./fixed-question";
import { keyFromText, type TypedKeyKind } from "./key-from-text";
import type { AnswerKey } from "./question";
import { TEMPLATES } from "./templates/index";

const typed = (kind: TypedKeyKind, text: string): AnswerKey => {
  const read = keyFromText(kind, text);
  if (!read.ok) throw new Error(read.message);
  return read.key;
};

describe("an author's question", () => {
  it("is named fixed:<id>, with its revision as the seed", () => {
    const content = {
      skillId: "power-mod",
      difficulty: 2 as const,
      prompt: "What is $2^{10}$ mod 7?",
      parts: [{ prompt: "", key: typed("integer", "2") }],
      hints: ["Powers of 2 mod 7 repeat."],
      solution: "$2^3 \\equiv 1$, so $2^{10} = 2 \\cdot (2^3)^3 \\equiv 2$.",
    };
    const question = fixedQuestion("abc", 4, content);
    expect(question).toMatchObject({ templateId: "fixed:abc", seed: 4, skillId: "power-mod", difficulty: 2 });
    // Every dollar pair is a formula, even before a digit, as in generated questions.
    expect(question.prompt).toBe("What is \\(2^{10}\\) mod 7?");
    expect(question.solution).toBe("\\(2^3 \\equiv 1\\), so \\(2^{10} = 2 \\cdot (2^3)^3 \\equiv 2\\).");
    expect(question.hints).toEqual(content.hints);
    expect(fixedQuestionIdOf(fixedTemplateId("abc"))).toBe("abc");
    expect(fixedQuestionIdOf("power-mod")).toBeNull();
  });
});

describe("a key's own answer", () => {
  it("is accepted by every key the templates make (the check cannot refuse good keys)", () => {
    for (const template of TEMPLATES) {
      for (const difficulty of [1, 2, 3] as const) {
        for (let seed = 0; seed < 25; seed++) {
          for (const part of template.generate(seed * 104_729, difficulty).parts) {
            expect(keyProblem(part.key), `${template.id} ${seed} ${difficulty}`).toBeNull();
            expect(gradeAnswer(part.key, answerOfKey(part.key)).correct).toBe(true);
          }
        }
      }
    }
  });

  it("names what is wrong with a key the grader cannot use", () => {
    expect(keyProblem(typed("expression", "2x + in x"))).toMatch(
      /^The key cannot be used: the expected "2x \+" cannot be read/,
    );
    expect(keyProblem(typed("expression", "2y in x"))).toBe(
      "The key cannot be used: the expected answer uses y, not among the variables.",
    );
    expect(keyProblem(typed("expression", "x^2 + 3x + 2 in x factored"))).toMatch(
      /^The key refuses its own answer: Equal, but not in factored form/,
    );
    expect(keyProblem({ kind: "choice", options: ["a", "b"], correct: [2], multiple: false })).toMatch(
      /^The key cannot be used/,
    );
    expect(keyProblem(typed("expression", "(x + 1)(x + 2) in x factored"))).toBeNull();
    expect(keyProblem(typed("congruence", "-4 mod 7"))).toBeNull();
  });
});
