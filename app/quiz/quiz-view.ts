import type { AnswerKind } from "#core/quiz/question";

/** A question as the page gets it from the server (app/quiz/quiz.server.ts): HTML, never its answer key. */
export interface PartView {
  promptHtml: string;
  kind: AnswerKind;
  /** For choices: each option as inline HTML. */
  optionsHtml?: string[];
  multiple?: boolean;
  variables?: readonly string[];
}

export interface ItemResult {
  correct: boolean;
  answers: string[];
  /** Each typed answer as HTML (typeset when it came from the maths field); null for choices and blanks. */
  answersHtml: (string | null)[];
  parts: { correct: boolean; feedback: string }[];
  solutionHtml: string;
}

export interface ItemView {
  id: string;
  position: number;
  /** The skill's id, posted with an answer so the browser can count the answer under it (analytics). */
  skillId: string;
  skillTitle: string;
  promptHtml: string;
  parts: PartView[];
  hintCount: number;
  /** The hints asked for so far. */
  hintsHtml: string[];
  /** Null until answered: the key and solution stay on the server until then. */
  result: ItemResult | null;
}

/** What authors check a question by: the card as learners see it (every hint open), its keys and its solution. */
export interface QuestionPreviewView {
  item: ItemView;
  /** Each part's key in words, as HTML. */
  keysHtml: string[];
  solutionHtml: string;
}
