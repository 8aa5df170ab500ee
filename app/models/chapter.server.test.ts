import { beforeEach, describe, expect, it } from "vitest";
import { random } from "#core/numtheory/test-oracles";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  ContentInputError,
  createChapter,
  findChapterById,
  findChapterBySlug,
  listChapters,
  listPublishedChapters,
  moveChapter,
  positionsAfterMove,
  setChapterPublished,
  updateChapter,
  type ChapterRecord,
} from "./chapter.server";

const input = (slug: string) => ({
  slug,
  title: `The ${slug} chapter`,
  summary: `What ${slug} teaches.`,
  access: "free" as const,
});

async function created(db: Parameters<typeof createChapter>[0], slug: string): Promise<ChapterRecord> {
  const result = await createChapter(db, input(slug));
  if (!result.ok) throw new Error(`could not create ${slug}`);
  return result.chapter;
}

describe("positionsAfterMove", () => {
  /** The oracle: sort by (position, slug), swap two neighbours, number 1…n. */
  function expectedOrder(items: { id: string; slug: string; position: number }[], id: string, step: -1 | 1) {
    const ordered = [...items].sort((a, b) => a.position - b.position || a.slug.localeCompare(b.slug, "en"));
    const index = ordered.findIndex((item) => item.id === id);
    const other = index + step;
    if (other < 0 || other >= ordered.length) return null;
    const swapped = ordered.map((item) => item.id);
    swapped[index] = ordered[other]!.id;
    swapped[other] = id;
    return swapped;
  }

  it("matches swapping neighbours in (position, slug) order, with ties and gaps, on random lists", () => {
    const next = random(20260505);
    for (let trial = 0; trial < 500; trial += 1) {
      const size = 1 + Math.floor(next() * 7);
      const items = Array.from({ length: size }, (_, index) => ({
        id: `id-${index}`,
        // Only letters, so the oracle's localeCompare agrees with code-unit order.
        slug: `s${String.fromCharCode(97 + Math.floor(next() * 26))}${index}`,
        position: Math.floor(next() * 5),
      }));
      const moved = items[Math.floor(next() * size)]!.id;
      const step = next() < 0.5 ? -1 : 1;
      const changes = positionsAfterMove(items, moved, step === -1 ? "up" : "down");
      const expected = expectedOrder(items, moved, step);
      if (expected === null) {
        expect(changes).toBeNull();
        continue;
      }
      const after = items.map((item) => ({ ...item, position: changes!.get(item.id) ?? item.position }));
      // The new positions are exactly 1…n in the expected order, and only changed ones are reported.
      expect([...after].sort((a, b) => a.position - b.position).map((item) => item.id)).toEqual(expected);
      expect(after.map((item) => item.position).sort((a, b) => a - b)).toEqual(items.map((_, index) => index + 1));
      for (const [id, position] of changes!) expect(items.find((item) => item.id === id)!.position).not.toBe(position);
    }
  });

  it("refuses unknown ids", () => {
    expect(positionsAfterMove([{ id: "a", slug: "a", position: 1 }], "b", "down")).toBeNull();
  });
});

