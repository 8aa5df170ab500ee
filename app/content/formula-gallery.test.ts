import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  CONSTRUCT_EXAMPLES,
  DELIMITER_EXAMPLES,
  DELIMITERS,
  FAILURE_EXAMPLES,
  GALLERY_SECTIONS,
  type DelimiterKind,
} from "./formula-gallery";
import { renderGallery, renderGalleryExample } from "./formula-gallery.server";

const CHAPTERS = path.join(import.meta.dirname, "../../content/chapters");

/** Where each delimiter opens a formula in a source: `$` alone (not `$$`, not `\$`), `\(`, `$$`, `\[`. */
const OPENS: Record<DelimiterKind, RegExp> = {
  "inline-dollar": /(?<![\\$])\$(?!\$)\S/,
  "inline-paren": /\\\(/,
  "display-dollar": /\$\$/,
  "display-bracket": /\\\[/,
};

const working = [...DELIMITER_EXAMPLES, ...CONSTRUCT_EXAMPLES];
const html = (example: { blocks: { kind: string; html?: string }[] }) =>
  example.blocks.map((block) => block.html ?? "").join("");

describe("the formula gallery", () => {
  it("shows every delimiter kind, each where its example really uses it", () => {
    const kinds = Object.keys(DELIMITERS) as DelimiterKind[];
    for (const kind of kinds) {
      const examples = DELIMITER_EXAMPLES.filter((example) => example.delimiters.includes(kind));
      expect(examples.length, kind).toBeGreaterThan(0);
    }
    for (const example of working) {
      for (const kind of example.delimiters) expect(example.source, `${example.id}: ${kind}`).toMatch(OPENS[kind]);
    }
    // A mistake may be a closer alone.
    for (const example of FAILURE_EXAMPLES) {
      for (const kind of example.delimiters) {
        const { close } = DELIMITERS[kind];
        expect(OPENS[kind].test(example.source) || example.source.includes(close), `${example.id}: ${kind}`).toBe(true);
      }
    }
    // Each delimiter's own example typesets in the right mode.
    for (const kind of kinds) {
      const example = DELIMITER_EXAMPLES.find((candidate) => candidate.id === kind)!;
      const rendered = html(renderGalleryExample(example));
      if (DELIMITERS[kind].display) expect(rendered, kind).toContain("katex-display");
      else expect(rendered, kind).not.toContain("katex-display");
    }
  });

  it("typesets every working example without a problem, with MathML for screen readers", () => {
    for (const example of working) {
      const rendered = renderGalleryExample(example);
      expect(rendered.problems, example.id).toEqual([]);
      expect(html(rendered), example.id).toContain('class="katex"');
      expect(html(rendered), example.id).toContain("<math");
      expect(html(rendered), example.id).not.toContain("lesson-error");
      // No delimiter is left as text (a $ before a digit is money, not a formula), except where that is the point.
      const text = html(rendered).replace(/<annotation[^>]*>[^<]*<\/annotation>/g, "");
      if (example.id !== "money") expect(text, example.id).not.toMatch(/\$|\\[()[\]]/);
    }
  });

  it("marks each deliberate mistake with exactly the problems it expects", () => {
    expect(FAILURE_EXAMPLES.length).toBeGreaterThanOrEqual(8);
    for (const example of FAILURE_EXAMPLES) {
      const rendered = renderGalleryExample(example);
      expect(
        rendered.problems.map(({ severity, message }) => ({ severity, message })),
        example.id,
      ).toEqual(example.expected);
      // A formula KaTeX refuses is shown as marked source; a delimiter problem leaves the text as typed.
      const refused = example.expected.filter((problem) => problem.message.startsWith("Formula cannot be typeset"));
      expect(html(rendered).split('class="lesson-error"').length - 1, example.id).toBe(refused.length);
    }
    // The failures cover an unclosed delimiter, an unknown command and mismatched braces.
    const messages = FAILURE_EXAMPLES.flatMap((example) => example.expected.map((problem) => problem.message));
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Opening \$ on line 1 is never closed$/),
        expect.stringMatching(/Undefined control sequence/),
        expect.stringMatching(/expected '}'/),
        expect.stringMatching(/got '}'/),
      ]),
    );
  });

  it("covers every LaTeX command and environment the chapters use", () => {
    const gallery = working.map((example) => example.source).join("\n");
    const chapters = readdirSync(CHAPTERS)
      .filter((file) => file.endsWith(".md"))
      .map((file) => readFileSync(path.join(CHAPTERS, file), "utf8"))
      .join("\n");
    const commands = new Set([...chapters.matchAll(/\\([a-zA-Z]+)/g)].map((match) => match[1]!));
    const environments = new Set([...chapters.matchAll(/\\begin\{(\w+)\}/g)].map((match) => match[1]!));
    expect(commands.size).toBeGreaterThan(20);
    const missing = [...commands].filter((command) => !new RegExp(`\\\\${command}(?![a-zA-Z])`).test(gallery));
    expect(missing, "commands the chapters use that no gallery example shows").toEqual([]);
    const missingEnvironments = [...environments].filter((name) => !gallery.includes(`\\begin{${name}}`));
    expect(missingEnvironments, "environments the chapters use that no gallery example shows").toEqual([]);
  });

  it("renders the whole gallery once, section by section", () => {
    const gallery = renderGallery();
    expect(gallery.sections.map((section) => section.id)).toEqual(GALLERY_SECTIONS.map((section) => section.id));
    expect(gallery.failures.map((example) => example.id)).toEqual(FAILURE_EXAMPLES.map((example) => example.id));
    expect(renderGallery()).toBe(gallery);
    const ids = [...working, ...FAILURE_EXAMPLES].map((example) => example.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
