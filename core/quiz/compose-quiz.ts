/**
 * Which questions a quiz asks: a template, a seed and a difficulty for each.
 * A chapter quiz goes round the chapter's skills; practice starts with the
 * skills due for review and fills up with the others the learner has met.
 * Difficulty follows mastery, so a quiz stays within reach and still stretches.
 * Questions authors wrote join their skill's templates: one the learner has
 * not answered yet comes before any generated question of that skill.
 */
import type { SkillMastery, MasteryLevel } from "./mastery";
import type { Difficulty } from "./question";
import { fixedTemplateId } from "./fixed-question";
import type { Random } from "./random";
import { skillsOfChapter } from "./skills";
import { templatesOfSkill } from "./templates/index";

export interface PlannedQuestion {
  templateId: string;
  skillId: string;
  seed: number;
  difficulty: Difficulty;
}

/** A published question an author wrote, as a quiz may ask it: the revision current when it is planned. */
export interface FixedCandidate {
  questionId: string;
  revision: number;
  skillId: string;
  difficulty: Difficulty;
  /** The learner has answered it before. */
  answered: boolean;
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

/**
 * One question per skill in turn until there are `count`: an author's question not answered before if the
 * skill has one, otherwise one of the skill's templates and authors' questions. No author's question
 * comes twice in one quiz.
 */
function questionsFor(
  skillIds: readonly string[],
  difficulty: (skillId: string) => Difficulty,
  count: number,
  random: Random,
  fixed: readonly FixedCandidate[] = [],
): PlannedQuestion[] {
  const unused = [...fixed];
  const usable = skillIds.filter((id) => templatesOfSkill(id).length > 0 || fixed.some((q) => q.skillId === id));
  const questions: PlannedQuestion[] = [];
  for (let i = 0; usable.length > 0 && questions.length < count; i++) {
    const skillId = usable[i % usable.length]!;
    const authored = unused.filter((q) => q.skillId === skillId);
    const fresh = authored.filter((q) => !q.answered);
    const pool = fresh.length > 0 ? fresh : [...templatesOfSkill(skillId), ...authored];
    if (pool.length === 0) {
      // Its only questions were authors', all asked in this quiz already.
      usable.splice(usable.indexOf(skillId), 1);
      i--;
      continue;
    }
    const chosen = random.pick(pool);
    if ("questionId" in chosen) {
      unused.splice(unused.indexOf(chosen), 1);
      questions.push({
        templateId: fixedTemplateId(chosen.questionId),
        skillId,
        seed: chosen.revision,
        difficulty: chosen.difficulty,
      });
    } else {
      questions.push({
        templateId: chosen.id,
        skillId,
        seed: random.int(0, MAX_SEED),
        difficulty: difficulty(skillId),
      });
    }
  }
  return questions;
}

/** A chapter's quiz: its skills in a random order, the weakest first. */
export function planChapterQuiz(
  chapterSlug: string,
  masteries: readonly SkillMastery[],
  random: Random,
  fixed: readonly FixedCandidate[] = [],
): PlannedQuestion[] {
  const skills = random.shuffle(skillsOfChapter(chapterSlug).map((skill) => skill.id));
  // A stable sort: skills at the same level keep their random order.
  const weakestFirst = [...skills].sort((a, b) => levelRank(a, masteries) - levelRank(b, masteries));
  return questionsFor(weakestFirst, (id) => difficultyOf(id, masteries), QUIZ_LENGTH, random, fixed);
}

/** A practice round over the skills the learner has met: those due for review first, the longest overdue first. */
export function planPractice(
  metSkillIds: readonly string[],
  due: readonly SkillMastery[],
  masteries: readonly SkillMastery[],
  random: Random,
  fixed: readonly FixedCandidate[] = [],
): PlannedQuestion[] {
  const dueIds = due.map((m) => m.skillId).filter((id) => metSkillIds.includes(id));
  const others = random.shuffle(metSkillIds.filter((id) => !dueIds.includes(id)));
  return questionsFor([...dueIds, ...others], (id) => difficultyOf(id, masteries), QUIZ_LENGTH, random, fixed);
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
