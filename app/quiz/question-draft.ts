/**
 * An author's question as the editor in /admin/content holds it: plain text
 * fields, with answer keys in the notation of core/quiz/key-from-text.ts.
 * `contentFromDraft` turns a draft into the question's content, or says what
 * is wrong field by field; the server runs it on every preview and save.
 * Field names are the draft's paths ("parts.0.key"), so errors land on them.
 */
import { z } from "zod";
import { keyProblem, type FixedQuestionContent } from "#core/quiz/fixed-question";
import { choiceKeyFromText, keyFromText, keyToText } from "#core/quiz/key-from-text";
import type { AnswerKind, Difficulty } from "#core/quiz/question";
import { skillById } from "#core/quiz/skills";

export const QUESTION_LIMITS = {
  prompt: 4_000,
  partPrompt: 500,
  key: 2_000,
  hint: 2_000,
  hints: 5,
  solution: 8_000,
  parts: 6,
} as const;

/** The kinds of answer an author can ask for, in the order the editor offers them. */
export const AUTHOR_ANSWER_KINDS = [
  "integer",
  "fraction",
  "decimal",
  "expression",
  "congruence",
  "choice",
] as const satisfies readonly AnswerKind[];

export interface PartDraft {
  prompt: string;
  kind: AnswerKind;
  key: string;
  /** For choices: learners may pick several options. */
  multiple: boolean;
}

export interface QuestionDraft {
  skillId: string;
  difficulty: string;
  prompt: string;
  parts: PartDraft[];
  hints: string[];
  solution: string;
}

export const emptyPart = (): PartDraft => ({ prompt: "", kind: "integer", key: "", multiple: false });

export const emptyDraft = (): QuestionDraft => ({
  skillId: "",
  difficulty: "1",
  prompt: "",
  parts: [emptyPart()],
  hints: [],
  solution: "",
});

export function draftOf(content: FixedQuestionContent): QuestionDraft {
  return {
    skillId: content.skillId,
    difficulty: String(content.difficulty),
    prompt: content.prompt,
    parts: content.parts.map(({ prompt, key }) => ({
      prompt,
      kind: key.kind,
      key: keyToText(key),
      multiple: key.kind === "choice" && key.multiple,
    })),
    hints: [...content.hints],
    solution: content.solution,
  };
}

/** The draft as form fields, for posting it (preview, save). */
export function draftToForm(draft: QuestionDraft): [string, string][] {
  return [
    ["skillId", draft.skillId],
    ["difficulty", draft.difficulty],
    ["prompt", draft.prompt],
    ...draft.parts.flatMap((part, index): [string, string][] => [
      [`parts.${index}.prompt`, part.prompt],
      [`parts.${index}.kind`, part.kind],
      [`parts.${index}.key`, part.key],
      ...(part.multiple ? [[`parts.${index}.multiple`, "on"] as [string, string]] : []),
    ]),
    ...draft.hints.map((hint, index): [string, string] => [`hints.${index}`, hint]),
    ["solution", draft.solution],
  ];
}

const text = (value: unknown) => (typeof value === "string" ? value : "");

/** Indices of the fields named `<prefix>.<n>…` in the form, in order. */
function indices(values: Record<string, unknown>, pattern: RegExp): number[] {
  const found = Object.keys(values).flatMap((name) => {
    const match = pattern.exec(name);
    return match ? [Number(match[1])] : [];
  });
  return [...new Set(found)].sort((a, b) => a - b);
}

/** What a posted form says, as a draft; anything that is not one piece of text counts as empty. */
export function draftFromForm(values: Record<string, unknown>): QuestionDraft {
  const kinds: readonly string[] = AUTHOR_ANSWER_KINDS;
  return {
    skillId: text(values.skillId),
    difficulty: text(values.difficulty),
    prompt: text(values.prompt),
    parts: indices(values, /^parts\.(\d{1,3})\.kind$/).map((index) => {
      const kind = text(values[`parts.${index}.kind`]);
      return {
        prompt: text(values[`parts.${index}.prompt`]),
        // An unknown kind is kept as it came, for the check to refuse by name.
        kind: (kinds.includes(kind) ? kind : kind || "integer") as AnswerKind,
        key: text(values[`parts.${index}.key`]),
        multiple: values[`parts.${index}.multiple`] === "on",
      };
    }),
    hints: indices(values, /^hints\.(\d{1,3})$/).map((index) => text(values[`hints.${index}`])),
    solution: text(values.solution),
  };
}

