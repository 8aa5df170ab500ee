import { beforeEach, describe, expect, it } from "vitest";
import { random } from "#core/numtheory/test-oracles";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { deleteAccount } from "./account-data.server";
import { createChapter, moveChapter, setChapterPublished, type ChapterRecord } from "./chapter.server";
import {
  lastSectionRead,
  markSectionRead,
  progressByChapter,
  readSectionIds,
  unmarkSectionRead,
  type ChapterProgress,
} from "./reading-progress.server";
import { createSection, setSectionPublished, type SectionRecord } from "./section.server";
import { createUser, type User } from "./user.server";

describe.each(testDialects)("reading progress on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let count = 0;

  beforeEach(async () => {
    await database.db.deleteFrom("chapters").execute();
  });

  async function user(): Promise<User> {
    count += 1;
    return createUser(database.db, { email: `reader-${count}@example.org`, passwordHash: null });
  }

  async function chapter(slug: string, published = true): Promise<ChapterRecord> {
    const result = await createChapter(database.db, { slug, title: `Title ${slug}`, summary: "s", access: "free" });
    if (!result.ok) throw new Error(`no chapter ${slug}`);
    return published ? (await setChapterPublished(database.db, result.chapter.id, true))! : result.chapter;
  }

  async function section(chapterId: string, slug: string, published = true): Promise<SectionRecord> {
    const result = await createSection(database.db, { chapterId, slug, title: slug, body: "", authorId: null });
    if (!result.ok) throw new Error(`no section ${slug}`);
    return published ? (await setSectionPublished(database.db, result.section.id, true))! : result.section;
  }

  const progressRows = async () => (await database.db.selectFrom("section_progress").selectAll().execute()).length;

  it("marks sections read idempotently, keeping the first time, and unmarks them", async () => {
    const reader = await user();
    const host = await chapter("host");
    const [first, second] = [await section(host.id, "first"), await section(host.id, "second")];
    await markSectionRead(database.db, reader.id, first.id);
    const readAt = async () =>
      (await database.db.selectFrom("section_progress").select("read_at").where("user_id", "=", reader.id).execute())
        .map((row) => row.read_at)
        .join();
    const firstTime = await readAt();
    testClock.advance(1);
    await Promise.all([
      markSectionRead(database.db, reader.id, first.id),
      markSectionRead(database.db, reader.id, first.id),
    ]);
    expect(await readAt()).toBe(firstTime);
    expect(await readSectionIds(database.db, reader.id, host.id)).toEqual(new Set([first.id]));

    await markSectionRead(database.db, reader.id, second.id);
    await unmarkSectionRead(database.db, reader.id, first.id);
    await unmarkSectionRead(database.db, reader.id, first.id);
    expect(await readSectionIds(database.db, reader.id, host.id)).toEqual(new Set([second.id]));
    await expect(markSectionRead(database.db, reader.id, crypto.randomUUID())).rejects.toThrow();
  });

  it("reads one chapter's marks for one user", async () => {
    const [reader, other] = [await user(), await user()];
    const [one, two] = [await chapter("one"), await chapter("two")];
    const [inOne, inTwo] = [await section(one.id, "s"), await section(two.id, "s")];
    await markSectionRead(database.db, reader.id, inOne.id);
    await markSectionRead(database.db, reader.id, inTwo.id);
    await markSectionRead(database.db, other.id, inOne.id);
    expect(await readSectionIds(database.db, reader.id, one.id)).toEqual(new Set([inOne.id]));
    expect(await readSectionIds(database.db, other.id, two.id)).toEqual(new Set());
  });

  it("counts published sections of published chapters, in course order", async () => {
    const reader = await user();
    const second = await chapter("second");
    const first = await chapter("first");
    const hidden = await chapter("hidden", false);
    await moveChapter(database.db, first.id, "up");
    const visible = [await section(second.id, "a"), await section(second.id, "b"), await section(second.id, "c")];
    const draft = await section(second.id, "draft", false);
    const inHidden = await section(hidden.id, "x");
    for (const read of [visible[0]!, visible[2]!, draft, inHidden])
      await markSectionRead(database.db, reader.id, read.id);

    expect(await progressByChapter(database.db, reader.id)).toEqual([
      { chapterId: first.id, slug: "first", title: "Title first", position: 1, read: 0, total: 0 },
      { chapterId: second.id, slug: "second", title: "Title second", position: 2, read: 2, total: 3 },
    ]);
    // Unpublishing a read section takes it out of both counts.
    await setSectionPublished(database.db, visible[0]!.id, false);
    expect((await progressByChapter(database.db, reader.id))[1]).toMatchObject({ read: 1, total: 2 });
  });

  it("agrees with counting by hand on random courses", async () => {
    const next = random(424242);
    const readers = [await user(), await user()];
    const chapters: { record: ChapterRecord; published: boolean }[] = [];
    const sections: { record: SectionRecord; chapterId: string; published: boolean }[] = [];
    const marks: { userId: string; sectionId: string }[] = [];
    for (let c = 0; c < 5; c += 1) {
      const published = next() < 0.7;
      const record = await chapter(`chapter-${c}`, published);
      chapters.push({ record, published });
      const size = Math.floor(next() * 5);
      for (let s = 0; s < size; s += 1) {
        const sectionPublished = next() < 0.7;
        const made = await section(record.id, `section-${s}`, sectionPublished);
        sections.push({ record: made, chapterId: record.id, published: sectionPublished });
        for (const reader of readers) {
          if (next() < 0.5) {
            marks.push({ userId: reader.id, sectionId: made.id });
            await markSectionRead(database.db, reader.id, made.id);
          }
        }
      }
    }
    for (const reader of readers) {
      const expected: ChapterProgress[] = chapters
        .filter((entry) => entry.published)
        .map(({ record }) => {
          const counted = sections.filter((entry) => entry.chapterId === record.id && entry.published);
          const read = counted.filter((entry) =>
            marks.some((mark) => mark.userId === reader.id && mark.sectionId === entry.record.id),
          );
          return {
            chapterId: record.id,
            slug: record.slug,
            title: record.title,
            position: record.position,
            read: read.length,
            total: counted.length,
          };
        });
      expect(await progressByChapter(database.db, reader.id)).toEqual(expected);
      for (const { record } of chapters) {
        const ids = marks
          .filter((mark) => mark.userId === reader.id)
          .map((mark) => mark.sectionId)
          .filter((id) => sections.find((entry) => entry.record.id === id)?.chapterId === record.id);
        expect(await readSectionIds(database.db, reader.id, record.id)).toEqual(new Set(ids));
      }
    }
  });

  it("goes with the user and with the section", async () => {
    const [leaving, staying] = [await user(), await user()];
    const host = await chapter("host");
    const [kept, removed] = [await section(host.id, "kept"), await section(host.id, "removed")];
    for (const reader of [leaving, staying]) {
      await markSectionRead(database.db, reader.id, kept.id);
      await markSectionRead(database.db, reader.id, removed.id);
    }
    expect(await progressRows()).toBe(4);
    expect(await deleteAccount(database.db, leaving.id)).toBe("deleted");
    expect(await progressRows()).toBe(2);
    await database.db.deleteFrom("sections").where("id", "=", removed.id).execute();
    expect(await readSectionIds(database.db, staying.id, host.id)).toEqual(new Set([kept.id]));
  });

  describe("the last section read", () => {
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 10, minute));
    /** Marks a section read with the clock at `minute`. */
    const markReadAt = (userId: string, sectionId: string, minute: number) => {
      testClock.set(at(minute));
      return markSectionRead(database.db, userId, sectionId);
    };

    it("counts only what a link can open, and breaks a tie of times by course order", async () => {
      const reader = await user();
      const shown = await chapter("shown");
      const hidden = await chapter("hidden", false);
      const [first, second] = [await section(shown.id, "first"), await section(shown.id, "second")];
      const draft = await section(shown.id, "draft", false);
      const inHidden = await section(hidden.id, "x");
      await markReadAt(reader.id, second.id, 1);
      await markReadAt(reader.id, first.id, 1);
      await markReadAt(reader.id, draft.id, 5);
      await markReadAt(reader.id, inHidden.id, 6);
      expect((await lastSectionRead(database.db, reader.id))?.sectionSlug).toBe("second");
      // Another reader's marks are not this one's.
      expect(await lastSectionRead(database.db, (await user()).id)).toBeUndefined();
    });
  });
});
