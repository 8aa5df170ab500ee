import { useLayoutEffect, useMemo } from "react";
import { data, redirectDocument } from "react-router";
import { z } from "zod";
import { ChapterView } from "#app/components/lesson/chapter-view";
import { readingSteps } from "#app/components/lesson/reading-steps";
import {
  chapterShown,
  hasLessonHtml,
  LessonHtmlRecovery,
  noteChapterShown,
  rememberLessonHtml,
} from "#app/components/lesson/lesson-html";
import { fetchChapterLessonHtml } from "#app/content/chapter-lesson-html";
import { readableChapter } from "#app/content/readable-chapter.server";
import { sectionBlocksByKey } from "#app/content/lesson-render.server";
import { loadGlossary, termLinksFor } from "#app/glossary/glossary.server";
import { lessonHtmlContext } from "#app/http/request-context";
import { listPublishedChapters } from "#app/models/chapter.server";
import { markSectionRead, readSectionIds, unmarkSectionRead } from "#app/models/reading-progress.server";
import { exerciseStates } from "#app/models/exercise-answer.server";
import { setPreferences } from "#app/models/user.server";
import { readColorSchemeCookie } from "#app/theme/color-scheme";
import { learnerMastery } from "#app/quiz/quiz-start.server";
import { readForm } from "#app/http/read-form.server";
import { answerExercise, exerciseAnswerSchema, type ExerciseAnswerOutcome } from "#app/content/exercise-answer.server";
import { applyOnce, idempotencyKeyShape } from "#app/offline/idempotent-action.server";
import { sendKeyedSubmission } from "#app/offline/queued-action";
import { submittedForm, trackSectionRead } from "#app/analytics/client/action-events";
import { skillsOfChapter } from "#core/quiz/skills";
import type { Route } from "./+types/chapter";

