import { data } from "react-router";
import { z } from "zod";
import { ChapterView } from "#app/components/lesson/chapter-view";
import { pageNotFound } from "#app/http/not-found";
import { findChapterBySlug, listPublishedChapters } from "#app/models/chapter.server";
import { markSectionRead, readSectionIds, unmarkSectionRead } from "#app/models/reading-progress.server";
import { listSections } from "#app/models/section.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { entitlementsFor } from "#app/utils/entitlements";
import { renderSectionRevision } from "#app/content/lesson-render.server";
import { learnerMastery } from "#app/quiz/quiz-start.server";
import { readForm } from "#app/http/read-form.server";
import { applyOnce, idempotencyKeyShape } from "#app/offline/idempotent-action.server";
import { sendKeyedSubmission } from "#app/offline/queued-action";
import { submittedForm, trackSectionRead } from "#app/analytics/client/action-events";
import { skillsOfChapter } from "#core/quiz/skills";
import type { Route } from "./+types/chapter";

function chapterSlug(request: Request): { slug: string; pathname: string } {
  const { pathname } = new URL(request.url);
  return { slug: decodeURIComponent(pathname.replace(/^\/chapter\//, "").replace(/\/+$/, "")), pathname };
}

/**
 * The chapter a user may see at this URL, with the sections they may read.
 * Readers without premium get only the introduction of a premium chapter:
 * the rest never leaves the server, whichever URL or data request asks.
 */
async function readableChapter(request: Request, context: Route.LoaderArgs["context"]) {
  const user = requireUser(context);
  const { slug, pathname } = chapterSlug(request);
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

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, db, chapter, sections, locked, readable } = await readableChapter(request, context);
  const [course, read, { masteries }] = await Promise.all([
    listPublishedChapters(db),
    readSectionIds(db, user.id, chapter.id),
    learnerMastery(db, user.id),
  ]);
  const index = course.findIndex((entry) => entry.id === chapter.id);
  const neighbour = (at: number) => {
    const entry = course[at];
    return entry ? { slug: entry.slug, title: entry.title } : null;
  };
  return {
    chapter: {
      slug: chapter.slug,
      title: chapter.title,
      summary: chapter.summary,
      published: chapter.published,
      // An unpublished chapter is not in the course; admins see it without a number.
      position: index >= 0 ? index + 1 : null,
      total: course.length,
    },
    locked,
    quizSkills: skillsOfChapter(chapter.slug).map((skill) => ({
      ...masteries.find((m) => m.skillId === skill.id)!,
      title: skill.title,
    })),
    sections: readable.map((section) => {
      const rendered = renderSectionRevision(section);
      return {
        id: section.id,
        slug: section.slug,
        title: section.title,
        published: section.published,
        read: read.has(section.id),
        blocks: rendered.blocks,
        headings: rendered.headings.filter((heading) => heading.level === 3),
      };
    }),
    // Locked sections are listed by title only, so readers see what premium opens.
    lockedTitles: sections.slice(readable.length).map((section) => section.title),
    previous: index > 0 ? neighbour(index - 1) : null,
    next: index >= 0 ? neighbour(index + 1) : null,
  };
}

const progressSchema = z.object({
  intent: z.enum(["read", "unread"], { error: "Choose read or unread." }),
  sectionId: z.string().uuid({ error: "That section does not exist." }),
  ...idempotencyKeyShape,
});

/** Marks a section read or unread for the signed-in reader: only a section they may read. */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, db, readable } = await readableChapter(request, context);
  const parsed = progressSchema.safeParse(await readForm(request));
  if (!parsed.success) {
    return data({ error: parsed.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
  }
  const { intent, sectionId, idempotencyKey } = parsed.data;
  if (!readable.some((section) => section.id === sectionId)) {
    return data({ error: "That section is not part of what you can read here." }, { status: 400 });
  }
  // A mark made offline is sent again until an answer arrives: applyOnce applies it once.
  const answer = await applyOnce(
    db,
    { userId: user.id, key: idempotencyKey, scope: `section-progress:${sectionId}` },
    async (trx) => {
      if (intent === "read") await markSectionRead(trx, user.id, sectionId);
      else await unmarkSectionRead(trx, user.id, sectionId);
      return { status: 200, body: { error: null } };
    },
  );
  return data(answer.body, { status: answer.status });
}

/**
 * In the browser: a mark made offline that cannot reach the server stays queued instead of failing the
 * page; a section marked read, whenever the server applies it, is counted (chapter_read).
 */
export async function clientAction(args: Route.ClientActionArgs) {
  const form = await submittedForm(args.request);
  const answer = await sendKeyedSubmission(args);
  trackSectionRead(form, answer, chapterSlug(args.request).slug);
  return answer;
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.chapter.title ?? "Chapter"} · Numberlab` },
  { name: "description", content: loaderData?.chapter.summary },
];

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export default function Chapter({ loaderData }: Route.ComponentProps) {
  return <ChapterView {...loaderData} />;
}
