import { describe, expect, it } from "vitest";
import { SKILLS, skillById, skillsOfChapter } from "./skills";

/** The chapters in course order, as named in content/chapters/. */
const CHAPTERS = [
  "fundamentals-of-algebra",
  "atomic-model-of-numbers",
  "remainder-calculation-sequences",
  "exponential-remainders",
  "periods-and-primes",
];

describe("skills", () => {
  it("have unique kebab-case ids and titles", () => {
    expect(new Set(SKILLS.map((skill) => skill.id)).size).toBe(SKILLS.length);
    for (const skill of SKILLS) {
      expect(skill.id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(skill.title.trim()).not.toBe("");
    }
  });

  it("belong to the five chapters, three to eight each (issue 27 added skills), listed in course order", () => {
    expect([...new Set(SKILLS.map((skill) => skill.chapter))]).toEqual(CHAPTERS);
    for (const chapter of CHAPTERS) {
      const skills = skillsOfChapter(chapter);
      expect(skills.length, chapter).toBeGreaterThanOrEqual(3);
      expect(skills.length, chapter).toBeLessThanOrEqual(8);
      expect(skills.every((skill) => skill.chapter === chapter)).toBe(true);
    }
  });

  it("are found by id, and an unknown id or chapter finds nothing", () => {
    for (const skill of SKILLS) expect(skillById(skill.id)).toBe(skill);
    expect(skillById("no-such-skill")).toBeUndefined();
    expect(skillsOfChapter("no-such-chapter")).toEqual([]);
  });
});