function chapterSlug(request: Request): { slug: string; pathname: string } {
  const { pathname } = new URL(request.url);
  return { slug: decodeURIComponent(pathname.replace(/^\/chapter\//, "").replace(/\/+$/, "")), pathname };
}

function readableChapterAt(request: Request, context: Route.LoaderArgs["context"]) {
  const { slug, pathname } = chapterSlug(request);
  return readableChapter(context, slug, pathname);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user, db, chapter, sections, locked, readable } = await readableChapterAt(request, context);
  const lessonHtml = context.get(lessonHtmlContext);
  const [course, read, { masteries }, exercises, glossary] = await Promise.all([
    listPublishedChapters(db),
    readSectionIds(db, user.id, chapter.id),
    learnerMastery(db, user.id),
    exerciseStates(
      db,
      user.id,
      readable.map((section) => section.id),
    ),
    loadGlossary(db),
  ]);
  const index = course.findIndex((entry) => entry.id === chapter.id);
  const neighbour = (at: number) => {
    const entry = course[at];
    return entry ? { slug: entry.slug, title: entry.title } : null;
  };
  const sectionViews = readable.map((section) => {
    const { blocks, html, rendered } = sectionBlocksByKey(section, termLinksFor(glossary, chapter.slug, section.slug));
    for (const [key, text] of html) lessonHtml.set(key, text);
    return {
      id: section.id,
      slug: section.slug,
      title: section.title,
      published: section.published,
      read: read.has(section.id),
      revisionId: section.revisionId,
      solvedExercises: exercises
        .filter((state) => state.sectionId === section.id && state.solved)
        .map((state) => state.exerciseNumber),
      blocks,
      headings: rendered.headings.filter((heading) => heading.level === 3),
      // A one-part section needs no anchors to find its step.
      parts: rendered.parts.length > 1 ? rendered.parts : [{ title: null, anchors: [] }],
    };
  });
  const readingMode = user.preferences?.readingMode ?? "page";
  // A step past the end (a link from before a section was removed) shows the last one.
  const steps = readingSteps(sectionViews).length;
  const requestedStep = Number(new URL(request.url).searchParams.get("step"));
  const step = Number.isInteger(requestedStep) && requestedStep >= 1 ? Math.min(requestedStep, steps) : 1;
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
    reading: { mode: readingMode, step },
    quizSkills: skillsOfChapter(chapter.slug).map((skill) => ({
      ...masteries.find((m) => m.skillId === skill.id)!,
      title: skill.title,
    })),
    sections: sectionViews,
    // Locked sections are listed by title only, so readers see what premium opens.
    lockedTitles: sections.slice(readable.length).map((section) => section.title),
    previous: index > 0 ? neighbour(index - 1) : null,
    next: index >= 0 ? neighbour(index + 1) : null,
  };
}

const readingModeSchema = z.object({
  intent: z.literal("reading-mode"),
  mode: z.enum(["page", "steps"], { error: "Choose one page or step by step." }),
});

const progressSchema = z.object({
  intent: z.enum(["read", "unread"], { error: "Choose read or unread." }),
  sectionId: z.string().uuid({ error: "That section does not exist." }),
  ...idempotencyKeyShape,
});

/**
 * Marks a section read or unread for the signed-in reader, or grades their answer to one of its
 * exercises: only in a section they may read.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { user, db, readable } = await readableChapterAt(request, context);
  const form = await readForm(request);
  if (form.intent === "exercise-answer") {
    const input = exerciseAnswerSchema.safeParse(form);
    if (!input.success) return data({ error: input.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
    const { sectionId, exercise, idempotencyKey } = input.data;
    // An answer sent again (offline, or after a lost reply) is graded and counted once.
    const graded = await applyOnce<ExerciseAnswerOutcome["body"]>(
      db,
      { userId: user.id, key: idempotencyKey, scope: `exercise-answer:${sectionId}:${exercise}` },
      (trx) => answerExercise(trx, user.id, readable, input.data, form),
    );
    return data(graded.body, { status: graded.status });
  }
  if (form.intent === "reading-mode") {
    const input = readingModeSchema.safeParse(form);
    if (!input.success) return data({ error: input.error.issues[0]?.message ?? "Invalid request." }, { status: 400 });
    // Preferences never saved: the theme this browser shows is kept with them, not the default's light.
    const theme = user.preferences ? {} : { theme: readColorSchemeCookie(request.headers.get("Cookie")) };
    await setPreferences(db, user.id, { ...theme, readingMode: input.data.mode });
    return data({ error: null });
  }
  const parsed = progressSchema.safeParse(form);
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

/** Fetches the chapter's lesson blocks into this tab's cache. */
async function keepChapterHtml(slug: string, signal?: AbortSignal): Promise<void> {
  const { blocks } = await fetchChapterLessonHtml(slug, signal);
  for (const [key, html] of Object.entries(blocks)) rememberLessonHtml(key, html);
}

/**
 * In the browser, after the first page: the data names the lesson's HTML by key, and what this tab has
 * not kept yet is fetched (beside the data for a chapter it has not shown) before the page renders.
 * Offline, or when the text cannot be had, the document is loaded instead: the offline worker answers
 * that with the saved page.
 */
export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const { slug } = chapterSlug(request);
  const fetchHtml = () => keepChapterHtml(slug, request.signal);
  // Offline the text cannot come: the document (the saved page) is loaded instead, without a failed request.
  const offline = !navigator.onLine;
  const early = chapterShown(slug) || offline ? null : fetchHtml();
  // Awaited below only when something is missing: a failure here must not go unhandled.
  early?.catch(() => undefined);
  const loaderData = await serverLoader();
  const missing = () =>
    loaderData.sections.some((section) =>
      section.blocks.some((block) => block.kind === "html-ref" && !hasLessonHtml(block.key)),
    );
  if (missing() && !offline) {
    try {
      await (early ?? fetchHtml());
      // A revision published between the two requests: its text is asked for once more.
      if (missing()) await fetchHtml();
    } catch (error) {
      // A navigation given up is not a reason to load a document; any other failure is.
      if (request.signal.aborted) throw error;
    }
  }
  if (missing()) {
    const url = new URL(request.url);
    throw redirectDocument(url.pathname + url.search);
  }
  return loaderData;
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

/** Its document is kept across requests with the same data (app/http/render-cache.server.ts). */
export const handle = { cacheRender: true };

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.chapter.title ?? "Chapter"} · Numberlab` },
  { name: "description", content: loaderData?.chapter.summary },
];

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export default function Chapter({ loaderData }: Route.ComponentProps) {
  const { slug } = loaderData.chapter;
  useLayoutEffect(() => noteChapterShown(slug), [slug]);
  // One request for every block that needs it.
  const recover = useMemo(() => {
    let pending: Promise<void> | null = null;
    return () => (pending ??= keepChapterHtml(slug));
  }, [slug]);
  return (
    <LessonHtmlRecovery value={recover}>
      <ChapterView {...loaderData} />
    </LessonHtmlRecovery>
  );
}