/** Line endings as "\n" and no white space around, so an untouched text saves as unchanged. */
const tidy = (value: string) => value.replace(/\r\n?/g, "\n").trim();

const longText = (what: string, max: number) =>
  z
    .string()
    .transform(tidy)
    .pipe(
      z
        .string()
        .min(1, `Write ${what}.`)
        .max(max, `Use at most ${max.toLocaleString("en-GB")} characters for ${what}.`),
    );

const partSchema = z
  .object({
    prompt: z
      .string()
      .transform(tidy)
      .pipe(z.string().max(QUESTION_LIMITS.partPrompt, `Use at most ${QUESTION_LIMITS.partPrompt} characters.`)),
    kind: z.enum(AUTHOR_ANSWER_KINDS, { error: "Choose the kind of answer from the list." }),
    key: z.string().max(QUESTION_LIMITS.key, `Use at most ${QUESTION_LIMITS.key.toLocaleString("en-GB")} characters.`),
    multiple: z.boolean(),
  })
  .transform((part, context) => {
    const read = part.kind === "choice" ? choiceKeyFromText(part.key, part.multiple) : keyFromText(part.kind, part.key);
    const problem = read.ok ? keyProblem(read.key) : read.message;
    if (!read.ok || problem !== null) {
      context.addIssue({ code: "custom", message: problem ?? "", path: ["key"] });
      return z.NEVER;
    }
    return { prompt: part.prompt, key: read.key };
  });

const draftSchema = z
  .object({
    skillId: z.string().refine((id) => skillById(id) !== undefined, "Choose the skill this question practises."),
    difficulty: z.enum(["1", "2", "3"], { error: "Choose a difficulty from 1 to 3." }),
    prompt: longText("the question", QUESTION_LIMITS.prompt),
    parts: z
      .array(partSchema)
      .min(1, "Add an answer: a question needs at least one part.")
      .max(QUESTION_LIMITS.parts, `A question has at most ${QUESTION_LIMITS.parts} parts.`),
    hints: z
      .array(
        z
          .string()
          .transform(tidy)
          .pipe(z.string().max(QUESTION_LIMITS.hint, `Use at most ${QUESTION_LIMITS.hint} characters.`)),
      )
      .transform((hints) => hints.filter((hint) => hint !== ""))
      .pipe(z.array(z.string()).max(QUESTION_LIMITS.hints, `Give at most ${QUESTION_LIMITS.hints} hints.`)),
    solution: longText("the worked solution", QUESTION_LIMITS.solution),
  })
  .superRefine((draft, context) => {
    // The card labels several answers (a), (b), …: each must say what it asks.
    if (draft.parts.length < 2) return;
    draft.parts.forEach((part, index) => {
      if (part.prompt === "") {
        context.addIssue({
          code: "custom",
          message: "Say what this part asks: a question with several answers needs a prompt for each.",
          path: ["parts", index, "prompt"],
        });
      }
    });
  });

export type DraftCheck =
  { ok: true; content: FixedQuestionContent } | { ok: false; errors: Partial<Record<string, string>> };

export function contentFromDraft(draft: QuestionDraft): DraftCheck {
  const parsed = draftSchema.safeParse(draft);
  if (!parsed.success) {
    const errors: Partial<Record<string, string>> = {};
    for (const issue of parsed.error.issues) errors[issue.path.join(".") || "form"] ??= issue.message;
    return { ok: false, errors };
  }
  const { difficulty, ...rest } = parsed.data;
  return { ok: true, content: { ...rest, difficulty: Number(difficulty) as Difficulty } };
}

const FIELD_NAMES: Record<string, string> = {
  skillId: "Skill",
  difficulty: "Difficulty",
  prompt: "Question",
  parts: "Answers",
  hints: "Hints",
  solution: "Worked solution",
};

/** "parts.1.key" → "Part b, answer key": where a problem of contentFromDraft is, in the editor's words. */
export function draftFieldName(path: string): string {
  const part = /^parts\.(\d+)\.(\w+)$/.exec(path);
  if (part) {
    const what = { prompt: "what it asks", kind: "kind of answer", key: "answer key" }[part[2]!] ?? part[2];
    return `Part ${String.fromCharCode(97 + Number(part[1]))}, ${what}`;
  }
  const hint = /^hints\.(\d+)$/.exec(path);
  if (hint) return `Hint ${Number(hint[1]) + 1}`;
  return FIELD_NAMES[path] ?? path;
}
