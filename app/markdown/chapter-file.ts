import { z } from "zod";
import type { ChapterSource, SectionSource } from "#app/models/chapter-source";
import { boxFenceOf, closesBox, closesCodeFence, codeFenceOf, type CodeFence } from "./directive-syntax";
import { EXPLICIT_ID } from "./heading-plugin";
import { SLUG_PATTERN, slugify } from "#app/utils/slug";

/** A chapter file that cannot be read; `message` names the file and line, `reason` is the bare explanation. */
export class ChapterFileError extends Error {
  readonly reason: string;
  constructor(
    message: string,
    readonly fileName: string,
    readonly line: number,
  ) {
    super(`${fileName}, line ${line}: ${message}`);
    this.name = "ChapterFileError";
    this.reason = message;
  }
}

const MAX_SLUG_LENGTH = 80;

const frontMatterSchema = z.object({
  slug: z
    .string()
    .max(MAX_SLUG_LENGTH, `slug is longer than ${MAX_SLUG_LENGTH} characters`)
    .regex(SLUG_PATTERN, "slug must be lowercase letters and digits joined by hyphens"),
  title: z.string().min(1, "title is empty").max(120, "title is longer than 120 characters"),
  order: z
    .string()
    .regex(/^[1-9][0-9]{0,5}$/, "order must be a whole number from 1")
    .transform(Number),
  access: z.enum(["free", "premium"], "access must be free or premium"),
  summary: z.string().min(1, "summary is empty").max(300, "summary is longer than 300 characters"),
});
type FrontMatterKey = keyof typeof frontMatterSchema.shape;
const FRONT_MATTER_KEYS = Object.keys(frontMatterSchema.shape) as FrontMatterKey[];
const isFrontMatterKey = (key: string): key is FrontMatterKey => (FRONT_MATTER_KEYS as string[]).includes(key);

/** The id a section gets from its title when the heading has no `{#id}`. */
export function sectionSlug(title: string): string {
  return slugify(title) || "section";
}

/**
 * Reads a `content/chapters/*.md` file (docs/content-format.md): the front matter, then one section per `## `
 * line at the top level (not inside a code block or a box). Each body is the Markdown up to the next section,
 * without leading blank lines or trailing white space. Throws ChapterFileError on the first problem.
 */
export function parseChapterFile(text: string, fileName: string): ChapterSource {
  const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
  const fail = (message: string, index: number): never => {
    throw new ChapterFileError(message, fileName, index + 1);
  };
  const { frontMatter, bodyStart } = readFrontMatter(lines, fail);

  const sections: (SectionSource & { line: number })[] = [];
  let bodyLines: string[] = [];
  const closeSection = () => {
    const section = sections.at(-1);
    if (section) section.body = normalizeBody(bodyLines.join("\n"));
    bodyLines = [];
  };
  let codeFence: (CodeFence & { line: number }) | null = null;
  let box: { colons: number; line: number } | null = null;
  for (let index = bodyStart; index < lines.length; index++) {
    const line = lines[index]!;
    const unindented = /^ {0,3}(.*)$/.exec(line)![1]!;
    if (codeFence) {
      if (closesCodeFence(unindented, codeFence)) codeFence = null;
    } else if (box && closesBox(unindented, box.colons)) {
      box = null;
    } else if (box) {
      const fence = codeFenceOf(unindented);
      if (fence) codeFence = { ...fence, line: index };
    } else if (/^##(?:[ \t]|$)/.test(line)) {
      closeSection();
      sections.push({ ...readHeading(line.slice(2), index, fail), body: "", line: index });
      continue;
    } else {
      const fence = codeFenceOf(unindented);
      const boxFence = boxFenceOf(unindented);
      if (fence) codeFence = { ...fence, line: index };
      else if (boxFence && boxFence.info !== "") box = { colons: boxFence.colons, line: index };
    }
    if (sections.length === 0 && line.trim() !== "") fail("text before the first ## section", index);
    bodyLines.push(line);
  }
  closeSection();
  if (codeFence) fail("this code block is never closed, so the sections after it would be code", codeFence.line);
  if (box) fail("this box is never closed, so the sections after it would be inside it", box.line);
  if (sections.length === 0) fail("the chapter has no ## section", lines.length - 1);

  const seen = new Set<string>();
  for (const section of sections) {
    if (seen.has(section.slug)) fail(`section id "${section.slug}" is used twice`, section.line);
    seen.add(section.slug);
  }
  return { fileName, ...frontMatter, sections: sections.map(({ slug, title, body }) => ({ slug, title, body })) };
}

