import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import {
  lastSectionRead,
  progressByChapter,
  type ChapterProgress,
  type SectionRead,
} from "../models/reading-progress.server";
import { placeInCourse, type CoursePlace } from "./course-place";

export interface ReadingPlace {
  chapters: ChapterProgress[];
  lastRead: SectionRead | undefined;
  /** Where the learner goes on (see placeInCourse); null for a course without chapters. */
  place: CoursePlace | null;
}

/** The learner's progress per chapter, the last section read, and where they are: one answer for every page. */
export async function readingPlace(db: Kysely<Database>, userId: string): Promise<ReadingPlace> {
  const [chapters, lastRead] = await Promise.all([progressByChapter(db, userId), lastSectionRead(db, userId)]);
  return { chapters, lastRead, place: placeInCourse(chapters, lastRead) };
}
