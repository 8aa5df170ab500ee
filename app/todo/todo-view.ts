import type { TodoItem, TodoPerson } from "#app/models/todo.server";
import type { TodoFilter } from "#app/models/todo-vocabulary";

/** How the todo pages name and link things, shared by both pages' loaders and components. */

export const TODO_PATH = "/admin/todo";

export const todoItemPath = (id: string) => `${TODO_PATH}/${id}`;

/** The list showing one view; "all" is the list's own address. */
export function todoListPath(filter: TodoFilter): string {
  return filter === "all" ? TODO_PATH : `${TODO_PATH}?${new URLSearchParams({ show: filter })}`;
}

/** An account as the pages and the assignee select name it; the viewer's own is marked. */
export function personLabel(person: TodoPerson, viewerId?: string): string {
  const name = person.displayName ? `${person.displayName} (${person.email})` : person.email;
  return person.id === viewerId ? `${name} — you` : name;
}

/** Overdue: due before the day of `at`, in UTC, and not done. */
export function isOverdue(item: Pick<TodoItem, "dueOn" | "status">, at: Date): boolean {
  return item.dueOn !== null && item.status !== "done" && item.dueOn < at.toISOString().slice(0, 10);
}
