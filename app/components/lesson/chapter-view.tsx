import CheckCircleIcon from "@mui/icons-material/CheckCircle";
import CloudUploadOutlinedIcon from "@mui/icons-material/CloudUploadOutlined";
import LockIcon from "@mui/icons-material/Lock";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import LinearProgress from "@mui/material/LinearProgress";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useId, useState } from "react";
import { Link, useFetcher } from "react-router";
import { MasteryList, type MasteryEntry } from "../quiz/mastery-list";
import type { LessonBlockRef, LessonHeading } from "#app/markdown/render-lesson";
import { LessonBody } from "./lesson-body";
import { subscribePath } from "#app/billing/billing-paths";
import { submissionField, useOfflineSubmission } from "#app/offline/offline-queue-provider";

interface ChapterSectionView {
  id: string;
  slug: string;
  title: string;
  published: boolean;
  read: boolean;
  blocks: LessonBlockRef[];
  headings: LessonHeading[];
}

interface ChapterLink {
  slug: string;
  title: string;
}

export interface ChapterViewProps {
  chapter: { slug: string; title: string; summary: string; published: boolean; position: number | null; total: number };
  locked: boolean;
  /** The chapter's quiz skills with the reader's mastery; empty for a chapter without a quiz. */
  quizSkills: readonly MasteryEntry[];
  sections: ChapterSectionView[];
  lockedTitles: string[];
  previous: ChapterLink | null;
  next: ChapterLink | null;
}

/**
 * Whether the reader has marked a section read, changed in place (a plain form post without JavaScript).
 * Offline, the mark is kept on this device and sent when the connection returns (docs/offline.md).
 */
function ReadToggle({ section }: { section: ChapterSectionView }) {
  const offline = useOfflineSubmission(`read:${section.id}`);
  const fetcher = useFetcher<{ error?: string | null }>({ key: offline.fetcherKey });
  const [notKept, setNotKept] = useState(false);
  const statusId = useId();
  const pending = offline.pending ? submissionField(offline.pending, "intent") : fetcher.formData?.get("intent");
  const read = pending ? pending === "read" : section.read;
  const onSubmit = offline.onSubmit;
  return (
    <fetcher.Form
      method="post"
      preventScrollReset
      onSubmit={
        onSubmit &&
        ((event) => {
          setNotKept(false);
          void onSubmit(
            event,
            (fields) => `${fields.get("intent") === "read" ? "Mark as read" : "Mark as not read"}: ${section.title}`,
          ).then((result) => setNotKept(result === "not-kept"));
        })
      }
    >
      <input type="hidden" name="sectionId" value={section.id} />
      <Stack direction="row" spacing={2} useFlexGap sx={{ alignItems: "center", flexWrap: "wrap", rowGap: 0.5, mt: 3 }}>
        <Button
          type="submit"
          name="intent"
          value={read ? "unread" : "read"}
          variant={read ? "text" : "outlined"}
          // Orange text on white falls below contrast for a button label.
          color="inherit"
          startIcon={
            offline.waiting ? (
              <CloudUploadOutlinedIcon color="action" />
            ) : read ? (
              <CheckCircleIcon color="success" />
            ) : undefined
          }
          // The visible label comes first, so speech input can say what is on screen.
          aria-label={read ? `Read: ${section.title}, mark as not read` : `Mark as read: ${section.title}`}
          aria-describedby={offline.waiting ? statusId : undefined}
        >
          {read ? "Read" : "Mark as read"}
        </Button>
        <Typography id={statusId} role="status" variant="body2" color="text.secondary">
          {offline.waiting &&
            `${read ? "Marked read" : "Marked not read"} on this device: it is sent when you are back online.`}
        </Typography>
        {fetcher.data?.error && (
          <Typography role="alert" color="error">
            {fetcher.data.error}
          </Typography>
        )}
        {notKept && (
          <Typography role="alert" color="error">
            No connection, and this browser cannot keep the mark for later: try again once you are back online.
          </Typography>
        )}
      </Stack>
    </fetcher.Form>
  );
}

