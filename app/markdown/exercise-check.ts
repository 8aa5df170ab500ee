/**
 * The answer key of a lesson exercise, written in a `:::check{skill="…"}` box inside it
 * (docs/content-format.md): one line per part, `label :: key` or just `key` for a one-part exercise,
 * where a key is its kind and the expected answer in the validator pages' notation
 * (core/quiz/key-from-text.ts), or `choice *right | wrong | …`.
 */
import {
  choiceKeyFromText,
  keyFromText,
  TYPED_KEY_KINDS,
  type KeyFromText,
  type TypedKeyKind,
} from "#core/quiz/key-from-text";
import { keyProblem } from "#core/quiz/fixed-question";
import type { QuestionPart } from "#core/quiz/question";
import { skillById } from "#core/quiz/skills";

export interface ExerciseCheck {
  skillId: string;
  /** Each part's prompt is the Markdown label shown beside its field; empty for a one-part exercise. */
  parts: QuestionPart[];
}

/** An exercise of a rendered section, numbered as the page numbers it. */
export interface LessonExercise {
  number: number;
  title: string;
  /** 1-based line of its opening in the Markdown source. */
  line: number;
  /** Marked `kind="proof"`: shown and read, not answered in place. */
  proof: boolean;
  check: ExerciseCheck | null;
  hintCount: number;
}

/** How many parts a check may have: each is a field on the page. */
export const MAX_EXERCISE_PARTS = 6;

export type CheckParse = { ok: true; check: ExerciseCheck } | { ok: false; message: string };

export function parseExerciseCheck(skillId: string | undefined, body: string): CheckParse {
  if (!skillId) return { ok: false, message: 'A check names the skill it practises: :::check{skill="…"}' };
  if (!skillById(skillId)) return { ok: false, message: `Unknown skill "${skillId}" (see core/quiz/skills.ts)` };
  const lines = body
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  if (lines.length === 0) return { ok: false, message: "A check needs at least one key line, such as: integer 9" };
  if (lines.length > MAX_EXERCISE_PARTS) {
    return { ok: false, message: `A check has at most ${MAX_EXERCISE_PARTS} parts, one per line` };
  }
  const parts: QuestionPart[] = [];
  for (const line of lines) {
    const split = line.lastIndexOf(" :: ");
    const label = split === -1 ? "" : line.slice(0, split).trim();
    const keyText = split === -1 ? line : line.slice(split + 4).trim();
    if (lines.length > 1 && label === "") {
      return { ok: false, message: `Each part of a check with several parts needs a label: "label :: ${keyText}"` };
    }
    const key = exerciseKeyOf(keyText);
    if (!key.ok) return { ok: false, message: `${key.message} (in "${line}")` };
    const problem = keyProblem(key.key);
    if (problem) return { ok: false, message: `${problem} (in "${line}")` };
    parts.push({ prompt: label, key: key.key });
  }
  return { ok: true, check: { skillId, parts } };
}

function exerciseKeyOf(text: string): KeyFromText {
  const match = /^(\w+)\s+(.+)$/.exec(text);
  const kind = match?.[1] ?? "";
  if (match && kind === "choice") {
    const options = match[2]!.split(" | ");
    const multiple = options.filter((option) => option.trim().startsWith("*")).length > 1;
    return choiceKeyFromText(options.join("\n"), multiple);
  }
  if (!match || !(TYPED_KEY_KINDS as readonly string[]).includes(kind)) {
    return { ok: false, message: `A key starts with its kind: ${[...TYPED_KEY_KINDS, "choice"].join(", ")}` };
  }
  return keyFromText(kind as TypedKeyKind, match[2]!);
}
