import { describe, expect, it } from "vitest";
import { planChapterQuiz, planPractice, planSet, QUIZ_LENGTH, MAX_SEED } from "./compose-quiz";
import { skillMastery, type AnswerRecord } from "./mastery";
import { createRandom } from "./random";
import { SKILLS, skillsOfChapter } from "./skills";
import { generateQuestion, templateById } from "./templates/index";

const chapter = "atomic-model-of-numbers";
const chapterSkills = skillsOfChapter(chapter).map((skill) => skill.id);
const none = SKILLS.map((skill) => skillMastery(skill.id, []));
const answers = (skillId: string, clean: number): AnswerRecord[] =>
  Array.from({ length: clean }, (_, day) => ({
    skillId,
    correct: true,
    hintsUsed: 0,
    answeredAt: `2040-01-0${day + 1}T00:00:00Z`,
  }));

describe("a chapter quiz's questions", () => {
  it("are QUIZ_LENGTH questions on the chapter's skills, every skill asked, each a real template of its skill", () => {
    for (let seed = 0; seed < 50; seed++) {
      const plan = planChapterQuiz(chapter, none, createRandom(seed));
      expect(plan).toHaveLength(QUIZ_LENGTH);
      expect(new Set(plan.map((q) => q.skillId))).toEqual(new Set(chapterSkills));
      for (const question of plan) {
        expect(templateById(question.templateId)?.skillId).toBe(question.skillId);
        expect(question.seed).toBeGreaterThanOrEqual(0);
        expect(question.seed).toBeLessThanOrEqual(MAX_SEED);
        expect(() => generateQuestion(question.templateId, question.seed, question.difficulty)).not.toThrow();
      }
    }
  });

  it("are the same for the same randomness", () => {
    expect(planChapterQuiz(chapter, none, createRandom(7))).toEqual(planChapterQuiz(chapter, none, createRandom(7)));
  });

  it("grow harder with mastery, and start with the skill tried and not yet learnt", () => {
    const [weak, strong, fresh] = chapterSkills as [string, string, string];
    const history = [
      ...answers(strong, 5),
      { skillId: weak, correct: false, hintsUsed: 0, answeredAt: "2040-01-09T00:00:00Z" },
    ];
    const masteries = SKILLS.map((skill) => skillMastery(skill.id, history));
    const plan = planChapterQuiz(chapter, masteries, createRandom(3));
    expect(plan[0]!.skillId).toBe(weak);
    expect(plan.find((q) => q.skillId === strong)!.difficulty).toBe(3);
    expect(plan.find((q) => q.skillId === weak)!.difficulty).toBe(1);
    expect(plan.find((q) => q.skillId === fresh)!.difficulty).toBe(1);
  });
});

describe("practice", () => {
  it("asks the skills due for review first, and only skills the learner has met", () => {
    const met = ["last-digit-of-powers", "power-mod", "expand-products"];
    const due = [
      skillMastery("power-mod", [
        { skillId: "power-mod", correct: false, hintsUsed: 0, answeredAt: "2040-01-01T00:00:00Z" },
      ]),
    ];
    for (let seed = 0; seed < 20; seed++) {
      const plan = planPractice(met, due, none, createRandom(seed));
      expect(plan).toHaveLength(QUIZ_LENGTH);
      expect(plan[0]!.skillId).toBe("power-mod");
      expect(plan.every((q) => met.includes(q.skillId))).toBe(true);
    }
  });

  it("has nothing to ask before any skill is met", () => {
    expect(planPractice([], [], none, createRandom(1))).toEqual([]);
  });
});

describe("an admin's set", () => {
  it("has the count asked for, at the difficulty chosen, round the skills chosen", () => {
    const plan = planSet(["linear-congruences", "chinese-remainder"], 2, 7, createRandom(5));
    expect(plan).toHaveLength(7);
    expect(plan.every((q) => q.difficulty === 2)).toBe(true);
    expect(plan.map((q) => q.skillId)).toEqual([
      "linear-congruences",
      "chinese-remainder",
      "linear-congruences",
      "chinese-remainder",
      "linear-congruences",
      "chinese-remainder",
      "linear-congruences",
    ]);
  });
});
