import type { RouterContextProvider } from "react-router";
import { requireUser } from "#app/auth/access.server";
import { pageNotFound } from "#app/http/not-found";
import { findChapterBySlug } from "#app/models/chapter.server";
import { listSections } from "#app/models/section.server";
import { getDatabase } from "#app/utils/db.server";
import { entitlementsFor } from "#app/utils/entitlements";

/**
 * The chapter a signed-in user may see under `slug`, with the sections they may read. Readers without
 * premium get only the introduction of a premium chapter: the rest never leaves the server, whichever
 * URL or data request asks. `pathname` is the address the 404 names.
 */
export async function readableChapter(context: Readonly<RouterContextProvider>, slug: string, pathname: string) {
  const user = requireUser(context);
  const { db } = getDatabase();
  const entitlements = entitlementsFor(user);
  const chapter = await findChapterBySlug(db, slug);
  // Unpublished chapters exist only for admins, who check them before publishing.
  if (!chapter || (!chapter.published && !entitlements.adminArea)) {
    throw pageNotFound(pathname);
  }
  const sections = await listSections(db, chapter.id, { publishedOnly: !entitlements.adminArea });
  const locked = chapter.access === "premium" && !entitlements.premiumChapters;
  return { user, db, chapter, sections, locked, readable: locked ? sections.slice(0, 1) : sections };
}
