import { beforeEach, describe, expect, it } from "vitest";
import { chapterSource as source } from "#tests/setup/chapter-source";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  ContentInputError,
  findChapterBySlug,
  listChapters,
  setChapterPublished,
  updateChapter,
} from "./chapter.server";
import type { ChapterSource } from "./chapter-source";
import { importChapters, seedContentIfEmpty } from "./content-import.server";
import { listRevisions, listSections, restoreRevision, saveSection, SECTION_BODY_MAX } from "./section.server";

const algebra = () =>
  source("algebra", 1, [
    ["introduction", "Introduction", "Why letters stand for numbers."],
    ["identities", "Identities", "$(a+b)^2 = a^2 + 2ab + b^2$"],
  ]);
const atoms = () =>
  source("atoms", 2, [
    ["introduction", "Introduction", "Numbers are built from primes."],
    ["primes", "Primes, the atoms", "A prime has exactly two divisors."],
  ]);

describe.each(testDialects)("content import on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeEach(async () => {
    await database.db.deleteFrom("chapters").execute();
  });

  async function sectionsOf(slug: string) {
    const chapter = await findChapterBySlug(database.db, slug);
    return listSections(database.db, chapter!.id);
  }

  const revisionCount = async () => (await database.db.selectFrom("section_revisions").select("id").execute()).length;

  it("creates published chapters and sections from new files", async () => {
    const report = await importChapters(database.db, [atoms(), algebra()]);
    expect(report).toEqual({
      created: ["atoms", "atoms#introduction", "atoms#primes", "algebra", "algebra#introduction", "algebra#identities"],
      updated: [],
      kept: [],
      unchanged: [],
    });
    const chapters = await listChapters(database.db);
    expect(chapters.map((chapter) => [chapter.slug, chapter.position, chapter.published, chapter.version])).toEqual([
      ["algebra", 1, true, 1],
      ["atoms", 2, true, 1],
    ]);
    expect(chapters[1]).toMatchObject({ title: "Title of atoms", summary: "Summary of atoms.", editedInApp: false });
    const sections = await sectionsOf("atoms");
    expect(sections.map((section) => [section.slug, section.position, section.published, section.title])).toEqual([
      ["introduction", 1, true, "Introduction"],
      ["primes", 2, true, "Primes, the atoms"],
    ]);
    const [revision] = await listRevisions(database.db, sections[1]!.id);
    expect(revision).toMatchObject({ number: 1, source: "import", authorId: null, body: atoms().sections[1]!.body });
  });

  it("changes nothing when the same files are imported again", async () => {
    await importChapters(database.db, [algebra(), atoms()]);
    const before = { chapters: await listChapters(database.db), revisions: await revisionCount() };
    const report = await importChapters(database.db, [algebra(), atoms()]);
    expect(report).toEqual({
      created: [],
      updated: [],
      kept: [],
      unchanged: [
        "algebra",
        "algebra#introduction",
        "algebra#identities",
        "atoms",
        "atoms#introduction",
        "atoms#primes",
      ],
    });
    expect(await listChapters(database.db)).toEqual(before.chapters);
    expect(await revisionCount()).toBe(before.revisions);
  });

  it("applies changed files: metadata, changed sections as new revisions, new sections at the end", async () => {
    await importChapters(database.db, [atoms()]);
    const changed = atoms();
    changed.title = "The atomic model";
    changed.order = 3;
    changed.sections = [
      { slug: "fundamental-theorem", title: "The fundamental theorem", body: "Every n > 1 factors uniquely." },
      { slug: "primes", title: "Primes, the atoms", body: "A prime has exactly two positive divisors." },
    ];
    const report = await importChapters(database.db, [changed]);
    expect(report).toEqual({
      created: ["atoms#fundamental-theorem"],
      updated: ["atoms", "atoms#primes"],
      kept: [],
      unchanged: [],
    });
    expect(await findChapterBySlug(database.db, "atoms")).toMatchObject({
      title: "The atomic model",
      position: 3,
      version: 2,
      editedInApp: false,
    });
    // The introduction, missing from the file, stays where it was.
    const sections = await sectionsOf("atoms");
    expect(sections.map((section) => [section.slug, section.position, section.currentRevision])).toEqual([
      ["introduction", 1, 1],
      ["primes", 2, 2],
      ["fundamental-theorem", 3, 1],
    ]);
    expect((await listRevisions(database.db, sections[1]!.id))[0]).toMatchObject({
      number: 2,
      source: "import",
      basedOn: 1,
      body: "A prime has exactly two positive divisors.",
    });
  });

  it("keeps sections edited or restored in the app, and reports them", async () => {
    await importChapters(database.db, [atoms()]);
    const [introduction, primes] = await sectionsOf("atoms");
    await saveSection(database.db, {
      sectionId: primes!.id,
      baseRevision: 1,
      title: "Primes",
      body: "Edited in the app.",
      authorId: null,
    });
    await saveSection(database.db, {
      sectionId: introduction!.id,
      baseRevision: 1,
      title: "Introduction",
      body: "Changed, then restored.",
      authorId: null,
    });
    await restoreRevision(database.db, { sectionId: introduction!.id, number: 1, baseRevision: 2, authorId: null });

    const changed = atoms();
    changed.sections = changed.sections.map((section) => ({ ...section, body: `${section.body} (file v2)` }));
    const report = await importChapters(database.db, [changed]);
    expect(report).toEqual({
      created: [],
      updated: [],
      kept: ["atoms#introduction", "atoms#primes"],
      unchanged: ["atoms"],
    });
    const after = await sectionsOf("atoms");
    expect(after.map((section) => [section.body, section.currentRevision])).toEqual([
      ["Numbers are built from primes.", 3],
      ["Edited in the app.", 2],
    ]);

    // A file that says what the app says is simply unchanged.
    changed.sections[1] = { slug: "primes", title: "Primes", body: "Edited in the app." };
    expect((await importChapters(database.db, [changed])).unchanged).toContain("atoms#primes");
  });

  it("keeps metadata edited in the app, and the publication state admins chose", async () => {
    await importChapters(database.db, [atoms()]);
    const chapter = (await findChapterBySlug(database.db, "atoms"))!;
    const edited = await updateChapter(database.db, {
      id: chapter.id,
      version: chapter.version,
      title: "Renamed in the app",
      summary: chapter.summary,
      access: "premium",
    });
    expect(edited.ok).toBe(true);
    await setChapterPublished(database.db, chapter.id, false);

    const changed = atoms();
    changed.title = "Renamed in the file";
    const report = await importChapters(database.db, [changed]);
    expect(report.kept).toEqual(["atoms"]);
    expect(await findChapterBySlug(database.db, "atoms")).toMatchObject({
      title: "Renamed in the app",
      access: "premium",
      published: false,
      version: 2,
    });
  });

  it("refuses bad sources with a message naming the file, importing none of them", async () => {
    const tooLong = atoms();
    tooLong.sections[1]!.body = "x".repeat(SECTION_BODY_MAX + 1);
    const badSlug = atoms();
    badSlug.sections[0]!.slug = "Not_A_Slug";
    const duplicate = { ...atoms(), fileName: "copy.md" };
    const badOrder = { ...atoms(), order: 0 };
    const cases: [ChapterSource[], string][] = [
      [[algebra(), tooLong], 'atoms.md: section "primes": body: The text is too long'],
      [[algebra(), badSlug], 'atoms.md: section "Not_A_Slug": slug: Use lowercase letters'],
      [[algebra(), atoms(), duplicate], 'copy.md: the slug "atoms" is also used by atoms.md.'],
      [[badOrder], "atoms.md: order: Use a number from 1."],
    ];
    for (const [sources, message] of cases) {
      const error = await importChapters(database.db, sources).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ContentInputError);
      expect((error as Error).message).toContain(message);
    }
    expect(await listChapters(database.db)).toEqual([]);
  });

  it("seeds an empty database once", async () => {
    const report = await seedContentIfEmpty(database.db, async () => [algebra(), atoms()]);
    expect(report?.created).toEqual([
      "algebra",
      "algebra#introduction",
      "algebra#identities",
      "atoms",
      "atoms#introduction",
      "atoms#primes",
    ]);
    const chapters = await listChapters(database.db);
    // Once seeded, the files are not even read.
    expect(
      await seedContentIfEmpty(database.db, () => {
        throw new Error("read again");
      }),
    ).toBeNull();
    expect(await listChapters(database.db)).toEqual(chapters);
  });

  it("gives two imports of the same new files at once the same result as one", async () => {
    const reports = await Promise.all([
      importChapters(database.db, [algebra(), atoms()]),
      importChapters(database.db, [algebra(), atoms()]),
    ]);
    // Each chapter and section is created by exactly one of them; the other finds it unchanged.
    const all = [
      "algebra",
      "algebra#identities",
      "algebra#introduction",
      "atoms",
      "atoms#introduction",
      "atoms#primes",
    ];
    expect(reports.flatMap((report) => report.created).sort()).toEqual(all);
    expect(reports.flatMap((report) => report.unchanged).sort()).toEqual(all);
    expect((await listChapters(database.db)).map((chapter) => chapter.slug)).toEqual(["algebra", "atoms"]);
    expect(await revisionCount()).toBe(4);
  });
});
