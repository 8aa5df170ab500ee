import { expect, test } from "vitest";
import { renderSectionRevision, sectionBlocksByKey } from "./lesson-render.server";

const revision = {
  revisionId: "rev-7",
  slug: "primes",
  body: 'A prime $p$ has two divisors.\n\n::widget{name="sieve" limit="30"}\n\nSo $\\gcd(p, a) = 1$ unless $p \\mid a$.\n',
};

test("a revision's blocks name their HTML by revision and place, and keep widgets as they are", () => {
  const { blocks, html } = sectionBlocksByKey(revision);
  const rendered = renderSectionRevision(revision);
  expect(rendered.blocks.map((block) => block.kind)).toEqual(["html", "widget", "html"]);
  expect(blocks).toEqual([
    { kind: "html-ref", key: "rev-7.0" },
    rendered.blocks[1],
    { kind: "html-ref", key: "rev-7.2" },
  ]);
  expect([...html]).toEqual([
    ["rev-7.0", (rendered.blocks[0] as { html: string }).html],
    ["rev-7.2", (rendered.blocks[2] as { html: string }).html],
  ]);
  expect(html.get("rev-7.0")).toContain("two divisors");
  // The data names blocks only: none of the text travels in it.
  expect(JSON.stringify(blocks)).not.toContain("divisors");
});
