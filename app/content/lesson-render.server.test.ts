import { expect, test } from "vitest";
import type { TermLinks } from "../markdown/term-plugin";
import { renderSectionRevision, sectionBlocksByKey } from "./lesson-render.server";

const revision = {
  revisionId: "rev-7",
  slug: "primes",
  body: 'A prime $p$ has two divisors.\n\n::widget{name="sieve" limit="30"}\n\nSo $\\gcd(p, a) = 1$ unless $p \\mid a$.\n',
};

const links = (version: string): TermLinks => ({
  version,
  targets: [{ slug: "divisor", forms: ["divisor", "divisors"], href: "/chapter/a#divisor" }],
});

test("a revision's blocks name their HTML by revision, glossary version and place, and keep widgets as they are", () => {
  const { blocks, html } = sectionBlocksByKey(revision, links("v1"));
  const rendered = renderSectionRevision(revision, links("v1"));
  expect(rendered.blocks.map((block) => block.kind)).toEqual(["html", "widget", "html"]);
  expect(blocks).toEqual([
    { kind: "html-ref", key: "rev-7@v1.0", part: 0 },
    rendered.blocks[1],
    { kind: "html-ref", key: "rev-7@v1.2", part: 0 },
  ]);
  expect([...html]).toEqual([
    ["rev-7@v1.0", (rendered.blocks[0] as { html: string }).html],
    ["rev-7@v1.2", (rendered.blocks[2] as { html: string }).html],
  ]);
  expect(html.get("rev-7@v1.0")).toContain('two <a href="/chapter/a#divisor" class="term" data-term="divisor">divisors</a>');
  // The data names blocks only: none of the text travels in it.
  expect(JSON.stringify(blocks)).not.toContain("divisors");
});

test("another glossary version is another text under another key; without links the revision renders plain", () => {
  const other = { ...links("v2"), targets: [] };
  expect(sectionBlocksByKey(revision, other).html.get("rev-7@v2.0")).not.toContain("<a ");
  expect(renderSectionRevision(revision).blocks[0]).toEqual({
    kind: "html",
    html: expect.not.stringContaining("<a "),
    part: 0,
  });
});
