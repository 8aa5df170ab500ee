import { describe, expect, it } from "vitest";
import { widgetCatalog } from "#app/components/lesson-widgets/catalog";
import { assistantMessages } from "./prompt.server";
import { QUESTION_FORMAT } from "./question-format";

const input = {
  chapter: { title: "Exponential remainders", summary: "Powers modulo m.", sectionTitles: ["Introduction", "Fermat"] },
  skill: { id: "power-mod", title: "Powers modulo m with Fermat and Euler" },
  instructions: "Three questions on 3^k mod 7.",
};

describe("assistantMessages", () => {
  it("tells the model the lesson format: delimiters, boxes and every widget the renderer accepts", () => {
    const [system, user] = assistantMessages({ ...input, task: "section" });
    expect(system?.role).toBe("system");
    for (const rule of ["$…$", String.raw`\(…\)`, "$$…$$", String.raw`\[…\]`, ":::kind{title=", "::widget{name="]) {
      expect(system?.content).toContain(rule);
    }
    for (const name of Object.keys(widgetCatalog)) expect(system?.content).toContain(`- ${name}: `);
    expect(system?.content).toContain(
      'factor-tree: A factor tree of n revealed one split at a time, down to its primes. Attributes, with their defaults: n="360".',
    );
    expect(system?.content).not.toContain(QUESTION_FORMAT);
    expect(user).toEqual({
      role: "user",
      content: [
        "Task: Lesson section.",
        "Chapter: Exponential remainders. Powers modulo m.",
        "Its sections so far: “Introduction”, “Fermat”.",
        "Skill: Powers modulo m with Fermat and Euler (skill id: power-mod).",
        "",
        "Instructions from the author:",
        "Three questions on 3^k mod 7.",
      ].join("\n"),
    });
  });

  it("gives the question editor's format for quiz questions", () => {
    const [system] = assistantMessages({ ...input, task: "questions" });
    expect(system?.content).toContain(QUESTION_FORMAT);
  });
});
