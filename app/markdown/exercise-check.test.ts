import { describe, expect, it } from "vitest";
import { gradeAnswer } from "#core/quiz/grade-answer";
import { parseExerciseCheck } from "./exercise-check";
import { renderLesson } from "./render-lesson";

const render = (markdown: string) => renderLesson(markdown, { checkWidget: () => null });
const html = (markdown: string) =>
  render(markdown)
    .blocks.map((block) => (block.kind === "html" ? block.html : ""))
    .join("");

describe("parseExerciseCheck", () => {
  it("reads one key per line, with labels when there are several parts", () => {
    const parsed = parseExerciseCheck(
      "power-mod",
      "The remainder :: integer 3 remainder mod 7\n\nThe class :: congruence 3 mod 7\nA form :: expression (x - 1)(x + 1) in x factored",
    );
    expect(parsed).toEqual({
      ok: true,
      check: {
        skillId: "power-mod",
        parts: [
          { prompt: "The remainder", key: { kind: "integer", value: "3", modulus: "7" } },
          { prompt: "The class", key: { kind: "congruence", residue: "3", modulus: "7", variable: "x" } },
          {
            prompt: "A form",
            key: { kind: "expression", expected: "(x - 1)(x + 1)", variables: ["x"], form: "factored" },
          },
        ],
      },
    });
  });

  it("reads a choice with its right option marked, and grades the index chosen", () => {
    const parsed = parseExerciseCheck("multiplicative-order", "choice *yes | no");
    if (!parsed.ok) throw new Error(parsed.message);
    const key = parsed.check.parts[0]!.key;
    expect(key).toEqual({ kind: "choice", options: ["yes", "no"], correct: [0], multiple: false });
    expect(gradeAnswer(key, "0").correct).toBe(true);
    expect(gradeAnswer(key, "1").correct).toBe(false);
  });

  it.each([
    [undefined, "integer 1", /names the skill/],
    ["no-such-skill", "integer 1", /Unknown skill "no-such-skill"/],
    ["power-mod", "", /at least one key line/],
    ["power-mod", "integer 1\ninteger 2", /needs a label/],
    ["power-mod", "number 1", /starts with its kind/],
    ["power-mod", "integer 9 remainder mod 7", /between 0 and 6/],
    ["power-mod", "expression x^2 - 1 in x factored", /key (refuses its own answer|cannot be used)/],
    ["power-mod", "choice yes | no", /Mark the right option/],
    ["power-mod", Array.from({ length: 7 }, (_, i) => `p${i} :: integer ${i}`).join("\n"), /at most 6 parts/],
  ])("refuses skill %s with %j", (skill, body, message) => {
    const parsed = parseExerciseCheck(skill, body);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.message).toMatch(message);
  });
});

describe("exercises in rendered lessons", () => {
  const exercise = (attributes: string, inside: string) =>
    `::::exercise{title="E"${attributes}}\nAsk.\n\n${inside}\n::::\n`;
  const check = ':::check{skill="power-mod"}\nThe value of \\(2^3\\) :: integer 8\n:::\n';

  it("records the key and hints, and renders a form in place of the check without the key", () => {
    const rendered = render(exercise("", `${check}\n:::hint\nOne.\n:::\n\n:::hint\nTwo.\n:::\n\n:::answer\n8\n:::`));
    expect(rendered.problems).toEqual([]);
    expect(rendered.exercises).toEqual([
      {
        number: 1,
        title: "E",
        line: 1,
        proof: false,
        hintCount: 2,
        check: {
          skillId: "power-mod",
          parts: [{ prompt: "The value of \\(2^3\\)", key: { kind: "integer", value: "8" } }],
        },
      },
    ]);
    const page = html(exercise("", check));
    expect(page).toContain('<div class="lesson-exercise-check" data-exercise="1"');
    expect(page).toMatch(/<p class="lesson-check-part">The value of <span class="katex">/);
    expect(page).not.toMatch(/integer 8|&quot;value&quot;/);
  });

  it("marks proofs, and warns about an exercise that is neither answerable nor a proof", () => {
    expect(render(exercise(' kind="proof"', "")).exercises[0]).toMatchObject({ proof: true, check: null });
    expect(render(exercise(' kind="proof"', "")).problems).toEqual([]);
    expect(render(exercise("", "")).problems).toEqual([
      expect.objectContaining({ severity: "warning", line: 1, message: expect.stringMatching(/add a :::check/) }),
    ]);
  });

  it.each([
    [check, /belongs inside an exercise/],
    [exercise(' kind="proof"', check), /marked kind="proof": it takes no check/],
    [exercise("", `${check}\n${check}`), /has a check already/],
    [exercise(' kind="lemma"', check), /kind="proof" is the only kind/],
    [exercise("", ':::check{skill="power-mod" title="x"}\ninteger 1\n:::'), /takes "skill", not "title"/],
    [exercise("", ':::check{skill="power-mod"}\ninteger x\n:::'), /An integer key is digits/],
  ])("refuses a misplaced or broken check, shown as marked source (%#)", (markdown, message) => {
    const rendered = render(markdown);
    expect(rendered.problems.some((problem) => problem.severity === "error" && message.test(problem.message))).toBe(
      true,
    );
  });

  it("shows authors the keys and the skill in words in the editor's preview, and readers neither", () => {
    const markdown = exercise(
      "",
      ':::check{skill="power-mod"}\nThe rest :: integer 3 remainder mod 7\nThe class :: congruence 3 mod 7\n:::',
    );
    const preview = renderLesson(markdown, { checkWidget: () => null, showKeys: true });
    const markup = preview.blocks.map((block) => (block.kind === "html" ? block.html : "")).join("");
    expect(markup).toContain("Answered on the page; practises Powers modulo m with Fermat and Euler.");
    expect(markup).toContain("Key: the remainder 3 (mod 7)");
    expect(markup).toContain("Key: x ≡ 3 (mod 7)");
    expect(html(markdown)).not.toMatch(/Key:|practises/);
  });
});
