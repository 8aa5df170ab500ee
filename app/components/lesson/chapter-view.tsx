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
import { useEffect, useId, useState, type ReactNode } from "react";
import { Link, useFetcher, useFetchers, useLocation, useNavigate } from "react-router";
import { MasteryList, type MasteryEntry } from "../quiz/mastery-list";
import type { LessonBlockRef, LessonHeading, LessonPart } from "#app/markdown/render-lesson";
import { LessonBody } from "./lesson-body";
import { readingSteps, stepOfAnchor, type ReadingStep } from "./reading-steps";
import { subscribePath } from "#app/billing/billing-paths";
import { submissionField, useOfflineSubmission } from "#app/offline/offline-queue-provider";

export interface ChapterSectionView {
  id: string;
  slug: string;
  title: string;
  published: boolean;
  read: boolean;
  revisionId: string;
  solvedExercises: number[];
  blocks: LessonBlockRef[];
  headings: LessonHeading[];
  /** Its steps (one, or its parts: LessonPart). */
  parts: LessonPart[];
}

interface ChapterLink {
  slug: string;
  title: string;
}

export type ReadingMode = "page" | "steps";

export interface ChapterViewProps {
  chapter: { slug: string; title: string; summary: string; published: boolean; position: number | null; total: number };
  locked: boolean;
  /** The reader's chosen way of reading, and in steps the step shown (1-based; see reading-steps.ts). */
  reading: { mode: ReadingMode; step: number };
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

/** A link to a place in the chapter: its anchor on the one page, or its step (0-based `index`; a navigation). */
function SectionLink({
  mode,
  index,
  anchor,
  children,
  current = false,
  secondary = false,
}: {
  mode: ReadingMode;
  index: number;
  anchor: string;
  children: ReactNode;
  current?: boolean;
  secondary?: boolean;
}) {
  const sx = secondary
    ? { color: "text.secondary", fontSize: "0.9rem" }
    : { color: "text.primary", fontWeight: current ? 700 : undefined };
  return mode === "steps" ? (
    <Box component={Link} to={`?step=${index + 1}#${anchor}`} aria-current={current ? "step" : undefined} sx={sx}>
      {children}
    </Box>
  ) : (
    <Box component="a" href={`#${anchor}`} sx={sx}>
      {children}
    </Box>
  );
}

function TableOfContents({
  sections,
  lockedTitles,
  mode,
  step,
}: Pick<ChapterViewProps, "sections" | "lockedTitles"> & { mode: ReadingMode; step: number }) {
  const steps = readingSteps(sections);
  const shownSection = steps[step - 1]?.section;
  return (
    <Box component="nav" aria-labelledby="contents-heading" sx={{ position: { lg: "sticky" }, top: { lg: 88 } }}>
      <Typography id="contents-heading" variant="overline" component="h2" color="text.secondary">
        Contents
      </Typography>
      <Box component="ol" sx={{ m: 0, pl: 2.5, "& li": { my: 0.5 } }}>
        {sections.map((section, index) => (
          <li key={section.id}>
            <SectionLink
              mode={mode}
              index={steps.findIndex((entry) => entry.section === index)}
              anchor={section.slug}
              current={mode === "steps" && index === shownSection}
            >
              {section.title}
            </SectionLink>
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
                    <SectionLink mode={mode} index={stepOfAnchor(sections, heading.id)} anchor={heading.id} secondary>
                      {heading.text}
                    </SectionLink>
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

/**
 * The reading mode to show: the one being saved while the switch's form is on its way (so the page changes at
 * once, without waiting for the save and the reload of the page's data), else the one kept with the account.
 */
function useShownReadingMode(saved: ReadingMode): ReadingMode {
  const saving = useFetchers().find((fetcher) => fetcher.formData?.get("intent") === "reading-mode");
  const chosen = saving?.formData?.get("mode");
  return chosen === "page" || chosen === "steps" ? chosen : saved;
}

/** One page or step by step: the reader's choice, kept with their account (the page follows it at once). */
function ReadingModeSwitch({ mode: chosen }: { mode: ReadingMode }) {
  const fetcher = useFetcher<{ error: string | null }>();
  return (
    <fetcher.Form method="post" aria-label="How to read this chapter">
      <input type="hidden" name="intent" value="reading-mode" />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: "wrap", alignItems: "center", mb: 2 }}>
        <Typography variant="body2" component="span" color="text.secondary">
          Read:
        </Typography>
        {(["page", "steps"] as const).map((option) => (
          <Button
            key={option}
            type="submit"
            name="mode"
            value={option}
            // The page's other buttons' looks, so the switch adds no styles of its own to the page.
            variant={chosen === option ? "contained" : "outlined"}
            color={chosen === option ? "primary" : "inherit"}
            aria-pressed={chosen === option}
          >
            {option === "page" ? "One page" : "Step by step"}
          </Button>
        ))}
        {fetcher.data?.error && (
          <Typography role="alert" color="error" variant="body2">
            {fetcher.data.error}
          </Typography>
        )}
      </Stack>
    </fetcher.Form>
  );
}

/** In steps: where the reader is, and the way to the previous and next step. */
function StepNavigation({ steps, step, id }: { steps: ReadingStep[]; step: number; id?: string }) {
  const total = steps.length;
  const previous = step > 1 ? steps[step - 2] : null;
  const following = step < total ? steps[step] : null;
  return (
    <Box component="nav" aria-label={id ? "Steps" : "Steps, again"} sx={{ displayPrint: "none", mb: 3 }}>
      {id && (
        <>
          <Typography variant="body2" color="text.secondary" id={id}>
            Step {step} of {total}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round((100 * step) / total)}
            aria-labelledby={id}
            aria-valuetext={`Step ${step} of ${total}`}
            sx={{ mt: 0.5, mb: 2, height: 6, borderRadius: 3 }}
          />
        </>
      )}
      {!id && (
        <Stack direction="row" spacing={2} useFlexGap sx={{ justifyContent: "space-between", flexWrap: "wrap" }}>
          {previous ? (
            <Button component={Link} to={`?step=${step - 1}`} variant="outlined" color="inherit">
              ← {previous.title}
            </Button>
          ) : (
            <span />
          )}
          {following && (
            <Button component={Link} to={`?step=${step + 1}`} variant="contained">
              Next: {following.title} →
            </Button>
          )}
        </Stack>
      )}
    </Box>
  );
}

/**
 * In steps, a link to an anchor of another step (from another chapter, a search, a glossary term, the
 * address bar) opens that step at the anchor.
 */
function useStepOfAnchor(sections: ChapterSectionView[], mode: ReadingMode, step: number) {
  const { hash, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (mode !== "steps" || hash === "") return;
    const index = stepOfAnchor(sections, decodeURIComponent(hash.slice(1)));
    if (index === -1 || index === step - 1) return;
    const params = new URLSearchParams(search);
    params.set("step", String(index + 1));
    void navigate(`?${params.toString()}${hash}`, { replace: true });
  }, [hash, search, sections, mode, step, navigate]);
}

/** A chapter page: contents, the sections the reader may read (all, or one step), progress, and the way on. */
export function ChapterView({
  chapter,
  locked,
  reading,
  quizSkills,
  sections,
  lockedTitles,
  previous,
  next,
}: ChapterViewProps) {
  const readCount = sections.filter((section) => section.read).length;
  const { step } = reading;
  const mode = useShownReadingMode(reading.mode);
  const steps = readingSteps(sections);
  const current = mode === "steps" ? steps[step - 1] : undefined;
  // On one page every section whole; in steps the step's section, its blocks of that part only.
  const shown = current
    ? [{ section: sections[current.section]!, part: current.part, last: current.last }]
    : sections.map((section) => ({ section, part: null, last: true }));
  const atEnd = !current || step === steps.length;
  useStepOfAnchor(sections, mode, step);
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
            <ReadingModeSwitch mode={mode} />
          </Box>
        </Box>
        {/* Stretched to the full height of the chapter, so the contents can stay in view while reading. */}
        <Box sx={{ gridColumn: { lg: 1 }, gridRow: { lg: "1 / span 2" }, alignSelf: "stretch", displayPrint: "none" }}>
          <TableOfContents sections={sections} lockedTitles={lockedTitles} mode={mode} step={step} />
        </Box>
        <Box sx={{ gridColumn: { lg: 2 }, maxWidth: "48rem" }}>
          {current && <StepNavigation steps={steps} step={step} id="step-progress" />}
          {shown.map(({ section, part, last }) => (
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
              <LessonBody
                blocks={part === null ? section.blocks : section.blocks.filter((block) => block.part === part)}
                exercises={{ sectionId: section.id, revisionId: section.revisionId, solved: section.solvedExercises }}
              />
              {last && (
                <Box sx={{ displayPrint: "none" }}>
                  <ReadToggle section={section} />
                </Box>
              )}
            </Box>
          ))}
          {current && <StepNavigation steps={steps} step={step} />}
          {atEnd && locked && <PremiumCall slug={chapter.slug} lockedTitles={lockedTitles} />}
          {atEnd && !locked && quizSkills.length > 0 && <ChapterQuizCall slug={chapter.slug} skills={quizSkills} />}
          {atEnd && <ChapterNavigation previous={previous} next={next} />}
        </Box>
      </Box>
    </Container>
  );
}
