import type { MarkdownIt, StateBlock, StateCore, Token } from "markdown-it";
import {
  boxFenceOf,
  closesBox,
  closesCodeFence,
  codeFenceOf,
  parseAttributes,
  type CodeFence,
} from "./directive-syntax";
import { parseExerciseCheck, type LessonExercise } from "./exercise-check";
import { claimId, lessonStateOf, type LessonState } from "./lesson-state";
import { plainText } from "./plain-text";
import { lineText, pushSourceBlock } from "./source-block";
import { describeKey } from "#core/quiz/describe-key";
import { publicPart, type PublicPart } from "#core/quiz/question";
import { skillById } from "#core/quiz/skills";
import { slugify } from "#app/utils/slug";

const BOX_NAMES = {
  definition: "Definition",
  theorem: "Theorem",
  lemma: "Lemma",
  proof: "Proof",
  example: "Example",
  exercise: "Exercise",
  note: "Note",
  hint: "Hint",
  answer: "Answer",
  check: "Check",
  optional: "Optional",
} as const;
type BoxKind = keyof typeof BOX_NAMES;

/** Hints, answers and optional parts (a heavy proof, a digression) are folded: the reader opens them. */
const isFolded = (kind: BoxKind) => kind === "hint" || kind === "answer" || kind === "optional";

/** Said on every optional part's fold, so a learner knows skipping it loses nothing later chapters need. */
const OPTIONAL_NOTE = "you may skip it: nothing later depends on it";

/** What the box tokens carry to the renderer; `label` is "Theorem", "Exercise 3"…; `id` its anchor, if it has one. */
export type BoxMeta = { kind: BoxKind; label: string; hasTitle: boolean; title: string; id?: string };

/** Boxes a link or a search result can point at: they get an anchor of their own. */
const ANCHORED: ReadonlySet<BoxKind> = new Set(["definition", "theorem", "lemma", "example", "exercise"]);

/** A check's place in its exercise: the page puts the answer form there (components/lesson/exercise-answers.tsx). */
type CheckMeta = { exercise: number; parts: Omit<PublicPart, "prompt">[]; skill: string | null };
/** `key` in words, for the editor's preview only. */
type CheckPartMeta = { key: string | null };

const isBoxKind = (kind: string): kind is BoxKind => Object.hasOwn(BOX_NAMES, kind);

