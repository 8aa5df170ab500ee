/**
 * Which questions a quiz asks: a template, a seed and a difficulty for each.
 * A chapter quiz goes round the chapter's skills; practice starts with the
 * skills due for review and fills up with the others the learner has met.
 * Difficulty follows mastery, so a quiz stays within reach and still stretches.
 */
import type { SkillMastery, MasteryLevel } from "./mastery";
import type { Difficulty } from "./question";
import type { Random } from "./random";
import { skillsOfChapter } from "./skills";
import { templatesOfSkill } from "./templates/index";

export interface PlannedQuestion {
  templateId: string;
  skillId: string;
  seed: number;
  difficulty: Difficulty;
}

/** Questions in a chapter quiz and in a practice round. */
export const QUIZ_LENGTH = 5;
/** Seeds are stored as 32-bit signed integers on both databases. */
export const MAX_SEED = 2_147_483_647;

const DIFFICULTY_FOR: Readonly<Record<MasteryLevel, Difficulty>> = {
  new: 1,
  attempted: 1,
  familiar: 2,
  proficient: 2,
  mastered: 3,
};

function difficultyOf(skillId: string, masteries: readonly SkillMastery[]): Difficulty {
  return DIFFICULTY_FOR[masteries.find((m) => m.skillId === skillId)?.level ?? "new"];
}

/** One question per skill in turn, each from one of the skill's templates, until there are `count`. */
function questionsFor(
  skillIds: readonly string[],
  difficulty: (skillId: string) => Difficulty,
  count: number,
  random: Random,
): PlannedQuestion[] {
  const usable = skillIds.filter((id) => templatesOfSkill(id).length > 0);
  const questions: PlannedQuestion[] = [];
  for (let i = 0; usable.length > 0 && questions.length < count; i++) {
    const skillId = usable[i % usable.length]!;
    const template = random.pick(templatesOfSkill(skillId));
    questions.push({
      templateId: template.id,
      skillId,
      seed: random.int(0, MAX_SEED),
      difficulty: difficulty(skillId),
    });
  }
  return questions;
}

/** A chapter's quiz: its skills in a random order, the weakest first. */
export function planChapterQuiz(
  chapterSlug: string,
  masteries: readonly SkillMastery[],
  random: Random,
): PlannedQuestion[] {
  const skills = random.shuffle(skillsOfChapter(chapterSlug).map((skill) => skill.id));
  // A stable sort: skills at the same level keep their random order.
  const weakestFirst = [...skills].sort((a, b) => levelRank(a, masteries) - levelRank(b, masteries));
  return questionsFor(weakestFirst, (id) => difficultyOf(id, masteries), QUIZ_LENGTH, random);
}

/** A practice round over the skills the learner has met: those due for review first, the longest overdue first. */
export function planPractice(
  metSkillIds: readonly string[],
  due: readonly SkillMastery[],
  masteries: readonly SkillMastery[],
  random: Random,
): PlannedQuestion[] {
  const dueIds = due.map((m) => m.skillId).filter((id) => metSkillIds.includes(id));
  const others = random.shuffle(metSkillIds.filter((id) => !dueIds.includes(id)));
  return questionsFor([...dueIds, ...others], (id) => difficultyOf(id, masteries), QUIZ_LENGTH, random);
}

/** An admin's set: `count` questions at one difficulty, going round the chosen skills. */
export function planSet(
  skillIds: readonly string[],
  difficulty: Difficulty,
  count: number,
  random: Random,
): PlannedQuestion[] {
  return questionsFor(skillIds, () => difficulty, count, random);
}

/** Skills tried and not yet learnt come first, then new ones, then the better known. */
const WEAKEST_FIRST: readonly MasteryLevel[] = ["attempted", "new", "familiar", "proficient", "mastered"];

function levelRank(skillId: string, masteries: readonly SkillMastery[]): number {
  return WEAKEST_FIRST.indexOf(masteries.find((m) => m.skillId === skillId)?.level ?? "new");
}
