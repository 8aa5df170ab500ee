import { describe, expect, it } from "vitest";
import { planChapterQuiz, planPractice, planSet, QUIZ_LENGTH, MAX_SEED, type FixedCandidate } from "./compose-quiz";
import { fixedQuestionIdOf } from "./fixed-question";
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

describe("authors' questions in a quiz", () => {
  const [first, second] = chapterSkills as [string, string];
  const candidate = (questionId: string, skillId: string, answered: boolean): FixedCandidate => ({
    questionId,
    revision: 3,
    skillId,
    difficulty: 2,
    answered,
  });

  it("come first for their skill while the learner has not answered them, each once a quiz", () => {
    const fixed = [candidate("q1", first, false), candidate("q2", first, false), candidate("q3", "power-mod", false)];
    for (let seed = 0; seed < 50; seed++) {
      const plan = planChapterQuiz(chapter, none, createRandom(seed), fixed);
      expect(plan).toHaveLength(QUIZ_LENGTH);
      const authored = plan.filter((q) => fixedQuestionIdOf(q.templateId) !== null);
      // Five questions round three skills: the skill gets one or two, and each is a different author's question.
      expect(authored).toEqual(plan.filter((q) => q.skillId === first));
      expect(new Set(authored.map((q) => q.templateId)).size).toBe(authored.length);
      for (const q of authored) expect(q).toMatchObject({ skillId: first, seed: 3, difficulty: 2 });
      // Another chapter's question is not asked here.
      expect(plan.some((q) => q.templateId === "fixed:q3")).toBe(false);
    }
  });

  it("once answered, take their turn among the skill's templates", () => {
    const fixed = [candidate("q1", second, true)];
    const counts = { authored: 0, generated: 0 };
    for (let seed = 0; seed < 200; seed++) {
      for (const q of planChapterQuiz(chapter, none, createRandom(seed), fixed).filter((q) => q.skillId === second)) {
        if (fixedQuestionIdOf(q.templateId) === null) counts.generated++;
        else counts.authored++;
      }
    }
    // One authored question beside the skill's templates: asked sometimes, never always.
    expect(counts.authored).toBeGreaterThan(20);
    expect(counts.generated).toBeGreaterThan(counts.authored);
  });

  it("are asked in practice for the skills met", () => {
    const plan = planPractice(["power-mod"], [], none, createRandom(5), [candidate("q9", "power-mod", false)]);
    expect(plan[0]).toEqual({ templateId: "fixed:q9", skillId: "power-mod", seed: 3, difficulty: 2 });
    expect(plan.filter((q) => q.templateId === "fixed:q9")).toHaveLength(1);
  });

  it("stop a round early rather than repeat when a skill has nothing else to ask", () => {
    const plan = planPractice(["authored-only"], [], none, createRandom(5), [candidate("q7", "authored-only", true)]);
    expect(plan.map((q) => q.templateId)).toEqual(["fixed:q7"]);
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
