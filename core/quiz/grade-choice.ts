/**
 * Grading of multiple-choice answers: the given text is the chosen option indices, 0-based and
 * comma-separated ("2", "0,3"). One option must be chosen unless the key allows several; with
 * several, the chosen set must be exactly the correct set (order and repeats do not matter).
 */
import type { AnswerKey, Verdict } from "./question";
import { correct, faultyKey, incorrect } from "./verdicts";

export function gradeChoice(key: AnswerKey & { kind: "choice" }, given: string): Verdict {
  const valid = (i: number) => Number.isInteger(i) && i >= 0 && i < key.options.length;
  if (key.correct.length === 0 || !key.correct.every(valid) || (!key.multiple && key.correct.length !== 1)) {
    return faultyKey(`correct options [${key.correct.join(", ")}] do not fit ${key.options.length} options`);
  }
  const chosen = new Set<number>();
  // A stray comma ("0,3,") is no choice of its own.
  const pieces = given
    .split(",")
    .map((p) => p.trim())
    .filter((p) => p !== "");
  if (pieces.length === 0) return incorrect("No option chosen.", ["No option number in the answer."]);
  for (const piece of pieces) {
    if (!/^\d+$/.test(piece)) return incorrect(`“${piece}” is not an option number.`, [`Could not read “${piece}”.`]);
    const index = Number(piece);
    if (!valid(index)) return incorrect(`There is no option ${piece}.`, [`Option ${piece} is out of range.`]);
    chosen.add(index);
  }
  const expected = new Set(key.correct);
  const list = (set: ReadonlySet<number>) => [...set].sort((a, b) => a - b).join(", ");
  const steps = [`Chosen: ${list(chosen)}.`, `Correct: ${list(expected)}.`];
  if (!key.multiple && chosen.size > 1) return incorrect("Choose only one option.", steps);
  const wrong = [...chosen].filter((i) => !expected.has(i)).length;
  const missing = [...expected].filter((i) => !chosen.has(i)).length;
  if (wrong === 0 && missing === 0) return correct("Correct.", steps);
  if (!key.multiple) return incorrect("That option is not correct.", steps);
  if (wrong > 0)
    return incorrect(`${wrong === 1 ? "One chosen option is" : `${wrong} chosen options are`} not correct.`, steps);
  return incorrect(
    `Not all the correct options are chosen: ${missing === 1 ? "one is" : `${missing} are`} missing.`,
    steps,
  );
}
