/**
 * A question template: a recipe that turns (seed, difficulty) into a Question, always the same one
 * for the same pair. The answers inside are computed by core/numtheory and core/algebra.
 */
import type { Difficulty, Question } from "./question";
import { explicitFormulaDelimiters } from "./formula-delimiters";
import { createRandom, type Random } from "./random";

export interface QuizTemplate {
  /** Stable kebab-case id, stored with attempts. */
  id: string;
  skillId: string;
  /** For admins choosing templates. */
  title: string;
  generate(seed: number, difficulty: Difficulty): Question;
}

/** The part of a question a template builds; `generate` adds the ids, the seed and the difficulty. */
export type QuestionBody = Pick<Question, "prompt" | "parts" | "hints" | "solution">;

export interface TemplateSpec {
  id: string;
  skillId: string;
  title: string;
  build(random: Random, difficulty: Difficulty): QuestionBody;
}

const DIFFICULTIES: readonly number[] = [1, 2, 3];

/** The generator keeps 32 bits of a seed, so larger seeds would repeat smaller ones. */
const SEED_LIMIT = 2 ** 32;

export function defineTemplate(spec: TemplateSpec): QuizTemplate {
  return {
    id: spec.id,
    skillId: spec.skillId,
    title: spec.title,
    generate(seed, difficulty) {
      // Seeds and difficulties may come from a request: refuse what would silently give another question.
      if (!Number.isInteger(seed) || seed < 0 || seed >= SEED_LIMIT) {
        throw new RangeError(`the seed must be a whole number from 0 to 2³² − 1, not ${seed}`);
      }
      if (!DIFFICULTIES.includes(difficulty))
        throw new RangeError(`the difficulty must be 1, 2 or 3, not ${difficulty}`);
      return {
        templateId: spec.id,
        skillId: spec.skillId,
        seed,
        difficulty,
        ...withExplicitDelimiters(spec.build(createRandom(seed), difficulty)),
      };
    },
  };
}

/** Every text of the question with `\\(…\\)` formulas (see ./formula-delimiters.ts); answer keys are not text. */
export function withExplicitDelimiters(body: QuestionBody): QuestionBody {
  const text = explicitFormulaDelimiters;
  return {
    prompt: text(body.prompt),
    hints: body.hints.map(text),
    solution: text(body.solution),
    parts: body.parts.map((part) => ({
      prompt: text(part.prompt),
      key: part.key.kind === "choice" ? { ...part.key, options: part.key.options.map(text) } : part.key,
    })),
  };
}
