import { describe, expect, it } from "vitest";
import type { AnswerKey, Difficulty } from "../question";
import { SKILLS, skillById } from "../skills";
import { generateQuestion, templateById, TEMPLATES, templatesOfSkill } from "./index";
import { seedAt } from "./template-checks";

const KEBAB_CASE = /^[a-z0-9]+(-[a-z0-9]+)*$/;
/** Every skill's templates are checked, seed by seed, in the test file named after the skill. */
const TEST_FILES = Object.keys(import.meta.glob("./*.test.ts"));

/** The keys of a few questions of every template and difficulty. */
function sampleKeys(templateId: string): AnswerKey[] {
  return ([1, 2, 3] as Difficulty[]).flatMap((difficulty) =>
    Array.from({ length: 20 }, (_, i) => generateQuestion(templateId, seedAt(i), difficulty)).flatMap((question) =>
      question.parts.map((part) => part.key),
    ),
  );
}

describe("the template list", () => {
  it("has stable kebab-case ids, each once, each for a known skill", () => {
    const ids = TEMPLATES.map((template) => template.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const template of TEMPLATES) {
      expect(template.id).toMatch(KEBAB_CASE);
      expect(skillById(template.skillId), template.id).toBeDefined();
      expect(template.title.trim()).not.toBe("");
    }
  });

  it("gives every skill a template and a test file of its own", () => {
    for (const skill of SKILLS) {
      expect(templatesOfSkill(skill.id).length, skill.id).toBeGreaterThan(0);
      expect(TEST_FILES, skill.id).toContain(`./${skill.id}.test.ts`);
    }
    expect(SKILLS.flatMap((skill) => templatesOfSkill(skill.id)).length).toBe(TEMPLATES.length);
  });

  it("finds templates by id and by skill", () => {
    for (const template of TEMPLATES) {
      expect(templateById(template.id)).toBe(template);
      expect(templatesOfSkill(template.skillId)).toContain(template);
    }
    expect(templateById("no-such-template")).toBeUndefined();
    expect(templatesOfSkill("no-such-skill")).toEqual([]);
  });

  it("uses every kind of answer: one and several choices, exact numbers, decimals, both expression forms, congruences", () => {
    const keys = TEMPLATES.flatMap((template) => sampleKeys(template.id));
    const seen = new Set(
      keys.map((key) =>
        key.kind === "choice"
          ? `choice-${key.multiple ? "several" : "one"}`
          : key.kind === "expression"
            ? `expression-${key.form}`
            : key.kind,
      ),
    );
    expect([...seen].sort()).toEqual(
      [
        "choice-one",
        "choice-several",
        "congruence",
        "decimal",
        "expression-expanded",
        "expression-factored",
        "fraction",
        "integer",
      ].sort(),
    );
  });

  it("has at least two templates whose questions have several parts", () => {
    const multiPart = TEMPLATES.filter((template) =>
      ([1, 2, 3] as Difficulty[]).every((difficulty) => template.generate(0, difficulty).parts.length > 1),
    );
    expect(multiPart.length).toBeGreaterThanOrEqual(2);
  });
});

describe("generateQuestion", () => {
  it("makes the template's question for the seed and difficulty", () => {
    for (const template of TEMPLATES) {
      expect(generateQuestion(template.id, 12345, 2)).toEqual(template.generate(12345, 2));
    }
  });

  it("gives different questions for different seeds", () => {
    for (const template of TEMPLATES) {
      expect(generateQuestion(template.id, 1, 3), template.id).not.toEqual(generateQuestion(template.id, 2, 3));
    }
  });

  it("refuses an unknown template, a seed outside 0 … 2³² − 1 and a difficulty other than 1, 2, 3", () => {
    const id = TEMPLATES[0]!.id;
    expect(() => generateQuestion("no-such-template", 1, 1)).toThrow(/no quiz template/);
    for (const seed of [-1, 1.5, 2 ** 32, Number.NaN]) expect(() => generateQuestion(id, seed, 1)).toThrow(/seed/);
    expect(generateQuestion(id, 2 ** 32 - 1, 1).seed).toBe(2 ** 32 - 1);
    for (const difficulty of [0, 4, 1.5]) {
      expect(() => generateQuestion(id, 1, difficulty as Difficulty)).toThrow(/difficulty/);
    }
  });
});
