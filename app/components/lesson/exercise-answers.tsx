import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useEffect, useId, useRef, useState, type FormEvent, type RefObject } from "react";
import { createPortal } from "react-dom";
import { useFetcher } from "react-router";
import type { ExerciseAnswerResult } from "#app/content/exercise-answer.server";
import type { PartView } from "#app/quiz/quiz-view";
import type { PublicPart } from "#core/quiz/question";
import { MASTERY_LABELS } from "../quiz/mastery-list";
import { AnswerField } from "../quiz/answer-field";

/** What the page knows about a section's exercises: which revision it shows and what was solved before. */
export interface SectionExercises {
  sectionId: string;
  revisionId: string;
  /** Numbers of the exercises the reader has solved on an earlier visit. */
  solved: readonly number[];
}

/** An answerable exercise found in the rendered lesson: where its form goes, and what it asks. */
interface ExerciseSlot {
  element: HTMLElement;
  /** The exercise's box: its hints and worked answer are the `details` in it. */
  box: HTMLElement | null;
  exercise: number;
  parts: PartView[];
  /** The worked answer's HTML, shown with the verdict once solved. */
  answerHtml: string | null;
}

/** Slots already read, so a second effect run (development's strict mode) finds the same ones. */
const readSlots = new WeakMap<HTMLElement, ExerciseSlot>();

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The server renders each `:::check` as its labels and an "Answer here" button (app/markdown/box-plugin.ts);
 * once the page runs, the button turns that exercise into a live form that the server grades, in its
 * place. Only on the reader's request: a chapter has dozens of exercises, and forms for all of them would
 * weigh on every page load and move the page under the reader's pointer as they appeared.
 */
export function ExerciseAnswers({
  root,
  exercises,
}: {
  root: RefObject<HTMLElement | null>;
  exercises: SectionExercises;
}) {
  const [slots, setSlots] = useState<ExerciseSlot[]>([]);
  useEffect(() => {
    const node = root.current;
    if (!node) return;
    const start = (event: MouseEvent) => {
      const button = (event.target as Element | null)?.closest?.(".lesson-check-start");
      const element = button?.closest<HTMLElement>(".lesson-exercise-check");
      if (!element || !node.contains(element)) return;
      const slot = slotOf(element);
      setSlots((live) => (live.includes(slot) ? live : [...live, slot]));
    };
    node.addEventListener("click", start);
    return () => node.removeEventListener("click", start);
  }, [root, exercises.revisionId]);
  return slots
    .filter((slot) => slot.element.isConnected)
    .map((slot) =>
      createPortal(
        <ExerciseAnswer slot={slot} exercises={exercises} />,
        slot.element,
        `${exercises.revisionId}:${slot.exercise}`,
      ),
    );
}

function slotOf(element: HTMLElement): ExerciseSlot {
  const known = readSlots.get(element);
  if (known) return known;
  const parts = JSON.parse(element.dataset.parts ?? "[]") as Omit<PublicPart, "prompt">[];
  // One paragraph per part holds its label; a one-part check may have none.
  const labels = [...element.querySelectorAll<HTMLElement>(".lesson-check-part")].map((part) => part.innerHTML);
  const box = element.closest<HTMLElement>(".lesson-exercise");
  const answer = foldsOf(box).answer?.cloneNode(true) as HTMLElement | undefined;
  answer?.querySelector("summary")?.remove();
  const slot: ExerciseSlot = {
    element,
    box,
    answerHtml: answer?.innerHTML ?? null,
    exercise: Number(element.dataset.exercise),
    parts: parts.map((part, index) => ({
      promptHtml: labels[index] ?? "",
      kind: part.kind,
      optionsHtml: part.options?.map(escapeHtml),
      multiple: part.multiple,
      variables: part.variables,
    })),
  };
  readSlots.set(element, slot);
  element.replaceChildren();
  return slot;
}

type ExerciseReply = ExerciseAnswerResult | { error: string; fieldErrors?: Record<string, string> };

/** The folded hints and worked answer of the exercise, as the lesson renders them. */
function foldsOf(box: HTMLElement | null) {
  return {
    hints: [...(box?.querySelectorAll<HTMLDetailsElement>(":scope > details.lesson-hint") ?? [])],
    answer: box?.querySelector<HTMLDetailsElement>(":scope > details.lesson-answer") ?? null,
  };
}

/** Opens a fold of the exercise and moves the focus to it, so a keyboard or screen reader lands on it. */
function openFold(fold: HTMLDetailsElement | null | undefined) {
  if (!fold) return;
  fold.open = true;
  fold.querySelector("summary")?.focus();
}