function TableOfContents({ sections, lockedTitles }: Pick<ChapterViewProps, "sections" | "lockedTitles">) {
  return (
    <Box component="nav" aria-labelledby="contents-heading" sx={{ position: { lg: "sticky" }, top: { lg: 88 } }}>
      <Typography id="contents-heading" variant="overline" component="h2" color="text.secondary">
        Contents
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, "& li": { my: 0.5 } }}>
        {sections.map((section) => (
          <li key={section.id}>
            <Box component="a" href={`#${section.slug}`} sx={{ color: "text.primary" }}>
              {section.title}
            </Box>
            {section.read && (
              <CheckCircleIcon
                titleAccess="read"
                color="success"
                sx={{ fontSize: "1rem", ml: 0.5, verticalAlign: "text-bottom" }}
              />
            )}
            {section.headings.length > 0 && (
              <Box component="ul" sx={{ pl: 2, listStyle: "none", display: { xs: "none", lg: "block" } }}>
                {section.headings.map((heading) => (
                  <li key={heading.id}>
                    <Box component="a" href={`#${heading.id}`} sx={{ color: "text.secondary", fontSize: "0.9rem" }}>
                      {heading.text}
                    </Box>
                  </li>
                ))}
              </Box>
            )}
          </li>
        ))}
        {lockedTitles.map((title) => (
          <Box component="li" key={title} sx={{ color: "text.secondary" }}>
            {title}
            <LockIcon titleAccess="premium" sx={{ fontSize: "1rem", ml: 0.5, verticalAlign: "text-bottom" }} />
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function PremiumCall({ slug, lockedTitles }: { slug: string; lockedTitles: string[] }) {
  return (
    <Alert severity="info" data-testid="premium-call" sx={{ my: 4 }}>
      <AlertTitle>The rest of this chapter is part of Numberlab Premium</AlertTitle>
      Subscribe to read this chapter in full
      {lockedTitles.length > 0 ? `: ${lockedTitles.join(", ")}` : ""}, with its exercises and interactive widgets.
      <Button
        component={Link}
        to={subscribePath(`/chapter/${slug}`)}
        variant="contained"
        sx={{ display: "flex", mt: 2, width: "fit-content" }}
      >
        See the plans
      </Button>
    </Alert>
  );
}

function ChapterNavigation({ previous, next }: Pick<ChapterViewProps, "previous" | "next">) {
  if (!previous && !next) return null;
  return (
    <Box
      component="nav"
      aria-label="Chapters"
      sx={{ display: "flex", justifyContent: "space-between", gap: 2, mt: 6, flexWrap: "wrap", displayPrint: "none" }}
    >
      {previous ? (
        <Button component={Link} to={`/chapter/${previous.slug}`} variant="outlined" color="inherit">
          ← Previous: {previous.title}
        </Button>
      ) : (
        <span />
      )}
      {next && (
        <Button component={Link} to={`/chapter/${next.slug}`} variant="outlined" color="inherit">
          Next: {next.title} →
        </Button>
      )}
    </Box>
  );
}

/** The chapter's quiz at its end: what the reader masters so far, and the way in. */
function ChapterQuizCall({ slug, skills }: { slug: string; skills: readonly MasteryEntry[] }) {
  return (
    <Box component="section" aria-labelledby="chapter-quiz-heading" sx={{ mt: 6, displayPrint: "none" }}>
      <Typography id="chapter-quiz-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        Chapter quiz
      </Typography>
      <Typography sx={{ mb: 2 }}>
        Check what you have learnt with fresh questions on the chapter&rsquo;s skills, each followed by a worked
        solution.
      </Typography>
      <MasteryList skills={skills} />
      <Button component={Link} to={`/chapter/${slug}/quiz`} variant="contained" sx={{ mt: 2 }}>
        Take the chapter quiz
      </Button>
    </Box>
  );
}

/** A chapter page: contents, the sections the reader may read, progress, and the way on. */
export function ChapterView({ chapter, locked, quizSkills, sections, lockedTitles, previous, next }: ChapterViewProps) {
  const readCount = sections.filter((section) => section.read).length;
  return (
    <Container component="main" id="main" maxWidth="lg" sx={{ py: { xs: 4, md: 6 } }}>
      <Box
        sx={{
          display: "grid",
          gap: { xs: 3, lg: 6 },
          gridTemplateColumns: { xs: "minmax(0, 1fr)", lg: "16rem minmax(0, 1fr)" },
          alignItems: "start",
        }}
      >
        <Box sx={{ gridColumn: { lg: 2 }, gridRow: { lg: 1 }, maxWidth: "48rem" }}>
          <Typography variant="overline" component="p" color="text.secondary">
            {chapter.position ? `Chapter ${chapter.position} of ${chapter.total}` : "Chapter not in the course yet"}
          </Typography>
          <Typography variant="h3" component="h1" gutterBottom sx={{ fontSize: { xs: "2rem", md: "3rem" } }}>
            {chapter.title}
          </Typography>
          <Typography variant="h6" component="p" sx={{ fontWeight: 400, mb: 2 }}>
            {chapter.summary}
          </Typography>
          {!chapter.published && (
            <Alert severity="warning" sx={{ mb: 2 }}>
              This chapter is not published: only administrators see it.
            </Alert>
          )}
          <Box sx={{ displayPrint: "none" }}>
            <Typography variant="body2" color="text.secondary" id="reading-progress">
              {readCount} of {sections.length} {sections.length === 1 ? "section" : "sections"} read
            </Typography>
            <LinearProgress
              variant="determinate"
              value={sections.length > 0 ? (100 * readCount) / sections.length : 0}
              aria-labelledby="reading-progress"
              sx={{ mt: 0.5, mb: 2, height: 6, borderRadius: 3 }}
            />
          </Box>
        </Box>
        {/* Stretched to the full height of the chapter, so the contents can stay in view while reading. */}
        <Box sx={{ gridColumn: { lg: 1 }, gridRow: { lg: "1 / span 2" }, alignSelf: "stretch", displayPrint: "none" }}>
          <TableOfContents sections={sections} lockedTitles={lockedTitles} />
        </Box>
        <Box sx={{ gridColumn: { lg: 2 }, maxWidth: "48rem" }}>
          {sections.map((section) => (
            <Box component="section" key={section.id} aria-labelledby={section.slug} sx={{ mb: 6 }}>
              <Typography
                variant="h4"
                component="h2"
                id={section.slug}
                sx={{ scrollMarginTop: 80, fontSize: { xs: "1.6rem", md: "2.1rem" }, mb: 2 }}
              >
                {section.title}
                {!section.published && (
                  <Typography component="span" color="warning.main" sx={{ ml: 1, fontSize: "1rem" }}>
                    (not published)
                  </Typography>
                )}
              </Typography>
              <LessonBody blocks={section.blocks} />
              <Box sx={{ displayPrint: "none" }}>
                <ReadToggle section={section} />
              </Box>
            </Box>
          ))}
          {locked && <PremiumCall slug={chapter.slug} lockedTitles={lockedTitles} />}
          {!locked && quizSkills.length > 0 && <ChapterQuizCall slug={chapter.slug} skills={quizSkills} />}
          <ChapterNavigation previous={previous} next={next} />
        </Box>
      </Box>
    </Container>
  );
}
