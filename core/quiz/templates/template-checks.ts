/**
 * The checks every template's test runs: for each difficulty and 1,000 seeds, the question is
 * well-formed, comes out the same for the same seed, has a key that an independent oracle
 * confirms, and the variants are many. Formulas of the first seeds are typeset by KaTeX.
 */
import katex from "katex";
import { describe, expect, it } from "vitest";
import { parseExpression } from "#core/expr/parse";
import type { AnswerKey, Difficulty, Question } from "../question";
import type { QuizTemplate } from "../template";
import { templatesOfSkill } from "./index";
import { formulaMatches, formulasOf } from "./test-oracles";

const SEEDS_PER_DIFFICULTY = 1000;
/** KaTeX is slow next to generating, so it typesets the questions of the first seeds only. */
const TYPESET_SEEDS = 5;
const DIFFICULTIES: readonly Difficulty[] = [1, 2, 3];

/** Small seeds first, then seeds spread over the 32-bit range. */
export const seedAt = (i: number): number => (i < 100 ? i : Math.imul(i, 0x9e3779b1) >>> 0);

export interface TemplateCheck {
  template: QuizTemplate;
  /** Distinct questions (prompt and keys) expected among the 1,000 seeds of each difficulty, at least. */
  minVariants: Readonly<Record<Difficulty, number>>;
  /** Fails unless the answer keys are right, found without the generator's core functions. */
  oracle(question: Question): void;
}

/** What is wrong with a key, if anything (plain checks: this runs 3,000 times per template). */
function keyProblems(key: AnswerKey): string[] {
  const problems: string[] = [];
  const check = (ok: boolean, problem: string) => {
    if (!ok) problems.push(problem);
  };
  switch (key.kind) {
    case "choice":
      check(key.options.length >= 2, "fewer than two options");
      check(new Set(key.options).size === key.options.length, "options repeat");
      check(
        key.options.every((option) => option.trim() !== ""),
        "an empty option",
      );
      check(key.correct.length >= 1, "no correct option");
      check(
        key.correct.every(
          (index, i) =>
            Number.isInteger(index) &&
            index >= 0 &&
            index < key.options.length &&
            (i === 0 || index > key.correct[i - 1]!),
        ),
        `correct indices ${key.correct} not increasing within the options`,
      );
      check(
        key.multiple ? key.correct.length < key.options.length : key.correct.length === 1,
        "wrong number of correct options",
      );
      break;
    case "integer":
      check(/^-?\d+$/.test(key.value), `integer ${key.value}`);
      break;
    case "fraction":
      check(
        /^-?\d+$/.test(key.numerator) && /^[1-9]\d*$/.test(key.denominator),
        `fraction ${key.numerator}/${key.denominator}`,
      );
      break;
    case "decimal":
      check(
        Number.isFinite(key.value) && key.tolerance > 0 && Number.isFinite(key.tolerance),
        `decimal ${key.value} ± ${key.tolerance}`,
      );
      break;
    case "expression":
      check(parseExpression(key.expected).ok, `"${key.expected}" does not parse`);
      check(key.variables.length > 0, "no variables");
      break;
    case "congruence":
      check(
        /^\d+$/.test(key.residue) && /^[1-9]\d*$/.test(key.modulus),
        `congruence ${key.residue} mod ${key.modulus}`,
      );
      check(BigInt(key.residue) < BigInt(key.modulus), "residue not below the modulus");
      check(key.variable !== "", "no variable");
  }
  return problems;
}

