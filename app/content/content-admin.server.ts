import { z } from "zod";
import { findChapterById } from "../models/chapter.server";
import { findSection, type RevisionSource } from "../models/section.server";
import { pageNotFound } from "../http/not-found";
import { getDatabase } from "../utils/db.server";

const id = z.uuid();

/** The chapter and section an admin content URL names, or the 404 page when they do not belong together. */
export async function loadSectionForAdmin(chapterId: string, sectionId: string) {
  const notFound = () => pageNotFound(`/admin/content/${chapterId}/sections/${sectionId}`);
  if (!id.safeParse(chapterId).success || !id.safeParse(sectionId).success) throw notFound();
  const { db } = getDatabase();
  const [chapter, section] = await Promise.all([findChapterById(db, chapterId), findSection(db, sectionId)]);
  if (!chapter || !section || section.chapterId !== chapter.id) throw notFound();
  return { chapter, section };
}

export const revisionSourceLabels: Record<RevisionSource, string> = {
  import: "imported from content/chapters",
  editor: "edited",
  restore: "restored from revision",
};
