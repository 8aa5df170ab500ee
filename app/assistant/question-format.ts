/**
 * Quiz questions as the assistant writes them: plain text that maps field by field onto the question
 * editor's draft (app/quiz/question-draft.ts), with answer keys in the editor's notation
 * (core/quiz/key-from-text.ts). `readQuestionDrafts` reads an answer back into drafts; the editor's
 * own check, contentFromDraft, then decides whether each may be saved. QUESTION_FORMAT is what the
 * model is told, so the format is described once, beside its reader.
 */
import { AUTHOR_ANSWER_KINDS, type PartDraft, type QuestionDraft } from "#app/quiz/question-draft";

export const QUESTION_FORMAT = String.raw`Write each question in this exact format, questions one after another:

## Question
Skill: <the skill's id, given below>
Difficulty: <1, 2 or 3>

<The question, in the lesson Markdown (formulas allowed; no widgets, no boxes).>

### Answer
Asks: <what this answer is, e.g. "the remainder"; needed only when a question has several answers>
Kind: <integer, fraction, decimal, expression, congruence or choice>
Key: <the expected answer, in the notation below>

### Hint
<a hint; write from 0 to 5 hints, each under its own "### Hint">

### Solution
<the worked solution, step by step>

Key notation:
- integer: 42, or a remainder such as: 3 remainder mod 7
- fraction: 3/4
- decimal: 0.125 ± 0.001
- expression: 2x + 2 in x (add "factored" or "expanded" at the end to require that form, e.g. (x - 1)(x + 1) in x factored)
- congruence: 3 mod 7 (the answer x ≡ 3 (mod 7))
- choice: write "Key:" alone on its line, then the options one per line, the right ones starting with "* ". Write "Kind: choice, several" when learners may pick more than one option.
A question may have up to 6 answers, each under its own "### Answer".`;

/** A question of the answer as the editor would hold it, with where it starts. */
export interface QuestionDraftSource {
  /** 1-based line of its "## Question" heading. */
  line: number;
  draft: QuestionDraft;
  /** What could not be read as a field (the editor's check reports what is missing). */
  notes: string[];
}

export interface ReadQuestions {
  questions: QuestionDraftSource[];
  /** Text outside any question, which saving leaves out. */
  leftOver: boolean;
}

const QUESTION_HEADING = /^#{1,2}\s+Question\b/i;
const PART_HEADING = /^###\s+(answer|hint|solution)\b.*$/i;

/** Reads the questions of an answer; text outside "## Question" blocks is left out (and said so). */
export function readQuestionDrafts(answer: string): ReadQuestions {
  const lines = answer.replace(/\r\n?/g, "\n").split("\n");
  const blocks: { line: number; lines: string[] }[] = [];
  let leftOver = false;
  let fence = false;
  for (const [index, line] of lines.entries()) {
    if (/^\s*(```|~~~)/.test(line)) fence = !fence;
    if (!fence && QUESTION_HEADING.test(line)) {
      blocks.push({ line: index + 1, lines: [] });
      continue;
    }
    const block = blocks.at(-1);
    if (block) block.lines.push(line);
    else if (line.trim() !== "") leftOver = true;
  }
  return { questions: blocks.map((block) => readQuestion(block.line, block.lines)), leftOver };
}

/** "Name: value" at the start of a line (the value may be empty). */
function field(line: string, name: string): string | null {
  const match = new RegExp(String.raw`^\s*\**${name}\**\s*:\s*\**(.*?)\**\s*$`, "i").exec(line);
  return match ? match[1]! : null;
}

const text = (lines: string[]) => lines.join("\n").trim();

function readQuestion(line: number, lines: string[]): QuestionDraftSource {
  const notes: string[] = [];
  const sections: { kind: "answer" | "hint" | "solution"; lines: string[] }[] = [];
  const head: string[] = [];
  for (const current of lines) {
    const heading = PART_HEADING.exec(current);
    if (heading) sections.push({ kind: heading[1]!.toLowerCase() as "answer", lines: [] });
    else (sections.at(-1)?.lines ?? head).push(current);
  }

  let skillId = "";
  let difficulty = "";
  const prompt: string[] = [];
  for (const current of head) {
    const skill = field(current, "skill");
    const level = field(current, "difficulty");
    if (skill !== null && skillId === "" && prompt.every((entry) => entry.trim() === "")) skillId = skill.trim();
    else if (level !== null && difficulty === "" && prompt.every((entry) => entry.trim() === "")) {
      difficulty = level.trim();
    } else prompt.push(current);
  }

  const parts: PartDraft[] = [];
  const hints: string[] = [];
  const solution: string[] = [];
  for (const section of sections) {
    if (section.kind === "hint") hints.push(text(section.lines));
    else if (section.kind === "solution") solution.push(text(section.lines));
    else parts.push(readPart(section.lines, notes, parts.length));
  }
  if (solution.length > 1) notes.push("It has several “### Solution” parts: they are joined into one.");
  return {
    line,
    draft: { skillId, difficulty, prompt: text(prompt), parts, hints, solution: solution.join("\n\n") },
    notes,
  };
}

function readPart(lines: string[], notes: string[], index: number): PartDraft {
  let asks = "";
  let kindText = "";
  let key: string | null = null;
  const keyLines: string[] = [];
  for (const current of lines) {
    if (key !== null) {
      keyLines.push(current);
      continue;
    }
    const askField = field(current, "asks");
    const kindField = field(current, "kind");
    const keyField = field(current, "key");
    if (askField !== null) asks = askField;
    else if (kindField !== null) kindText = kindField;
    else if (keyField !== null) key = keyField;
    else if (current.trim() !== "")
      notes.push(`Answer ${index + 1}: “${current.trim().slice(0, 80)}” is not a field it knows.`);
  }
  const kindMatch = /^([a-z]+)\s*(?:[,(]\s*(several|multiple)\s*\)?)?$/i.exec(kindText.trim());
  const kindWord = kindMatch?.[1]?.toLowerCase() ?? kindText.trim().toLowerCase();
  const kinds: readonly string[] = AUTHOR_ANSWER_KINDS;
  if (kindText.trim() === "") notes.push(`Answer ${index + 1} has no “Kind:” line.`);
  // An unknown kind goes through as written, for the editor's check to refuse by name.
  const kind = (kinds.includes(kindWord) ? kindWord : kindWord || "integer") as PartDraft["kind"];
  const keyText = key === null ? "" : [key, ...keyLines].join("\n").trim();
  // A choice's options are one per line; other keys are one line, so the rest of the part is not the key.
  const [keyLine = "", ...rest] = keyText.split("\n");
  if (kind !== "choice") {
    for (const extra of rest.filter((line) => line.trim() !== "")) {
      notes.push(`Answer ${index + 1}: “${extra.trim().slice(0, 80)}” is not a field it knows.`);
    }
  }
  return {
    prompt: asks.trim(),
    kind,
    key: kind === "choice" ? keyText : keyLine.trim(),
    multiple: kind === "choice" && kindMatch?.[2] !== undefined,
  };
}