describe.each(testDialects)("chapters on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  beforeEach(async () => {
    await database.db.deleteFrom("chapters").execute();
  });

  it("creates unpublished chapters at the end of the course and finds them", async () => {
    const first = await created(database.db, "first-steps");
    const second = await created(database.db, "second-steps");
    expect(first).toMatchObject({
      slug: "first-steps",
      title: "The first-steps chapter",
      position: 1,
      published: false,
      version: 1,
      editedInApp: false,
    });
    expect(second.position).toBe(2);
    expect(await findChapterBySlug(database.db, "second-steps")).toEqual(second);
    expect(await findChapterById(database.db, first.id)).toEqual(first);
    expect(await findChapterBySlug(database.db, "missing")).toBeUndefined();
    expect(await findChapterById(database.db, crypto.randomUUID())).toBeUndefined();
    expect((await listChapters(database.db)).map((chapter) => chapter.slug)).toEqual(["first-steps", "second-steps"]);
  });

  it("refuses a slug that is taken, changing nothing", async () => {
    const first = await created(database.db, "taken");
    expect(await createChapter(database.db, { ...input("taken"), title: "Another" })).toEqual({
      ok: false,
      reason: "slug-taken",
    });
    expect(await listChapters(database.db)).toEqual([first]);
  });

  it("refuses bad input with a clear message, changing nothing", async () => {
    const cases: [Partial<ReturnType<typeof input>>, RegExp][] = [
      [{ slug: "Capital-Letters" }, /slug: Use lowercase letters and digits/],
      [{ slug: "double--hyphen" }, /slug:/],
      [{ slug: "-leading" }, /slug:/],
      [{ slug: "a".repeat(81) }, /slug: Use at most 80 characters/],
      [{ title: "   " }, /title: This cannot be empty/],
      [{ title: "x".repeat(121) }, /title: Use at most 120 characters/],
      [{ summary: "two\nlines" }, /summary: Use a single line/],
      [{ summary: "y".repeat(301) }, /summary: Use at most 300 characters/],
      [{ access: "secret" as "free" }, /access: Choose free or premium/],
    ];
    for (const [change, message] of cases) {
      const attempt = createChapter(database.db, { ...input("fine-slug"), ...change });
      await expect(attempt, JSON.stringify(change)).rejects.toThrow(ContentInputError);
      await expect(createChapter(database.db, { ...input("fine-slug"), ...change })).rejects.toThrow(message);
    }
    expect(await listChapters(database.db)).toEqual([]);
    const chapter = await created(database.db, "fine-slug");
    await expect(
      updateChapter(database.db, { id: chapter.id, version: 1, title: "", summary: "s", access: "free" }),
    ).rejects.toThrow(ContentInputError);
    expect(await findChapterById(database.db, chapter.id)).toEqual(chapter);
  });

  it("trims titles and summaries", async () => {
    const result = await createChapter(database.db, { ...input("trimmed"), title: "  Spaced  ", summary: " s " });
    expect(result.ok && [result.chapter.title, result.chapter.summary]).toEqual(["Spaced", "s"]);
  });

  it("updates metadata by compare-and-set on the version, marking it edited in the app", async () => {
    const chapter = await created(database.db, "editable");
    const edit = { id: chapter.id, title: "New title", summary: "New summary.", access: "premium" as const };
    const saved = await updateChapter(database.db, { ...edit, version: 1 });
    expect(saved).toMatchObject({
      ok: true,
      chapter: { slug: "editable", title: "New title", access: "premium", version: 2, editedInApp: true },
    });
    // A form opened at version 1 is now stale: refused, with what is there now.
    const stale = await updateChapter(database.db, { ...edit, title: "Stale", version: 1 });
    expect(stale).toEqual({ ok: false, reason: "conflict", current: await findChapterById(database.db, chapter.id) });
    expect((await findChapterById(database.db, chapter.id))?.title).toBe("New title");
    expect(await updateChapter(database.db, { ...edit, id: crypto.randomUUID(), version: 1 })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("writes nothing when a save changes nothing", async () => {
    const chapter = await created(database.db, "untouched");
    const result = await updateChapter(database.db, { ...chapter, version: chapter.version });
    expect(result).toEqual({ ok: true, chapter });
    expect(await findChapterById(database.db, chapter.id)).toEqual(chapter);
  });

  it("lets exactly one of two edits from the same version win", async () => {
    const chapter = await created(database.db, "contested");
    const results = await Promise.all(
      ["Alice's title", "Bob's title"].map((title) =>
        updateChapter(database.db, { id: chapter.id, version: 1, title, summary: "s", access: "free" }),
      ),
    );
    const winners = results.filter((result) => result.ok);
    expect(winners).toHaveLength(1);
    const loser = results.find((result) => !result.ok);
    const stored = await findChapterById(database.db, chapter.id);
    expect(loser).toEqual({ ok: false, reason: "conflict", current: stored });
    expect(stored?.version).toBe(2);
  });

  it("publishes and unpublishes, keeping the first publication time", async () => {
    const [draft, live] = [await created(database.db, "draft"), await created(database.db, "live")];
    expect(await listPublishedChapters(database.db)).toEqual([]);
    expect(await setChapterPublished(database.db, live.id, true)).toMatchObject({ id: live.id, published: true });
    const publishedAt = async () =>
      (await database.db.selectFrom("chapters").select("published_at").where("id", "=", live.id).executeTakeFirst())
        ?.published_at;
    const first = await publishedAt();
    expect(first).not.toBeNull();
    testClock.advance(1);
    await setChapterPublished(database.db, live.id, true);
    expect(await publishedAt()).toBe(first);
    expect((await listPublishedChapters(database.db)).map((chapter) => chapter.id)).toEqual([live.id]);
    expect((await listChapters(database.db)).map((chapter) => chapter.id)).toEqual([draft.id, live.id]);
    expect(await setChapterPublished(database.db, live.id, false)).toMatchObject({ published: false });
    expect(await listPublishedChapters(database.db)).toEqual([]);
    expect(await setChapterPublished(database.db, crypto.randomUUID(), true)).toBeUndefined();
  });

  it("moves chapters up and down, refusing at the ends", async () => {
    const chapters = [];
    for (const slug of ["one", "two", "three"]) chapters.push(await created(database.db, slug));
    const order = async () => (await listChapters(database.db)).map((chapter) => chapter.slug);
    expect(await moveChapter(database.db, chapters[0]!.id, "up")).toBe(false);
    expect(await moveChapter(database.db, chapters[2]!.id, "down")).toBe(false);
    expect(await moveChapter(database.db, crypto.randomUUID(), "down")).toBe(false);
    expect(await order()).toEqual(["one", "two", "three"]);

    expect(await moveChapter(database.db, chapters[2]!.id, "up")).toBe(true);
    expect(await order()).toEqual(["one", "three", "two"]);
    expect(await moveChapter(database.db, chapters[0]!.id, "down")).toBe(true);
    expect(await order()).toEqual(["three", "one", "two"]);
    const after = await listChapters(database.db);
    expect(after.map((chapter) => chapter.position)).toEqual([1, 2, 3]);
    // Positions are metadata: the moved chapters count as edited in the app, so imports keep the new order.
    expect(after.map((chapter) => [chapter.slug, chapter.editedInApp, chapter.version])).toEqual([
      ["three", true, 3],
      ["one", true, 2],
      ["two", true, 2],
    ]);
  });

  it("keeps positions a permutation when moves run at once, and moves through ties", async () => {
    const chapters = [];
    for (const slug of ["a", "b", "c", "d", "e"]) chapters.push(await created(database.db, slug));
    await database.db.updateTable("chapters").set({ position: 7 }).where("slug", "in", ["b", "c"]).execute();
    // Now a 1, d 4, e 5, then b and c tied at 7 (ordered by slug).
    expect((await listChapters(database.db)).map((chapter) => chapter.slug)).toEqual(["a", "d", "e", "b", "c"]);
    expect(await moveChapter(database.db, chapters[2]!.id, "up")).toBe(true);
    expect((await listChapters(database.db)).map((chapter) => chapter.slug)).toEqual(["a", "d", "e", "c", "b"]);

    await Promise.all(
      chapters.map((chapter, index) => moveChapter(database.db, chapter.id, index % 2 ? "up" : "down")),
    );
    const positions = (await listChapters(database.db)).map((chapter) => chapter.position);
    expect(positions).toEqual([1, 2, 3, 4, 5]);
  });
});
