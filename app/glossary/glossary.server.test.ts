import { beforeAll, describe, expect, it } from "vitest";
import { chapterSource } from "#tests/setup/chapter-source";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { findChapterBySlug, setChapterPublished } from "#app/models/chapter.server";
import { importChapters } from "#app/models/content-import.server";
import { createSection, listSections, saveSection } from "#app/models/section.server";
import { loadGlossary } from "./glossary.server";

describe.each(testDialects)("the glossary on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeAll(async () => {
    const free = chapterSource("atoms", 1, [
      ["intro", "Introduction", "A :dfn[prime] has exactly two divisors."],
      ["gcd", "Greatest common divisors", "Two numbers are :dfn[coprime] when their gcd is 1."],
    ]);
    const premium = chapterSource("powers", 2, [
      ["intro", "Introduction", "The :dfn[order] of $a$ modulo $m$ is the least $k \\ge 1$ with $a^k \\equiv 1$."],
      ["tests", "Tests", "A composite $n$ is a :dfn[Carmichael number] if it passes the Fermat test for every base."],
    ]);
    premium.access = "premium";
    const hidden = chapterSource("drafts", 3, [["intro", "Introduction", "A :dfn[secret term] is hidden."]]);
    await importChapters(database.db, [free, premium, hidden]);
    const drafts = await findChapterBySlug(database.db, "drafts");
    await setChapterPublished(database.db, drafts!.id, false);
    const atoms = await findChapterBySlug(database.db, "atoms");
    // An unpublished section: its terms are not the course's yet.
    await createSection(database.db, {
      chapterId: atoms!.id,
      slug: "draft",
      title: "Draft",
      body: "A :dfn[draft term] is unpublished.",
      authorId: null,
    });
  });

  it("holds the terms of published sections of published chapters, with where to read them", async () => {
    const { entries } = await loadGlossary(database.db);
    expect(
      entries.map((entry) => [entry.term, entry.href, entry.open, entry.chapterTitle, entry.sectionTitle]),
    ).toEqual([
      ["Carmichael number", "/chapter/powers#tests-term-carmichael-number", false, "Title of powers", "Tests"],
      ["coprime", "/chapter/atoms#gcd-term-coprime", true, "Title of atoms", "Greatest common divisors"],
      ["order", "/chapter/powers#intro-term-order", true, "Title of powers", "Introduction"],
      ["prime", "/chapter/atoms#intro-term-prime", true, "Title of atoms", "Introduction"],
    ]);
    expect(entries.find((entry) => entry.slug === "carmichael-number")!.text).toBe(
      "A composite n is a Carmichael number if it passes the Fermat test for every base.",
    );
  });

  it("is the same glossary while nothing changed, and follows a new revision and a publication", async () => {
    const first = await loadGlossary(database.db);
    expect(await loadGlossary(database.db)).toBe(first);
    const atoms = await findChapterBySlug(database.db, "atoms");
    const gcd = (await listSections(database.db, atoms!.id)).find((section) => section.slug === "gcd")!;
    const saved = await saveSection(database.db, {
      sectionId: gcd.id,
      baseRevision: gcd.currentRevision,
      title: gcd.title,
      body: "Two numbers are :dfn[relatively prime] when their gcd is 1.",
      authorId: null,
    });
    expect(saved.ok).toBe(true);
    const edited = await loadGlossary(database.db);
    expect(edited.entries.map((entry) => entry.slug)).toContain("relatively-prime");
    expect(edited.entries.map((entry) => entry.slug)).not.toContain("coprime");
    expect(edited.version).not.toBe(first.version);

    const drafts = await findChapterBySlug(database.db, "drafts");
    await setChapterPublished(database.db, drafts!.id, true);
    expect((await loadGlossary(database.db)).entries.map((entry) => entry.slug)).toContain("secret-term");
    await setChapterPublished(database.db, drafts!.id, false);
  });
});
