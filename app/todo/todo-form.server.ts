import { z } from "zod";
import { textField } from "#app/http/form.server";
import {
  TODO_COMMENT_MAX_LENGTH,
  TODO_DUE_MAX,
  TODO_DUE_MIN,
  TODO_NOTES_MAX_LENGTH,
  TODO_PRIORITIES,
  TODO_STATUSES,
  TODO_TITLE_MAX_LENGTH,
} from "#app/models/todo-vocabulary";

/**
 * The forms of /admin/todo and /admin/todo/:todoId, as zod reads them: every field a string as a form
 * posts it, every problem a sentence that names the field.
 */

/** The fields of the item forms, in the order they are shown: put back after a refusal. */
export const TODO_FORM_FIELDS = ["title", "notes", "assigneeId", "dueOn", "priority", "status"] as const;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A day that exists on the calendar, written YYYY-MM-DD. */
export function isCalendarDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 31 April over into May: such a day does not exist.
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const title = textField("a title", { max: TODO_TITLE_MAX_LENGTH });

function markdownField(what: string, max: number) {
  return (
    z
      .string({ error: `The ${what} must be a single piece of text.` })
      .max(max, `The ${what} must be at most ${max.toLocaleString("en")} characters.`)
      // Browsers post line breaks as CRLF; the stored text uses LF so the renderer's line numbers match.
      .transform((text) => text.replace(/\r\n?/g, "\n"))
  );
}

const notes = markdownField("notes", TODO_NOTES_MAX_LENGTH).default("");

const assigneeId = z
  .string({ error: "Choose one administrator as the assignee." })
  .pipe(z.union([z.literal("").transform(() => null), z.uuid({ error: "Choose an administrator from the list." })]));

const dueOn = z
  .string({ error: "The due date must be a single date." })
  .trim()
  .transform((text, context) => {
    if (text === "") return null;
    if (!isCalendarDay(text)) {
      context.addIssue({ code: "custom", message: "Enter a due date that exists, as YYYY-MM-DD (e.g. 2031-06-30)." });
      return z.NEVER;
    }
    if (text < TODO_DUE_MIN || text > TODO_DUE_MAX) {
      context.addIssue({
        code: "custom",
        message: `Choose a due date from ${TODO_DUE_MIN} to ${TODO_DUE_MAX}.`,
      });
      return z.NEVER;
    }
    return text;
  });

const priority = z.enum(TODO_PRIORITIES, { error: "Choose a priority: low, normal, high or urgent." });
const status = z.enum(TODO_STATUSES, { error: "Choose a status: open, doing or done." });

const version = z.coerce
  .number({ error: "The form is missing the version it was based on; reload the page." })
  .int("The form is missing the version it was based on; reload the page.")
  .positive("The form is missing the version it was based on; reload the page.");

const todoId = z.uuid({ error: "Choose an item from the list." });

/** A new item: it starts open. */
export const createTodoSchema = z.object({
  title,
  notes,
  assigneeId: assigneeId.default(""),
  dueOn: dueOn.default(""),
  priority: priority.default("normal"),
});

/** The item page's edit form, with the version it started from. */
export const saveTodoSchema = z.object({ title, notes, assigneeId, dueOn, priority, status, version });

/** The list's quick status change. */
export const statusTodoSchema = z.object({ todoId, status, version });

/** The most items a move may say it saw; the whole list is far shorter. */
export const MOVE_SEEN_MAX = 2_000;

/**
 * A move: the item, where it goes (from 0) among the items seen, and those items in the order shown,
 * comma-separated. The model refuses it when that order is no longer the list's.
 */
export const moveTodoSchema = z
  .object({
    todoId,
    to: z.coerce
      .number({ error: "Say where the item goes." })
      .int("Say where the item goes.")
      .nonnegative("The item cannot go above the top of the list."),
    seen: z
      .string({ error: "The form is missing the list it was based on; reload the page." })
      .transform((text) => (text === "" ? [] : text.split(",")))
      .pipe(
        z
          .array(z.uuid({ error: "The list this move was based on names an item that is not one; reload the page." }))
          .min(1, "The form is missing the list it was based on; reload the page.")
          .max(MOVE_SEEN_MAX, `A move can be based on at most ${MOVE_SEEN_MAX} items.`),
      ),
  })
  .superRefine((move, context) => {
    if (new Set(move.seen).size !== move.seen.length) {
      context.addIssue({
        code: "custom",
        path: ["seen"],
        message: "The list this move was based on names an item twice.",
      });
    } else if (!move.seen.includes(move.todoId)) {
      context.addIssue({
        code: "custom",
        path: ["seen"],
        message: "The item moved is not in the list it was moved in.",
      });
    } else if (move.to >= move.seen.length) {
      context.addIssue({ code: "custom", path: ["to"], message: "The item cannot go below the bottom of the list." });
    }
  });

export const deleteTodoSchema = z.object({
  version,
  confirmed: z.literal("yes", { error: "Confirm the deletion with the button that asks for it." }).optional(),
});

export const commentSchema = z.object({
  body: markdownField("comment", TODO_COMMENT_MAX_LENGTH).pipe(
    z.string().refine((text) => text.trim() !== "", "Write a comment first."),
  ),
});

export const deleteCommentSchema = z.object({ commentId: z.uuid({ error: "Choose a comment to delete." }) });
