/** How journeys answer quiz questions the way learners do, given the question's key from the server. */
import { expect, type Locator } from "@playwright/test";
import { answerOfKey } from "#core/quiz/fixed-question";
import type { AnswerKey } from "#core/quiz/question";

/** What a learner would type for a key: its own answer, a congruence as its residue alone (which the grader accepts). */
function typedAnswer(key: Exclude<AnswerKey, { kind: "choice" }>): string {
  return key.kind === "congruence" ? key.residue : answerOfKey(key);
}

/** An answer that is wrong for certain: the right one plus 1 (a congruence: the next class, as m > 1). */
function wrongAnswer(key: Exclude<AnswerKey, { kind: "choice" }>): string {
  switch (key.kind) {
    case "integer":
      return (BigInt(key.value) + 1n).toString();
    case "fraction":
      return `${BigInt(key.numerator) + BigInt(key.denominator)}/${key.denominator}`;
    case "decimal":
      return String(key.value + 1);
    case "expression":
      return `${key.expected}+1`;
    case "congruence":
      return (BigInt(key.residue) + 1n).toString();
  }
}

/** Answers one part the way a learner does: clicks options, or types into the maths field. */
export async function answerPart(card: Locator, index: number, parts: number, key: AnswerKey, right: boolean) {
  if (key.kind === "choice") {
    const options = key.options.map((_, option) => option);
    const chosen = right ? [...key.correct] : [options.find((option) => !key.correct.includes(option))!];
    for (const option of chosen) await card.locator(`input[name="part-${index}"][value="${option}"]`).check();
    return;
  }
  const label = parts > 1 ? `Answer to part ${String.fromCharCode(97 + index)}` : "Your answer";
  await typeInMathField(card, index, label, right ? typedAnswer(key) : wrongAnswer(key));
}

/** Types into part `index`'s maths field, labelled `label`, once it has loaded and holds the focus. */
export async function typeInMathField(card: Locator, index: number, label: string, text: string) {
  // The maths field, once loaded, replaces the plain one under the same label and posts through a hidden input.
  await expect(card.locator(`input[type="hidden"][name="part-${index}"]`)).toHaveCount(1);
  const labelId = await card.getByText(label, { exact: true }).getAttribute("id");
  const field = card.locator(`math-field[aria-labelledby="${labelId}"]`);
  await expect(async () => {
    await field.click();
    await expect(field).toBeFocused({ timeout: 500 });
  }).toPass();
  await field.page().keyboard.type(text, { delay: 10 });
}
