import { expect, it } from "vitest";
import { buildGlossary, termLinksFor, type CourseSectionPlace } from "./glossary";
import { termDefinitionsOf } from "./glossary-terms";

const section = (chapterSlug: string, sectionSlug: string, index: number, markdown: string, premium = false) => ({
  chapterSlug,
  chapterTitle: chapterSlug.toUpperCase(),
  chapterPremium: premium,
  sectionSlug,
  sectionTitle: sectionSlug,
  index,
  definitions: termDefinitionsOf(sectionSlug, markdown),
});

const course = [
  section("atoms", "intro", 0, "A :dfn[prime] has two divisors."),
  section("atoms", "gcd", 1, "Numbers are :dfn[coprime] when their gcd is 1. A :dfn[Prime] again."),
  section("powers", "intro", 0, "The :dfn[order] of $a$ is the least $k$.", true),
  section("powers", "tests", 1, "A :dfn[Carmichael number] fools the test.", true),
];

it("lists each term once, alphabetically, the first definition in course order winning", () => {
  const { entries } = buildGlossary(course);
  expect(entries.map((entry) => [entry.term, entry.href])).toEqual([
    ["Carmichael number", "/chapter/powers#tests-term-carmichael-number"],
    ["coprime", "/chapter/atoms#gcd-term-coprime"],
    ["order", "/chapter/powers#intro-term-order"],
    ["prime", "/chapter/atoms#intro-term-prime"],
  ]);
});

it("opens a premium chapter's definitions to every reader only in its introduction", () => {
  const open = Object.fromEntries(buildGlossary(course).entries.map((entry) => [entry.slug, entry.open]));
  expect(open).toEqual({ "carmichael-number": false, coprime: true, order: true, prime: true });
});

it("links a section's text to terms defined before it in the course, by anchor alone in the same chapter", () => {
  const glossary = buildGlossary(course);
  const targets = (chapter: string, sectionSlug: string) =>
    termLinksFor(glossary, chapter, sectionSlug).targets.map((target) => [target.slug, target.href]);
  expect(targets("atoms", "intro")).toEqual([]);
  expect(targets("atoms", "gcd")).toEqual([["prime", "#intro-term-prime"]]);
  expect(targets("powers", "tests")).toEqual([
    ["coprime", "/chapter/atoms#gcd-term-coprime"],
    ["order", "#intro-term-order"],
    ["prime", "/chapter/atoms#intro-term-prime"],
  ]);
  // A section outside the course (a draft) may use every term.
  expect(targets("atoms", "draft")).toHaveLength(4);
});

it("versions the links: the same course gives the same version, another order or form another", () => {
  const version = buildGlossary(course).version;
  expect(buildGlossary([...course]).version).toBe(version);
  const swapped: (CourseSectionPlace & { definitions: ReturnType<typeof termDefinitionsOf> })[] = [
    course[1]!,
    course[0]!,
    course[2]!,
    course[3]!,
  ];
  expect(buildGlossary(swapped).version).not.toBe(version);
  const reworded = [
    ...course.slice(0, 3),
    section("powers", "tests", 1, 'A :dfn[Carmichael number]{forms="carmichael"}.', true),
  ];
  expect(buildGlossary(reworded).version).not.toBe(version);
});
