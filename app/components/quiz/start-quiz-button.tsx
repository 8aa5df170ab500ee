import Button from "@mui/material/Button";
import { Form, Link as RouterLink, useNavigation, type ShouldRevalidateFunction } from "react-router";

export interface OpenAttemptView {
  id: string;
  answered: number;
  total: number;
}

interface StartQuizButtonProps {
  label: string;
  /** The learner's unfinished attempt at this quiz: starting again would only return to it. */
  openAttempt: OpenAttemptView | null;
  /** No more quizzes can count today. */
  usedUp: boolean;
  /** The allowance note that says why the button is disabled. */
  noteId: string;
}

/**
 * Starts the quiz, or continues the learner's unfinished attempt at it. When today's free quizzes
 * are used up, a new quiz could not be answered: the button is disabled and points to the note that
 * says so, while an attempt already counted can still be finished.
 */
export function StartQuizButton({ label, openAttempt, usedUp, noteId }: StartQuizButtonProps) {
  const starting = useNavigation().state !== "idle";
  if (openAttempt && (openAttempt.answered > 0 || !usedUp)) {
    return (
      <Button component={RouterLink} to={`/quiz/${openAttempt.id}`} variant="contained">
        {openAttempt.answered === 0
          ? "Continue the quiz you started"
          : `Continue your quiz (${openAttempt.answered} of ${openAttempt.total} answered)`}
      </Button>
    );
  }
  return (
    <Form method="post">
      <Button
        type="submit"
        variant="contained"
        disabled={starting || usedUp}
        aria-describedby={usedUp ? noteId : undefined}
      >
        {label}
      </Button>
    </Form>
  );
}

/**
 * A start page's shouldRevalidate: a start refused at the limit (429, when another tab took the last
 * quiz meanwhile) reloads the allowance, so the page shows the limit and disables the button.
 */
export const revalidateAfterRefusedStart: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 429 || defaultShouldRevalidate;
