import { describe, expect, it } from "vitest";
import type { ChapterSource } from "#app/models/chapter-source";
import { ChapterFileError, parseChapterFile, sectionSlug, serializeChapterFile } from "./chapter-file";

const GOOD = `---
slug: atomic-model-of-numbers
title: The atomic model of numbers
order: 2
access: premium
summary: "  Numbers are built from primes: how, and why only one way.  "
---

## Introduction {#introduction}

The first section.

:::note
## Not a section: inside a box
:::

## Primes, the atoms

\`\`\`
## Not a section: inside code
\`\`\`

### A sub-heading


## Fermat's little theorem {#fermat}
Body right under the heading.
`;

/** Where parseChapterFile fails on a text: the line its error names and the reason. */
function failure(text: string): { line: number; reason: string } {
  try {
    parseChapterFile(text, "content/chapters/x.md");
  } catch (error) {
    if (!(error instanceof ChapterFileError)) throw error;
    expect(error.fileName).toBe("content/chapters/x.md");
    expect(error.message).toBe(`content/chapters/x.md, line ${error.line}: ${error.reason}`);
    return { line: error.line, reason: error.reason };
  }
  throw new Error("no error");
}

const FRONT = "---\nslug: a\ntitle: A\norder: 1\naccess: free\nsummary: S\n---\n";

describe("parseChapterFile", () => {
  it("reads the front matter and one section per top-level ## line", () => {
    expect(parseChapterFile(GOOD, "content/chapters/02.md")).toEqual({
      fileName: "content/chapters/02.md",
      slug: "atomic-model-of-numbers",
      title: "The atomic model of numbers",
      order: 2,
      access: "premium",
      summary: "  Numbers are built from primes: how, and why only one way.  ",
      sections: [
        {
          slug: "introduction",
          title: "Introduction",
          body: "The first section.\n\n:::note\n## Not a section: inside a box\n:::",
        },
        {
          slug: "primes-the-atoms",
          title: "Primes, the atoms",
          body: "```\n## Not a section: inside code\n```\n\n### A sub-heading",
        },
        { slug: "fermat", title: "Fermat's little theorem", body: "Body right under the heading." },
      ],
    });
  });

  it("accepts Windows line ends and a byte-order mark", () => {
    const chapter = parseChapterFile(`\uFEFF${FRONT}\n## One\n\nText\n`.replace(/\n/g, "\r\n"), "x.md");
    expect(chapter.sections).toEqual([{ slug: "one", title: "One", body: "Text" }]);
  });

  it.each([
    ["no front matter", "## One\n", 1, /must start with front matter/],
    ["front matter never closed", "---\nslug: a\n", 1, /never closed/],
    ["a line that is not key: value", "---\nslug a\n---\n", 2, /key: value/],
    ["an unknown key", FRONT.replace("summary: S", "summary: S\nauthor: me"), 7, /unknown front matter key "author"/],
    ["a key twice", FRONT.replace("title: A", "title: A\ntitle: B"), 4, /given twice/],
    ["a missing key", FRONT.replace("access: free\n", ""), 6, /has no access/],
    ["a bad slug", FRONT.replace("slug: a", "slug: Atomic_Model"), 2, /^slug must be lowercase/],
    ["a long slug", FRONT.replace("slug: a", `slug: ${"a".repeat(81)}`), 2, /longer than 80/],
    ["an empty title", FRONT.replace("title: A", 'title: ""'), 3, /title is empty/],
    ["a long title", FRONT.replace("title: A", `title: ${"t".repeat(121)}`), 3, /longer than 120/],
    ["order zero", FRONT.replace("order: 1", "order: 0"), 4, /whole number from 1/],
    ["order not whole", FRONT.replace("order: 1", "order: 1.5"), 4, /whole number from 1/],
    ["bad access", FRONT.replace("access: free", "access: public"), 5, /free or premium/],
    ["a long summary", FRONT.replace("summary: S", `summary: ${"s".repeat(301)}`), 6, /longer than 300/],
    ["text before the first section", `${FRONT}\nHello\n\n## One\n`, 9, /before the first ## section/],
    ["no section", `${FRONT}\n\n`, 10, /no ## section/],
    ["a section without a title", `${FRONT}## One\n\n##\n`, 10, /needs a title/],
    ["a bad section id", `${FRONT}## One {#One_1}\n`, 8, /section id \{#One_1\}/],
    ["a section id twice", `${FRONT}## One\n\n## Two {#one}\n`, 10, /"one" is used twice/],
    ["an unclosed code block", `${FRONT}## One\n\n~~~\n## Two\n`, 10, /code block is never closed/],
    ["an unclosed box", `${FRONT}## One\n\n::::proof\n:::\n## Two\n`, 10, /box is never closed/],
  ])("names the line of %s", (_, text, line, reason) => {
    const found = failure(text);
    expect(found.line).toBe(line);
    expect(found.reason).toMatch(reason);
  });
});

describe("sectionSlug", () => {
  it("makes an id of lowercase words from a title", () => {
    expect(sectionSlug("Primes, the atoms")).toBe("primes-the-atoms");
    expect(sectionSlug("  Euler's φ — totient  ")).toBe("euler-s-totient");
    expect(sectionSlug("Théorème de Fermat")).toBe("theoreme-de-fermat");
    expect(sectionSlug("∑")).toBe("section");
  });
});

describe("serializeChapterFile", () => {
  it("writes the file it was read from when that file is in the canonical form", () => {
    const canonical = serializeChapterFile(parseChapterFile(GOOD, "x.md"));
    expect(serializeChapterFile(parseChapterFile(canonical, "x.md"))).toBe(canonical);
    expect(canonical).toContain("## Primes, the atoms {#primes-the-atoms}\n\n```");
    expect(canonical).toContain('summary: "  Numbers are built from primes: how, and why only one way.  "\n');
  });

  it("round-trips awkward values", () => {
    const source: ChapterSource = {
      fileName: "x.md",
      slug: "x-2",
      title: '"Quoted" title',
      order: 12,
      access: "free",
      summary: '"wholly quoted"',
      sections: [
        { slug: "s", title: "C# {#not-an-id}", body: "" },
        { slug: "t", title: "# Hash", body: "    indented code\n\n:::note\n## inside a box\n:::" },
      ],
    };
    expect(parseChapterFile(serializeChapterFile(source), "x.md")).toEqual(source);
  });

  it("drops blank lines around a body", () => {
    const source: ChapterSource = {
      fileName: "x.md",
      slug: "x",
      title: "X",
      order: 1,
      access: "free",
      summary: "S",
      sections: [{ slug: "s", title: "S", body: "\n\nText\n\n" }],
    };
    expect(parseChapterFile(serializeChapterFile(source), "x.md").sections[0]!.body).toBe("Text");
  });

  it("refuses what no file can say", () => {
    const base: ChapterSource = {
      fileName: "x.md",
      slug: "x",
      title: "X",
      order: 1,
      access: "free",
      summary: "S",
      sections: [{ slug: "s", title: "S", body: "Text" }],
    };
    expect(() => serializeChapterFile({ ...base, title: "Two\nlines" })).toThrow(/one line/);
    expect(() => serializeChapterFile({ ...base, sections: [{ slug: "s", title: "S", body: "## Split" }] })).toThrow(
      /would split/,
    );
    expect(() => serializeChapterFile({ ...base, slug: "Bad slug" })).toThrow(ChapterFileError);
  });
});
