import { describe, expect, it } from "vitest";
import type { SectionRead } from "../models/reading-progress.server";
import { placeInCourse, type ChapterReading } from "./course-place";

function course(...counts: [read: number, total: number][]): ChapterReading[] {
  return counts.map(([read, total], index) => ({ slug: `c${index + 1}`, title: `Chapter ${index + 1}`, read, total }));
}

function readIn(chapterSlug: string, sectionSlug = "s"): SectionRead {
  return { chapterSlug, sectionSlug, sectionTitle: `Title ${sectionSlug}`, readAt: "2026-01-01T00:00:00.000Z" };
}

describe("placeInCourse", () => {
  it("starts a new learner at the first chapter", () => {
    expect(placeInCourse(course([0, 5], [0, 4]), undefined)).toEqual({
      kind: "start",
      chapter: { slug: "c1", title: "Chapter 1" },
      href: "/chapter/c1",
    });
  });

  it("keeps a learner in chapter 2 there, though chapter 1 has sections left", () => {
    expect(placeInCourse(course([0, 5], [2, 4], [0, 3]), readIn("c2", "unique-factorization"))).toEqual({
      kind: "resume",
      chapter: { slug: "c2", title: "Chapter 2" },
      section: { slug: "unique-factorization", title: "Title unique-factorization" },
      href: "/chapter/c2#unique-factorization",
    });
  });

  it("moves on to the next chapter with sections left when the last one read is finished", () => {
    const place = placeInCourse(course([1, 5], [4, 4], [3, 3], [0, 2]), readIn("c2"));
    expect(place).toEqual({
      kind: "next",
      chapter: { slug: "c4", title: "Chapter 4" },
      finished: { slug: "c2", title: "Chapter 2" },
      href: "/chapter/c4",
    });
  });

  it("goes back to a skipped chapter only when every later one is finished", () => {
    expect(placeInCourse(course([1, 5], [2, 2], [3, 3]), readIn("c3"))).toMatchObject({
      kind: "next",
      chapter: { slug: "c1" },
    });
  });

  it("says the course is finished when every section is read", () => {
    expect(placeInCourse(course([5, 5], [4, 4]), readIn("c1"))).toEqual({ kind: "finished" });
  });

  it("skips empty chapters at the start, and has nothing to say for an empty course", () => {
    expect(placeInCourse(course([0, 0], [0, 3]), undefined)).toMatchObject({ kind: "start", chapter: { slug: "c2" } });
    expect(placeInCourse([], undefined)).toBeNull();
  });

  it("treats a last read section outside the course as nothing read", () => {
    expect(placeInCourse(course([0, 5]), readIn("gone"))).toMatchObject({ kind: "start", chapter: { slug: "c1" } });
  });
});
