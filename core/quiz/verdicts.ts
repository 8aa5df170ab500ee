/** The verdicts every kind of answer shares, so their wording is one. */
import type { Verdict } from "./question";

export const correct = (feedback: string, steps: readonly string[]): Verdict => ({ correct: true, feedback, steps });

export const incorrect = (feedback: string, steps: readonly string[]): Verdict => ({
  correct: false,
  feedback,
  steps,
});

/** The answer could not be read; `message` is the reader's, e.g. `unexpected ")" at 7`. */
export const unreadable = (message: string): Verdict =>
  incorrect(`The answer could not be read: ${message}.`, [`Reading failed: ${message}.`]);

const FAULTY_KEY_STEP = "Faulty key: ";

/** The key itself is wrong: an author's mistake, reported to the validator page through the steps. */
export const faultyKey = (reason: string): Verdict =>
  incorrect("This question's answer key is faulty, so the answer could not be checked.", [
    `${FAULTY_KEY_STEP}${reason}.`,
  ]);

/** What is wrong with the key, when the verdict is faultyKey's; null otherwise. */
export function faultyKeyReason(verdict: Verdict): string | null {
  const step = verdict.steps.find((entry) => entry.startsWith(FAULTY_KEY_STEP));
  return step === undefined ? null : step.slice(FAULTY_KEY_STEP.length);
}