/** Boxes: `:::kind{title="…"}` … `:::`, nested by giving the outer box more colons. */
export function boxPlugin(md: MarkdownIt): void {
  md.block.ruler.before("fence", "lesson_box", box, { alt: ["paragraph", "reference", "blockquote", "list"] });
  // After the headings' ids (headingPlugin is used first), so a box never moves a heading's anchor.
  md.core.ruler.push("lesson_box_ids", assignBoxIds);
  const escape = md.utils.escapeHtml;
  const metaOf = (token: Token) => token.meta as BoxMeta;
  md.renderer.rules.lesson_box_open = (tokens, idx) => {
    const { kind, label, hasTitle, id } = metaOf(tokens[idx]!);
    if (isFolded(kind)) return `<details class="lesson-${kind}">\n`;
    // The title is the inline token after the title's opening token.
    const title = hasTitle ? plainText(tokens[idx + 2]?.children ?? []) : "";
    const name = title ? `${label}: ${title}` : label;
    const anchor = id === undefined ? "" : ` id="${escape(id)}"`;
    return `<section${anchor} class="lesson-box lesson-${kind}" aria-label="${escape(name)}">\n`;
  };
  md.renderer.rules.lesson_box_title_open = (tokens, idx) => {
    const { kind, label, hasTitle } = metaOf(tokens[idx]!);
    if (kind === "optional")
      return `<summary><span class="lesson-optional-label">${label}</span>${hasTitle ? ": " : ""}`;
    const opening = isFolded(kind) ? `<summary>${label}` : `<p class="lesson-box-title"><strong>${label}</strong>`;
    return hasTitle ? `${opening} (` : opening;
  };
  md.renderer.rules.lesson_box_title_close = (tokens, idx) => {
    const { kind, hasTitle } = metaOf(tokens[idx]!);
    if (kind === "optional") return ` <span class="lesson-optional-note">(${OPTIONAL_NOTE})</span></summary>\n`;
    return `${hasTitle ? ")" : ""}${isFolded(kind) ? "</summary>" : "</p>"}\n`;
  };
  md.renderer.rules.lesson_check_open = (tokens, idx) => {
    const { exercise, parts, skill } = tokens[idx]!.meta as CheckMeta;
    // Only the labels: the page puts live fields here after hydration and reads the labels from here.
    // Single quotes around the JSON: its many double quotes stay one byte each.
    const fields = JSON.stringify(parts).replace(/[&<>']/g, (char) => `&#${char.charCodeAt(0)};`);
    const practises =
      skill === null ? "" : `<p class="lesson-check-key">Answered on the page; practises ${escape(skill)}.</p>\n`;
    return `<div class="lesson-exercise-check" data-exercise="${exercise}" data-parts='${fields}'>\n${practises}`;
  };
  md.renderer.rules.lesson_check_part_open = () => '<p class="lesson-check-part">';
  md.renderer.rules.lesson_check_part_close = (tokens, idx) => {
    const { key } = tokens[idx]!.meta as CheckPartMeta;
    return key === null ? "</p>\n" : ` <span class="lesson-check-key">Key: ${escape(key)}</span></p>\n`;
  };
  md.renderer.rules.lesson_check_close = (tokens, idx) =>
    (tokens[idx]!.meta as { preview: boolean }).preview
      ? "</div>\n"
      : '<p><button type="button" class="lesson-check-start">Answer here</button></p>\n</div>\n';
  md.renderer.rules.lesson_box_close = (tokens, idx) => {
    const { kind } = metaOf(tokens[idx]!);
    if (isFolded(kind)) return "</details>\n";
    const qed = kind === "proof" ? '<span class="lesson-qed" role="img" aria-label="end of proof">∎</span>\n' : "";
    return `${qed}</section>\n`;
  };
}

/** `definition-carmichael-number`, `exercise-3` (untitled): prefixed like the headings, unique in the lesson. */
function assignBoxIds(state: StateCore): void {
  const lesson = lessonStateOf(state.env);
  for (const token of state.tokens) {
    if (token.type !== "lesson_box_open") continue;
    const meta = token.meta as BoxMeta;
    if (!ANCHORED.has(meta.kind)) continue;
    const name = slugify(meta.title) || meta.label.slice(BOX_NAMES[meta.kind].length + 1) || "1";
    meta.id = claimId(lesson, `${lesson.idPrefix}${meta.kind}-${name}`);
  }
}

function box(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const opening = lineText(state, startLine);
  const fence = boxFenceOf(opening);
  if (!fence) return false;
  if (silent) return true;
  const problems = lessonStateOf(state.env).problems;
  const line = startLine + 1;

  if (fence.info === "") {
    const reason = `${":".repeat(fence.colons)} closes no box (a box closes with as many colons as opened it)`;
    problems.push({ severity: "error", line, message: reason, source: opening });
    pushSourceBlock(state, startLine, startLine + 1, reason);
    state.line = startLine + 1;
    return true;
  }

  const { closeLine, end } = findBoxEnd(state, startLine, endLine, fence.colons);
  if (closeLine === null) {
    problems.push({
      severity: "error",
      line,
      message: `The box opened on line ${line} is never closed: end it with a line of ${fence.colons} colons`,
      source: opening,
    });
  }
  const after = closeLine === null ? end : closeLine + 1;
  const parsed = parseOpening(fence.info);
  if ("error" in parsed) {
    problems.push({ severity: "error", line, message: parsed.error, source: opening });
    pushSourceBlock(state, startLine, after, parsed.error);
    state.line = after;
    return true;
  }

  const { kind, title, attributes } = parsed;
  const lesson = lessonStateOf(state.env);
  if (kind === "check") {
    pushCheck(state, lesson, { startLine, closeLine: closeLine ?? end, skill: attributes.skill, opening });
    state.line = after;
    return true;
  }
  let exercise: LessonExercise | null = null;
  if (kind === "exercise") {
    exercise = {
      number: lesson.exercises.length + 1,
      title,
      line,
      proof: attributes.kind === "proof",
      check: null,
      hintCount: 0,
    };
    lesson.exercises.push(exercise);
  } else if (kind === "hint" && lesson.openExercise) {
    lesson.openExercise.hintCount += 1;
  }
  const label = exercise ? `${BOX_NAMES.exercise} ${exercise.number}` : BOX_NAMES[kind];
  const meta: BoxMeta = { kind, label, hasTitle: title !== "", title };
  const tag = isFolded(kind) ? "details" : "section";

  const open = state.push("lesson_box_open", tag, 1);
  open.block = true;
  open.map = [startLine, after];
  open.meta = meta;
  state.push("lesson_box_title_open", isFolded(kind) ? "summary" : "p", 1).meta = meta;
  if (title) {
    const inline = state.push("inline", "", 0);
    inline.content = title;
    inline.map = [startLine, startLine + 1];
    inline.children = [];
  }
  state.push("lesson_box_title_close", isFolded(kind) ? "summary" : "p", -1).meta = meta;

  const { parentType, lineMax } = state;
  const { openExercise } = lesson;
  state.parentType = "lesson_box";
  state.lineMax = end;
  if (exercise) lesson.openExercise = exercise;
  state.md.block.tokenize(state, startLine + 1, end);
  lesson.openExercise = openExercise;
  state.parentType = parentType;
  state.lineMax = lineMax;
  if (exercise && !exercise.proof && !exercise.check) {
    problems.push({
      severity: "warning",
      line,
      message: `Exercise ${exercise.number} cannot be answered on the page: add a :::check with its key, or mark it kind="proof"`,
      source: opening,
    });
  }

  const close = state.push("lesson_box_close", tag, -1);
  close.block = true;
  close.meta = meta;
  state.line = after;
  return true;
}

/**
 * The line closing a box (exactly as many colons, outside code fences), or null when the box runs to the end of
 * what contains it; `end` is where its content stops.
 */
function findBoxEnd(state: StateBlock, startLine: number, endLine: number, colons: number) {
  let codeFence: CodeFence | null = null;
  for (let line = startLine + 1; line < endLine; line++) {
    if (!state.isEmpty(line) && state.sCount[line]! < state.blkIndent) return { closeLine: null, end: line };
    if (state.sCount[line]! - state.blkIndent >= 4) continue;
    const text = lineText(state, line);
    if (codeFence) {
      if (closesCodeFence(text, codeFence)) codeFence = null;
    } else if (closesBox(text, colons)) {
      return { closeLine: line, end: line };
    } else {
      codeFence = codeFenceOf(text);
    }
  }
  return { closeLine: null, end: endLine };
}

type Opening = { kind: BoxKind; title: string; attributes: Record<string, string> } | { error: string };

/** Attributes each kind takes besides `title` (a check has no title). */
const ATTRIBUTES_OF: Partial<Record<BoxKind, readonly string[]>> = { exercise: ["kind"], check: ["skill"] };

function parseOpening(info: string): Opening {
  const match = /^([A-Za-z][\w-]*)\s*(\{.*\})?$/.exec(info);
  if (!match) return { error: `Cannot read the box opening "${info}": write :::kind or :::kind{title="…"}` };
  const [, kind, attributeText] = match as unknown as [string, string, string | undefined];
  if (!isBoxKind(kind)) {
    return { error: `Unknown box kind "${kind}": use one of ${Object.keys(BOX_NAMES).join(", ")}` };
  }
  if (attributeText === undefined) return { kind, title: "", attributes: {} };
  const parsed = parseAttributes(attributeText);
  if ("error" in parsed) return { error: `Box ${kind}: ${parsed.error}` };
  const { title = "", ...others } = parsed.attributes;
  const allowed = [...(kind === "check" ? [] : ["title"]), ...(ATTRIBUTES_OF[kind] ?? [])];
  const unknown = Object.keys(parsed.attributes).find((name) => !allowed.includes(name));
  if (unknown !== undefined) {
    return { error: `Box ${kind}: takes ${allowed.map((name) => `"${name}"`).join(" and ")}, not "${unknown}"` };
  }
  if (others.kind !== undefined && others.kind !== "proof") {
    return { error: `Box ${kind}: kind="proof" is the only kind an exercise takes, not "${others.kind}"` };
  }
  return { kind, title: title.trim(), attributes: others };
}

/**
 * A `:::check` box: its lines are keys, not Markdown. Only inside an exercise, once; the exercise
 * records the parsed keys and the page gets a form in its place, with each part's label as Markdown.
 */
function pushCheck(
  state: StateBlock,
  lesson: LessonState,
  { startLine, closeLine, skill, opening }: { startLine: number; closeLine: number; skill?: string; opening: string },
): void {
  const line = startLine + 1;
  const refuse = (message: string) => {
    lesson.problems.push({ severity: "error", line, message, source: opening });
    pushSourceBlock(state, startLine, closeLine + 1, message);
  };
  const exercise = lesson.openExercise;
  if (!exercise) return refuse("A :::check belongs inside an exercise");
  if (exercise.proof) return refuse(`Exercise ${exercise.number} is marked kind="proof": it takes no check`);
  if (exercise.check) return refuse(`Exercise ${exercise.number} has a check already: write every part in one`);
  const body = Array.from({ length: closeLine - startLine - 1 }, (_, offset) =>
    lineText(state, startLine + 1 + offset),
  );
  const parsed = parseExerciseCheck(skill, body.join("\n"));
  if (!parsed.ok) return refuse(parsed.message);
  exercise.check = parsed.check;

  const meta: CheckMeta = {
    exercise: exercise.number,
    // The labels are in the HTML: the fields need only what to ask for.
    parts: parsed.check.parts.map((part) => {
      const { prompt: _label, ...field } = publicPart(part);
      return field;
    }),
    skill: lesson.showKeys ? (skillById(parsed.check.skillId)?.title ?? parsed.check.skillId) : null,
  };
  const open = state.push("lesson_check_open", "div", 1);
  open.block = true;
  open.map = [startLine, closeLine + 1];
  open.meta = meta;
  for (const part of parsed.check.parts) {
    // An unlabelled part (a one-part check) has no paragraph, unless the preview shows its key.
    if (part.prompt === "" && !lesson.showKeys) continue;
    const partMeta: CheckPartMeta = { key: lesson.showKeys ? describeKey(part.key) : null };
    state.push("lesson_check_part_open", "p", 1).meta = partMeta;
    const inline = state.push("inline", "", 0);
    inline.content = part.prompt;
    inline.map = [startLine, startLine + 1];
    inline.children = [];
    state.push("lesson_check_part_close", "p", -1).meta = partMeta;
  }
  const close = state.push("lesson_check_close", "div", -1);
  close.block = true;
  close.meta = { preview: lesson.showKeys };
}