function ExerciseAnswer({ slot, exercises }: { slot: ExerciseSlot; exercises: SectionExercises }) {
  const fetcher = useFetcher<ExerciseReply>();
  // It replaces the button the reader pressed: the focus goes on to the first answer field.
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    form.current?.querySelector<HTMLElement>("input:not([type=hidden])")?.focus();
  }, []);
  const statusId = useId();
  // What is open now, and what was opened before the exercise was solved (which is what counts).
  const [open, setOpen] = useState({ hints: 0, answer: false });
  const [hintsUsed, setHintsUsed] = useState(0);
  const [revealed, setRevealed] = useState(false);
  const reply = fetcher.data;
  const result = reply && reply.error === null ? reply : null;
  const refusal = reply && reply.error !== null ? reply : null;
  const solved = result?.solved ?? false;
  const solvedBefore = exercises.solved.includes(slot.exercise);
  const hintCount = foldsOf(slot.box).hints.length;
  const hasAnswer = foldsOf(slot.box).answer !== null;

  // Opening a hint or the worked answer by hand counts as much as the buttons below, until it is solved.
  useEffect(() => {
    const { hints, answer } = foldsOf(slot.box);
    const onToggle = () => {
      const now = { hints: hints.filter((fold) => fold.open).length, answer: answer?.open ?? false };
      setOpen(now);
      if (solved) return;
      setHintsUsed((used) => Math.max(used, now.hints));
      if (now.answer) setRevealed(true);
    };
    const folds = [...hints, ...(answer ? [answer] : [])];
    for (const fold of folds) fold.addEventListener("toggle", onToggle);
    return () => folds.forEach((fold) => fold.removeEventListener("toggle", onToggle));
  }, [slot.box, solved]);

  const openNextHint = () => openFold(foldsOf(slot.box).hints.find((fold) => !fold.open));
  const [offlineNote, setOfflineNote] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    setOfflineNote(!navigator.onLine);
    if (!navigator.onLine) event.preventDefault();
  };
  const hintsLeft = hintCount - open.hints;
  const busy = fetcher.state !== "idle";
  const label = (index: number) =>
    slot.parts.length > 1 ? `Answer to part ${String.fromCharCode(97 + index)}` : "Your answer";

  return (
    <fetcher.Form ref={form} method="post" onSubmit={onSubmit} aria-describedby={statusId}>
      <input type="hidden" name="intent" value="exercise-answer" />
      <input type="hidden" name="sectionId" value={exercises.sectionId} />
      <input type="hidden" name="revisionId" value={exercises.revisionId} />
      <input type="hidden" name="exercise" value={slot.exercise} />
      <input type="hidden" name="hintsUsed" value={hintsUsed} />
      <input type="hidden" name="revealed" value={String(revealed)} />
      <Stack spacing={2} sx={{ my: 2 }}>
        {slot.parts.map((part, index) => {
          const verdict = result?.verdicts[index];
          return (
            <Box key={index}>
              {part.promptHtml && (
                <Box sx={{ mb: 1 }}>
                  {slot.parts.length > 1 && <strong>({String.fromCharCode(97 + index)}) </strong>}
                  <span dangerouslySetInnerHTML={{ __html: part.promptHtml }} />
                </Box>
              )}
              <AnswerField
                part={part}
                name={`part-${index}`}
                label={label(index)}
                // Never disabled while checking: the maths field would be made anew, empty.
                disabled={false}
                loadOnFocus
                error={refusal?.fieldErrors?.[`part-${index}`]}
              />
              {verdict && (
                <Alert severity={verdict.correct ? "success" : "error"} sx={{ mt: 1 }}>
                  {verdict.feedback}
                </Alert>
              )}
            </Box>
          );
        })}
        <Box id={statusId} role="status">
          {offlineNote && (
            <Alert severity="warning">Checking an answer needs a connection: try again once you are back online.</Alert>
          )}
          {refusal && <Alert severity="error">{refusal.error}</Alert>}
          {result && <Outcome result={result} />}
          {solved && slot.answerHtml !== null && (
            // The worked answer follows a success, beside the verdict.
            <Box component="section" aria-label="Worked answer" sx={{ mt: 2 }}>
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 700 }}>
                Worked answer
              </Typography>
              <Box dangerouslySetInnerHTML={{ __html: slot.answerHtml }} />
            </Box>
          )}
          {!reply && solvedBefore && (
            <Alert severity="success" variant="outlined">
              You solved this exercise on an earlier visit. Answer it again to practise.
            </Alert>
          )}
        </Box>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {result && !solved ? "Check again" : "Check"}
          </Button>
          {hintsLeft > 0 && !solved && (
            <Button type="button" variant="outlined" color="inherit" onClick={openNextHint}>
              Show a hint ({open.hints + 1} of {hintCount})
            </Button>
          )}
          {hasAnswer && !open.answer && (
            <Button type="button" color="inherit" onClick={() => openFold(foldsOf(slot.box).answer)}>
              Show the worked answer
            </Button>
          )}
        </Stack>
      </Stack>
    </fetcher.Form>
  );
}

function Outcome({ result }: { result: ExerciseAnswerResult }) {
  const { skill } = result;
  const level = (name: keyof typeof MASTERY_LABELS) => MASTERY_LABELS[name].toLowerCase();
  const mastery =
    skill.before === skill.after
      ? `${skill.title}: your mastery stays “${level(skill.after)}”.`
      : `${skill.title}: your mastery went from “${level(skill.before)}” to “${level(skill.after)}”.`;
  return (
    <Alert severity={result.solved ? "success" : "warning"}>
      {result.solved
        ? result.tryNumber === 1
          ? "Solved at the first try."
          : `Solved, at try ${result.tryNumber}.`
        : "Not yet: look at what is wrong above, take a hint, and try again."}{" "}
      {mastery}
    </Alert>
  );
}
