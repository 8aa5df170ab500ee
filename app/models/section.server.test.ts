import { beforeEach, describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { ContentInputError, createChapter, type ChapterRecord } from "./chapter.server";
import {
  createSection,
  findRevision,
  findSection,
  listRevisions,
  listSections,
  moveSection,
  normalizeSectionBody,
  restoreRevision,
  saveSection,
  SECTION_BODY_MAX,
  setSectionPublished,
  type SectionRecord,
} from "./section.server";
import { createUser, type User } from "./user.server";

describe("normalizeSectionBody", () => {
  it("uses \\n line endings and drops blank lines before and white space after the text", () => {
    expect(normalizeSectionBody("\r\n  \n  indented code\r\nline\rnext \n\n")).toBe("  indented code\nline\nnext");
    expect(normalizeSectionBody("plain")).toBe("plain");
  });
});

describe.each(testDialects)("sections on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let chapter: ChapterRecord;
  let author: User;
  let count = 0;

  beforeEach(async () => {
    count += 1;
    await database.db.deleteFrom("chapters").execute();
    const result = await createChapter(database.db, {
      slug: "host-chapter",
      title: "Host",
      summary: "Holds the sections of a test.",
      access: "free",
    });
    if (!result.ok) throw new Error("no chapter");
    chapter = result.chapter;
    author = await createUser(database.db, { email: `author-${count}@example.org`, passwordHash: null });
  });

  async function section(slug: string, body = `The ${slug} text.`): Promise<SectionRecord> {
    const result = await createSection(database.db, {
      chapterId: chapter.id,
      slug,
      title: `About ${slug}`,
      body,
      authorId: author.id,
    });
    if (!result.ok) throw new Error(`could not create ${slug}`);
    return result.section;
  }

  const revisionCount = async () => (await database.db.selectFrom("section_revisions").select("id").execute()).length;

  it("creates a section with revision 1 at the end of its chapter", async () => {
    const first = await section("first");
    const second = await section("second");
    expect(first).toMatchObject({
      chapterId: chapter.id,
      slug: "first",
      position: 1,
      published: false,
      currentRevision: 1,
      title: "About first",
      body: "The first text.",
    });
    expect(second.position).toBe(2);
    expect(await findSection(database.db, first.id)).toEqual(first);
    expect(await findSection(database.db, crypto.randomUUID())).toBeUndefined();
    expect(await listRevisions(database.db, first.id)).toEqual([
      expect.objectContaining({
        id: first.revisionId,
        number: 1,
        source: "editor",
        basedOn: null,
        restoredFrom: null,
        authorId: author.id,
        authorEmail: author.email,
      }),
    ]);
  });

  it("publishes imported sections at once", async () => {
    const result = await createSection(database.db, {
      chapterId: chapter.id,
      slug: "imported",
      title: "Imported",
      body: "From a file.",
      authorId: null,
      source: "import",
    });
    expect(result.ok && result.section.published).toBe(true);
    expect(result.ok && (await findRevision(database.db, result.section.id, 1))).toMatchObject({
      source: "import",
      authorEmail: null,
    });
  });

  it("keeps slugs unique within a chapter only", async () => {
    await section("shared");
    const again = await createSection(database.db, {
      chapterId: chapter.id,
      slug: "shared",
      title: "Again",
      body: "",
      authorId: null,
    });
    expect(again).toEqual({ ok: false, reason: "slug-taken" });
    const other = await createChapter(database.db, { slug: "other", title: "Other", summary: "s", access: "free" });
    if (!other.ok) throw new Error("no chapter");
    const elsewhere = await createSection(database.db, {
      chapterId: other.chapter.id,
      slug: "shared",
      title: "Elsewhere",
      body: "",
      authorId: null,
    });
    expect(elsewhere.ok && elsewhere.section.position).toBe(1);
    expect(await revisionCount()).toBe(2);
  });

  it("refuses bad input with a clear message, changing nothing", async () => {
    const existing = await section("existing");
    const good = { chapterId: chapter.id, slug: "good", title: "Good", body: "Text", authorId: null };
    await expect(createSection(database.db, { ...good, slug: "Bad Slug" })).rejects.toThrow(ContentInputError);
    await expect(createSection(database.db, { ...good, title: "" })).rejects.toThrow("title: This cannot be empty.");
    await expect(createSection(database.db, { ...good, body: "x".repeat(SECTION_BODY_MAX + 1) })).rejects.toThrow(
      /body: The text is too long: use at most 200,000 characters/,
    );
    const save = { sectionId: existing.id, baseRevision: 1, title: "T", body: "x", authorId: null };
    await expect(saveSection(database.db, { ...save, body: "y".repeat(SECTION_BODY_MAX + 1) })).rejects.toThrow(
      ContentInputError,
    );
    await expect(saveSection(database.db, { ...save, title: "one\ntwo" })).rejects.toThrow("title: Use a single line.");
    expect(await listSections(database.db, chapter.id)).toEqual([existing]);
    expect(await revisionCount()).toBe(1);

    // The limit itself is allowed, counted after white space at the end is dropped.
    const longest = await createSection(database.db, { ...good, body: `${"z".repeat(SECTION_BODY_MAX)}\n\n  ` });
    expect(longest.ok && longest.section.body.length).toBe(SECTION_BODY_MAX);
  });

  it("saves an edit as a new revision and refuses a stale base with the current revision", async () => {
    const original = await section("edited");
    const saved = await saveSection(database.db, {
      sectionId: original.id,
      baseRevision: 1,
      title: "Edited title",
      body: "Edited body.",
      authorId: author.id,
    });
    expect(saved).toMatchObject({
      ok: true,
      unchanged: false,
      section: { id: original.id, currentRevision: 2, title: "Edited title", body: "Edited body." },
    });
    const second = await findRevision(database.db, original.id, 2);
    expect(second).toMatchObject({ number: 2, source: "editor", basedOn: 1, authorEmail: author.email });

    const stale = await saveSection(database.db, {
      sectionId: original.id,
      baseRevision: 1,
      title: "Stale",
      body: "Written from revision 1.",
      authorId: null,
    });
    expect(stale).toEqual({ ok: false, reason: "conflict", current: second });
    expect((await findSection(database.db, original.id))?.title).toBe("Edited title");
    const missing = await saveSection(database.db, {
      sectionId: crypto.randomUUID(),
      baseRevision: 1,
      title: "T",
      body: "B",
      authorId: null,
    });
    expect(missing).toEqual({ ok: false, reason: "not-found" });
  });

  it("makes no revision when nothing changed, even with a form's \\r\\n line endings", async () => {
    const original = await section("same", "Line one.\nLine two.");
    const result = await saveSection(database.db, {
      sectionId: original.id,
      baseRevision: 1,
      title: original.title,
      body: "Line one.\r\nLine two.\r\n",
      authorId: author.id,
    });
    expect(result).toEqual({ ok: true, unchanged: true, section: original });
    expect(await listRevisions(database.db, original.id)).toHaveLength(1);
  });

  it("lets exactly one of several saves from the same base win; the others get the winner as conflict", async () => {
    const contested = await section("contested");
    for (let round = 1; round <= 3; round += 1) {
      const results = await Promise.all(
        ["Alice", "Bob", "Carol", "Dan"].map((name) =>
          saveSection(database.db, {
            sectionId: contested.id,
            baseRevision: round,
            title: `${name}'s title ${round}`,
            body: `${name}'s body ${round}`,
            authorId: null,
          }),
        ),
      );
      const winners = results.filter((result) => result.ok);
      expect(winners).toHaveLength(1);
      const current = await findRevision(database.db, contested.id, round + 1);
      expect(current?.title).toBe(winners[0]!.ok && winners[0]!.section.title);
      for (const result of results.filter((result) => !result.ok)) {
        expect(result).toEqual({ ok: false, reason: "conflict", current });
      }
    }
    expect((await listRevisions(database.db, contested.id)).map((revision) => revision.number)).toEqual([4, 3, 2, 1]);
  });

  it("restores an old revision as a new one, and lists history newest first", async () => {
    const original = await section("history", "First body.");
    await saveSection(database.db, {
      sectionId: original.id,
      baseRevision: 1,
      title: "Second title",
      body: "Second body.",
      authorId: author.id,
    });
    const restored = await restoreRevision(database.db, {
      sectionId: original.id,
      number: 1,
      baseRevision: 2,
      authorId: author.id,
    });
    expect(restored).toMatchObject({
      ok: true,
      unchanged: false,
      section: { currentRevision: 3, title: original.title, body: "First body." },
    });
    const history = await listRevisions(database.db, original.id);
    expect(
      history.map((revision) => [revision.number, revision.source, revision.basedOn, revision.restoredFrom]),
    ).toEqual([
      [3, "restore", 2, 1],
      [2, "editor", 1, null],
      [1, "editor", null, null],
    ]);
    expect(history[0]).toMatchObject({ title: original.title, body: "First body.", authorEmail: author.email });

    // Restoring what is already current writes nothing; a stale base is a conflict as for any save.
    expect(
      await restoreRevision(database.db, { sectionId: original.id, number: 1, baseRevision: 3, authorId: null }),
    ).toMatchObject({ ok: true, unchanged: true });
    expect(
      await restoreRevision(database.db, { sectionId: original.id, number: 2, baseRevision: 2, authorId: null }),
    ).toEqual({ ok: false, reason: "conflict", current: history[0] });
    expect(
      await restoreRevision(database.db, { sectionId: original.id, number: 9, baseRevision: 3, authorId: null }),
    ).toEqual({ ok: false, reason: "no-such-revision" });
    expect(
      await restoreRevision(database.db, {
        sectionId: crypto.randomUUID(),
        number: 1,
        baseRevision: 1,
        authorId: null,
      }),
    ).toEqual({ ok: false, reason: "not-found" });
    expect(await listRevisions(database.db, original.id)).toHaveLength(3);
  });

  it("keeps revisions of a deleted author, without the author", async () => {
    const original = await section("orphan");
    await database.db.deleteFrom("users").where("id", "=", author.id).execute();
    expect(await findRevision(database.db, original.id, 1)).toMatchObject({ authorId: null, authorEmail: null });
  });

  it("publishes, unpublishes and filters sections", async () => {
    const [draft, live] = [await section("draft"), await section("live")];
    expect(await listSections(database.db, chapter.id, { publishedOnly: true })).toEqual([]);
    expect(await setSectionPublished(database.db, live.id, true)).toMatchObject({ id: live.id, published: true });
    expect((await listSections(database.db, chapter.id, { publishedOnly: true })).map((s) => s.id)).toEqual([live.id]);
    expect((await listSections(database.db, chapter.id)).map((s) => s.id)).toEqual([draft.id, live.id]);
    expect(await setSectionPublished(database.db, live.id, false)).toMatchObject({ published: false });
    expect(await listSections(database.db, chapter.id, { publishedOnly: true })).toEqual([]);
    expect(await setSectionPublished(database.db, crypto.randomUUID(), true)).toBeUndefined();
  });

  it("moves sections within their chapter only, refusing at the ends", async () => {
    const sections = [];
    for (const slug of ["a", "b", "c"]) sections.push(await section(slug));
    const other = await createChapter(database.db, { slug: "other", title: "Other", summary: "s", access: "free" });
    if (!other.ok) throw new Error("no chapter");
    const outside = await createSection(database.db, {
      chapterId: other.chapter.id,
      slug: "outside",
      title: "Outside",
      body: "",
      authorId: null,
    });
    const order = async () => (await listSections(database.db, chapter.id)).map((s) => [s.slug, s.position]);
    expect(await moveSection(database.db, sections[0]!.id, "up")).toBe(false);
    expect(await moveSection(database.db, sections[2]!.id, "down")).toBe(false);
    expect(await moveSection(database.db, crypto.randomUUID(), "up")).toBe(false);
    expect(await moveSection(database.db, sections[0]!.id, "down")).toBe(true);
    expect(await order()).toEqual([
      ["b", 1],
      ["a", 2],
      ["c", 3],
    ]);
    expect(await moveSection(database.db, sections[2]!.id, "up")).toBe(true);
    expect(await order()).toEqual([
      ["b", 1],
      ["c", 2],
      ["a", 3],
    ]);
    expect(outside.ok && (await findSection(database.db, outside.section.id))?.position).toBe(1);
  });

  it("goes with its chapter: deleting a chapter deletes its sections and revisions", async () => {
    await section("doomed");
    await database.db.deleteFrom("chapters").where("id", "=", chapter.id).execute();
    expect(await database.db.selectFrom("sections").select("id").execute()).toEqual([]);
    expect(await revisionCount()).toBe(0);
  });
});