/** Text fields: not empty, no dollar left unconverted, braces balanced in every formula, no leaked JavaScript values. */
function textProblems(text: string, allowEmpty = false): string[] {
  const problems: string[] = [];
  if (!allowEmpty && text.trim() === "") problems.push("empty text");
  if (text.includes("$")) problems.push(`a $ outside the formula delimiters in ${text}`);
  if (/undefined|NaN|\[object|Infinity/.test(text)) problems.push(`a JavaScript value leaked into ${text}`);
  for (const formula of formulasOf(text)) {
    let depth = 0;
    for (const ch of formula) {
      depth += ch === "{" ? 1 : ch === "}" ? -1 : 0;
      if (depth < 0) break;
    }
    if (depth !== 0) problems.push(`unbalanced braces in ${formula}`);
  }
  return problems;
}

function wellFormedProblems(
  question: Question,
  template: QuizTemplate,
  seed: number,
  difficulty: Difficulty,
): string[] {
  const problems: string[] = [];
  if (question.templateId !== template.id || question.skillId !== template.skillId) problems.push("wrong ids");
  if (question.seed !== seed || question.difficulty !== difficulty) problems.push("wrong seed or difficulty");
  problems.push(...textProblems(question.prompt));
  if (question.parts.length === 0) problems.push("no parts");
  question.parts.forEach((part, i) => {
    problems.push(...textProblems(part.prompt, question.parts.length === 1).map((p) => `part ${i}: ${p}`));
    problems.push(...keyProblems(part.key).map((p) => `part ${i}: ${p}`));
  });
  if (question.hints.length < 2 || question.hints.length > 3) problems.push(`${question.hints.length} hints`);
  if (new Set(question.hints).size !== question.hints.length) problems.push("two hints are the same");
  question.hints.forEach((hint, i) => problems.push(...textProblems(hint).map((p) => `hint ${i}: ${p}`)));
  problems.push(...textProblems(question.solution).map((p) => `solution: ${p}`));
  return problems.map((problem) => `${template.id} seed ${seed} difficulty ${difficulty}: ${problem}`);
}

/** Every formula a learner sees, typeset as the lesson renderer does: KaTeX must accept it. */
function checkTypesetting(question: Question): void {
  const texts = [
    question.prompt,
    ...question.parts.flatMap((part) => [part.prompt, ...(part.key.kind === "choice" ? part.key.options : [])]),
    ...question.hints,
    question.solution,
  ];
  for (const text of texts) {
    for (const { tex, display } of formulaMatches(text)) {
      expect(
        () => katex.renderToString(tex, { displayMode: display, throwOnError: true, strict: "ignore" }),
        `${question.templateId}: ${tex}`,
      ).not.toThrow();
    }
  }
}

/** The checks for the templates of one skill; they must cover all of them. */
export function checkSkillTemplates(skillId: string, checks: readonly TemplateCheck[]): void {
  describe(`templates of ${skillId}`, () => {
    it("has a check for each of its templates", () => {
      expect(checks.map((check) => check.template.id).sort()).toEqual(
        templatesOfSkill(skillId)
          .map((template) => template.id)
          .sort(),
      );
    });
    for (const { template, minVariants, oracle } of checks) {
      for (const difficulty of DIFFICULTIES) {
        it(`${template.id}, difficulty ${difficulty}: ${SEEDS_PER_DIFFICULTY} seeds are well-formed, reproducible, confirmed by an oracle and varied`, () => {
          const variants = new Set<string>();
          const problems: string[] = [];
          for (let i = 0; i < SEEDS_PER_DIFFICULTY; i += 1) {
            const seed = seedAt(i);
            const question = template.generate(seed, difficulty);
            problems.push(...wellFormedProblems(question, template, seed, difficulty));
            if (JSON.stringify(template.generate(seed, difficulty)) !== JSON.stringify(question)) {
              problems.push(`${template.id} seed ${seed} difficulty ${difficulty}: not reproducible`);
            }
            oracle(question);
            if (i < TYPESET_SEEDS) checkTypesetting(question);
            variants.add(JSON.stringify([question.prompt, question.parts]));
          }
          expect(problems).toEqual([]);
          expect(variants.size).toBeGreaterThanOrEqual(minVariants[difficulty]);
        });
      }
    }
  });
}
