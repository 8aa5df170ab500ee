import type { TodoFields } from "#app/models/todo.server";

/** A todo item's fields as the form sends them for a plain open item, with `more` changed. */
export function todoFields(title: string, more: Partial<TodoFields> = {}): TodoFields {
  return { title, notes: "", assigneeId: null, dueOn: null, priority: "normal", status: "open", ...more };
}
