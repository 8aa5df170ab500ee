/**
 * The words of the team's todo list (/admin/todo), shared by the model, the form rules and the pages,
 * so each checks the same lists and limits.
 */
import type { TodoPriority, TodoStatus } from "#database/schema";

export type { TodoPriority, TodoStatus };

/** Lowest first, as the priority field offers them. */
export const TODO_PRIORITIES = ["low", "normal", "high", "urgent"] as const satisfies readonly TodoPriority[];

export const TODO_PRIORITY_LABELS: Record<TodoPriority, string> = {
  low: "Low",
  normal: "Normal",
  high: "High",
  urgent: "Urgent",
};

/** In the order work goes through them. */
export const TODO_STATUSES = ["open", "doing", "done"] as const satisfies readonly TodoStatus[];

export const TODO_STATUS_LABELS: Record<TodoStatus, string> = {
  open: "Open",
  doing: "Doing",
  done: "Done",
};

/**
 * The list's views, each its own address (?show=…): mine is assigned to the viewer; overdue is due
 * before today (UTC) and not done.
 */
export const TODO_FILTERS = ["all", "mine", "overdue", "open", "doing", "done"] as const;
export type TodoFilter = (typeof TODO_FILTERS)[number];

export const TODO_FILTER_LABELS: Record<TodoFilter, string> = {
  all: "All",
  mine: "Mine",
  overdue: "Overdue",
  open: "Open",
  doing: "Doing",
  done: "Done",
};

export const TODO_TITLE_MAX_LENGTH = 200;
/** Notes and comments are Markdown with formulas: room for a worked example, not for a chapter. */
export const TODO_NOTES_MAX_LENGTH = 20_000;
export const TODO_COMMENT_MAX_LENGTH = 5_000;

/** Due dates a person can mean: anything outside is a typing slip. */
export const TODO_DUE_MIN = "2000-01-01";
export const TODO_DUE_MAX = "2099-12-31";
