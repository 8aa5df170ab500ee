import type { Kysely } from "kysely";
import { MASTERY_LEVELS, type SkillMastery } from "#core/quiz/mastery";
import { skillsOfChapter } from "#core/quiz/skills";
import type { Database } from "#database/schema";
import { listPublishedChapters, type ChapterAccess } from "../models/chapter.server";
import type { SectionRead } from "../models/reading-progress.server";
import type { User } from "../models/user.server";
import type { CoursePlace } from "./course-place";
import { readingPlace } from "./reading-place.server";
import { entitlementsFor } from "../utils/entitlements";
import { learnerMastery } from "../quiz/quiz-start.server";

export interface ChapterQuizMastery {
  skills: number;
  /** Skills answered at least once. */
  practised: number;
  /** Skills at proficient or mastered. */
  proficient: number;
}

export interface CourseMapChapter {
  slug: string;
  title: string;
  summary: string;
  access: ChapterAccess;
  /** A premium chapter the signed-in learner's plan does not open (false for guests, who see the access). */
  locked: boolean;
  /** Signed-in learners only. */
  reading: { read: number; total: number } | null;
  quiz: ChapterQuizMastery | null;
}

export interface CourseMap {
  chapters: CourseMapChapter[];
  /** Null for guests. */
  learner: {
    place: CoursePlace | null;
    lastRead: (SectionRead & { chapterTitle: string }) | null;
    reviewsDue: number;
  } | null;
}

const PROFICIENT = MASTERY_LEVELS.indexOf("proficient");

export function chapterQuizMastery(slug: string, masteries: readonly SkillMastery[]): ChapterQuizMastery | null {
  const skills = skillsOfChapter(slug);
  if (skills.length === 0) return null;
  const own = skills.map((skill) => masteries.find((m) => m.skillId === skill.id));
  return {
    skills: skills.length,
    practised: own.filter((m) => m && m.level !== "new").length,
    proficient: own.filter((m) => m && MASTERY_LEVELS.indexOf(m.level) >= PROFICIENT).length,
  };
}

/** The published course, and for a signed-in learner their reading, quiz mastery, place and reviews due. */
export async function courseMapFor(db: Kysely<Database>, user: User | null): Promise<CourseMap> {
  const published = await listPublishedChapters(db);
  if (!user) {
    return {
      chapters: published.map(({ slug, title, summary, access }) => ({
        slug,
        title,
        summary,
        access,
        locked: false,
        reading: null,
        quiz: null,
      })),
      learner: null,
    };
  }
  const [{ chapters: reading, lastRead, place }, { masteries, due }] = await Promise.all([
    readingPlace(db, user.id),
    learnerMastery(db, user.id),
  ]);
  const premium = entitlementsFor(user).premiumChapters;
  return {
    chapters: published.map(({ id, slug, title, summary, access }) => {
      const progress = reading.find((chapter) => chapter.chapterId === id);
      return {
        slug,
        title,
        summary,
        access,
        locked: access === "premium" && !premium,
        reading: { read: progress?.read ?? 0, total: progress?.total ?? 0 },
        quiz: chapterQuizMastery(slug, masteries),
      };
    }),
    learner: {
      place,
      lastRead: lastRead
        ? {
            ...lastRead,
            chapterTitle: published.find((chapter) => chapter.slug === lastRead.chapterSlug)?.title ?? "",
          }
        : null,
      reviewsDue: due.length,
    },
  };
}
