/**
 * Whether an answer the server applied was right, read from its action's data: `{ correct }` (a stored
 * quiz attempt) or `{ item: { result: { correct } } }` (the sample quiz's question as it now stands);
 * null for anything else (a mark as read, a refusal, an answer kept offline).
 *
 * A plain check rather than a zod schema: this runs in every page's first script (the offline queue's
 * report), where zod would add 25 KB gzipped, and it reads our own server's answer, never user input.
 */
export function verdictOf(answer: unknown): boolean | null {
  if (typeof answer !== "object" || answer === null) return null;
  if ("correct" in answer) return typeof answer.correct === "boolean" ? answer.correct : null;
  if (!("item" in answer) || typeof answer.item !== "object" || answer.item === null) return null;
  if (!("result" in answer.item) || typeof answer.item.result !== "object" || answer.item.result === null) return null;
  const { result } = answer.item;
  return "correct" in result && typeof result.correct === "boolean" ? result.correct : null;
}