type Fail = (message: string, index: number) => never;

function readFrontMatter(lines: string[], fail: Fail) {
  if (lines[0]?.trim() !== "---") fail("the file must start with front matter between --- lines", 0);
  const values: Partial<Record<FrontMatterKey, string>> = {};
  const keyLines: Partial<Record<FrontMatterKey, number>> = {};
  let index = 1;
  for (; index < lines.length && lines[index]!.trim() !== "---"; index++) {
    const line = lines[index]!;
    if (line.trim() === "") continue;
    const match = /^([A-Za-z]+)[ \t]*:(.*)$/.exec(line);
    if (!match) fail('front matter lines are written "key: value"', index);
    const [, key, rawValue] = match as unknown as [string, string, string];
    if (!isFrontMatterKey(key))
      fail(`unknown front matter key "${key}": the keys are ${FRONT_MATTER_KEYS.join(", ")}`, index);
    if (keyLines[key as FrontMatterKey] !== undefined) fail(`front matter key "${key}" is given twice`, index);
    values[key as FrontMatterKey] = unquote(rawValue.trim());
    keyLines[key as FrontMatterKey] = index;
  }
  if (index >= lines.length) fail("the front matter is never closed by a --- line", 0);
  const missing = FRONT_MATTER_KEYS.find((key) => values[key] === undefined);
  if (missing) fail(`the front matter has no ${missing}`, index);
  const parsed = frontMatterSchema.safeParse(values);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    fail(issue.message, keyLines[issue.path[0] as FrontMatterKey] ?? index);
  }
  return { frontMatter: parsed.data!, bodyStart: index + 1 };
}

/** Blank lines around a body mean nothing in Markdown; a file cannot keep them anyway. */
function normalizeBody(body: string): string {
  return body.replace(/^(?:[ \t]*\n)+/, "").trimEnd();
}

/** `"…"` keeps surrounding spaces (and a value that is itself quoted). */
function unquote(value: string): string {
  return /^".*"$/.test(value) ? value.slice(1, -1) : value;
}

function quoteIfNeeded(value: string): string {
  return value === "" || value !== value.trim() || /^".*"$/.test(value) ? `"${value}"` : value;
}

function readHeading(rest: string, index: number, fail: Fail): { slug: string; title: string } {
  const match = EXPLICIT_ID.exec(rest);
  const title = (match ? rest.slice(0, match.index) : rest).trim();
  if (title === "") fail("a section needs a title after ##", index);
  if (!match) return { slug: sectionSlug(title), title };
  const slug = match[1]!;
  if (!SLUG_PATTERN.test(slug) || slug.length > MAX_SLUG_LENGTH) {
    fail(`section id {#${slug}} must be lowercase letters and digits joined by hyphens`, index);
  }
  return { slug, title };
}

/**
 * The file parseChapterFile reads back as the same chapter. Every section gets an explicit `{#id}`, so renaming
 * a section later keeps its identity. Throws when no file can say it: a value the reader refuses, a line break in
 * a title, or a body that would split into other sections. Blank lines around a body are dropped.
 */
export function serializeChapterFile(source: ChapterSource): string {
  const frontMatter = FRONT_MATTER_KEYS.map((key) => `${key}: ${quoteIfNeeded(String(source[key]))}`);
  const oneLiners = [source.title, source.summary, ...source.sections.map((section) => section.title)];
  if (oneLiners.some((text) => /[\r\n]/.test(text))) {
    throw new Error(`${source.fileName}: titles and the summary must be one line`);
  }
  const sections = source.sections.map(({ slug, title, body }) =>
    `## ${title} {#${slug}}\n\n${normalizeBody(body)}`.trimEnd(),
  );
  const text = `---\n${frontMatter.join("\n")}\n---\n\n${sections.join("\n\n")}\n`;
  const read = parseChapterFile(text, source.fileName);
  const same =
    read.sections.length === source.sections.length &&
    read.sections.every((section, index) => {
      const original = source.sections[index]!;
      return (
        section.slug === original.slug &&
        section.title === original.title &&
        section.body === normalizeBody(original.body)
      );
    });
  if (!same) {
    throw new Error(
      `${source.fileName}: a section body holds a ## heading or an unclosed code block or box, so it would split`,
    );
  }
  return text;
}
