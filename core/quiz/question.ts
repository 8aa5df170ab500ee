/**
 * What a quiz question is: its prompt, its parts with their answer keys,
 * its hint ladder and its worked solution. Generators (./templates/) make
 * them from a seed; the grader (./grade-answer.ts) checks a given answer
 * against a part's key. Keys never leave the server before an answer is
 * submitted: the page gets `publicQuestion` of a question.
 *
 * Text fields are Markdown with formulas in `$…$` / `$$…$$`, rendered by the
 * lesson renderer.
 */

/** How an answer is checked. Numbers that can grow are decimal strings, read as bigint. */
export type AnswerKey =
  /** Pick one (or, with `multiple`, every correct one) of the options. */
  | { kind: "choice"; options: readonly string[]; correct: readonly number[]; multiple: boolean }
  /**
   * An exact integer; with `modulus`, a remainder on division by it (0 ≤ value < modulus), so a
   * congruent number outside that range is told it is not reduced.
   */
  | { kind: "integer"; value: string; modulus?: string }
  /** An exact rational number; any equal form is accepted (6/4, 3/2, 1.5). */
  | { kind: "fraction"; numerator: string; denominator: string }
  /** A decimal number within an absolute tolerance. */
  | { kind: "decimal"; value: number; tolerance: number }
  /**
   * An expression in the given variables, equal to `expected` as a function (simplification, then
   * evaluation at random points within a relative tolerance); with `form`, also written in that form.
   */
  | { kind: "expression"; expected: string; variables: readonly string[]; form?: "factored" | "expanded" }
  /** A residue class: `x ≡ r (mod m)`, or any single representative of it, is accepted. */
  | { kind: "congruence"; residue: string; modulus: string; variable: string };

export type AnswerKind = AnswerKey["kind"];

export interface QuestionPart {
  /** What this part asks; empty for a one-part question whose prompt says it all. */
  prompt: string;
  key: AnswerKey;
}

export type Difficulty = 1 | 2 | 3;

export interface Question {
  /** The template that made it (see ./templates/index.ts), or "fixed:<id>" for an author's question. */
  templateId: string;
  skillId: string;
  seed: number;
  difficulty: Difficulty;
  prompt: string;
  parts: readonly QuestionPart[];
  /** From a nudge to nearly the answer; each one used is recorded. */
  hints: readonly string[];
  /** The worked solution, shown after the attempt. */
  solution: string;
}

/** A part as the page may see it before the answer: the kind of answer and, for choices, the options. */
export interface PublicPart {
  prompt: string;
  kind: AnswerKind;
  options?: readonly string[];
  multiple?: boolean;
  /** Variables an expression answer may use, or the variable of a congruence. */
  variables?: readonly string[];
}

export interface PublicQuestion {
  templateId: string;
  skillId: string;
  difficulty: Difficulty;
  prompt: string;
  parts: readonly PublicPart[];
  hintCount: number;
}

/** The question without its keys, hints or solution. */
export function publicQuestion(question: Question): PublicQuestion {
  return {
    templateId: question.templateId,
    skillId: question.skillId,
    difficulty: question.difficulty,
    prompt: question.prompt,
    hintCount: question.hints.length,
    parts: question.parts.map(publicPart),
  };
}

/** A part without its key: the field the page shows. */
export function publicPart({ prompt, key }: QuestionPart): PublicPart {
  const part: PublicPart = { prompt, kind: key.kind };
  if (key.kind === "choice") return { ...part, options: key.options, multiple: key.multiple };
  if (key.kind === "expression") return { ...part, variables: key.variables };
  if (key.kind === "congruence") return { ...part, variables: [key.variable] };
  return part;
}

/** The grader's answer about one given answer. */
export interface Verdict {
  correct: boolean;
  /** One sentence for the learner: why it is right or what is wrong ("not equal at x = 1"). */
  feedback: string;
  /** How the verdict was reached, step by step, for the validator pages. */
  steps: readonly string[];
}
