import { describe, expect, it } from "vitest";
import type { SkillMastery } from "#core/quiz/mastery";
import { skillsOfChapter } from "#core/quiz/skills";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createChapter, setChapterPublished } from "../models/chapter.server";
import { markSectionRead } from "../models/reading-progress.server";
import { createSection, setSectionPublished } from "../models/section.server";
import { createUser } from "../models/user.server";
import { chapterQuizMastery, courseMapFor } from "./course-map.server";

function mastery(skillId: string, level: SkillMastery["level"]): SkillMastery {
  return { skillId, level, answered: level === "new" ? 0 : 3, recentClean: 0, reviewDueAt: null };
}

describe("chapterQuizMastery", () => {
  it("counts a chapter's skills practised and proficient or better, and ignores other chapters' skills", () => {
    const skills = skillsOfChapter("fundamentals-of-algebra").length;
    const [expand, factor, solve] = skillsOfChapter("fundamentals-of-algebra").map((skill) => skill.id);
    const masteries = [
      mastery(expand!, "mastered"),
      mastery(factor!, "familiar"),
      mastery(solve!, "new"),
      mastery("prime-factorization", "proficient"),
    ];
    expect(skills).toBeGreaterThanOrEqual(3);
    expect(chapterQuizMastery("fundamentals-of-algebra", masteries)).toEqual({
      skills,
      practised: 2,
      proficient: 1,
    });
    expect(chapterQuizMastery("fundamentals-of-algebra", [])).toEqual({ skills, practised: 0, proficient: 0 });
    expect(chapterQuizMastery("a-chapter-without-a-quiz", masteries)).toBeNull();
  });
});

describe.each(testDialects)("the course map on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("shows guests the chapters, and a learner their reading, locks and place", async () => {
    const db = database.db;
    const chapters = [];
    for (const [slug, access] of [
      ["fundamentals-of-algebra", "free"],
      ["atomic-model-of-numbers", "premium"],
    ] as const) {
      const made = await createChapter(db, { slug, title: `Title ${slug}`, summary: "s", access });
      if (!made.ok) throw new Error(slug);
      chapters.push((await setChapterPublished(db, made.chapter.id, true))!);
    }
    const section = await createSection(db, {
      chapterId: chapters[1]!.id,
      slug: "intro",
      title: "Intro",
      body: "",
      authorId: null,
    });
    if (!section.ok) throw new Error("section");
    await setSectionPublished(db, section.section.id, true);

    const guest = await courseMapFor(db, null);
    expect(guest.learner).toBeNull();
    expect(
      guest.chapters.map(({ slug, access, locked, reading, quiz }) => ({ slug, access, locked, reading, quiz })),
    ).toEqual([
      { slug: "fundamentals-of-algebra", access: "free", locked: false, reading: null, quiz: null },
      { slug: "atomic-model-of-numbers", access: "premium", locked: false, reading: null, quiz: null },
    ]);

    const learner = await createUser(db, { email: "map@example.org", passwordHash: null });
    await markSectionRead(db, learner.id, section.section.id);
    const map = await courseMapFor(db, learner);
    expect(map.chapters.map(({ locked, reading }) => ({ locked, reading }))).toEqual([
      { locked: false, reading: { read: 0, total: 0 } },
      { locked: true, reading: { read: 1, total: 1 } },
    ]);
    expect(map.chapters[1]!.quiz).toEqual({ skills: 3, practised: 0, proficient: 0 });
    expect(map.learner).toMatchObject({
      lastRead: { chapterSlug: "atomic-model-of-numbers", chapterTitle: "Title atomic-model-of-numbers" },
      place: { kind: "finished" },
      reviewsDue: 0,
    });

    const admin = await createUser(db, { email: "map-admin@example.org", passwordHash: null, role: "admin" });
    expect((await courseMapFor(db, admin)).chapters[1]!.locked).toBe(false);
  });
});
