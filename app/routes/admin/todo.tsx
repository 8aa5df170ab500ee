import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MuiLink from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useMemo } from "react";
import {
  data,
  Form,
  Link,
  useFetcher,
  useNavigation,
  useSearchParams,
  type ShouldRevalidateFunction,
} from "react-router";
import { z } from "zod";
import { AdminSection, FormSection } from "#app/components/admin/admin-section";
import {
  AssigneeField,
  DueDateField,
  PriorityField,
  TodoTitleField,
  type AssigneeChoice,
} from "#app/components/admin/todo/todo-fields";
import { TodoFilters } from "#app/components/admin/todo/todo-filters";
import { TodoList, type TodoRow } from "#app/components/admin/todo/todo-list";
import { Page } from "#app/components/page";
import { requireUser } from "#app/auth/access.server";
import { fieldErrors, submittedText } from "#app/http/form.server";
import { readForm } from "#app/http/read-form.server";
import { countTodos, createTodo, listAssignableAdmins, listTodos, moveTodo, updateTodo } from "#app/models/todo.server";
import {
  TODO_FILTER_LABELS,
  TODO_FILTERS,
  TODO_NOTES_MAX_LENGTH,
  TODO_STATUS_LABELS,
  type TodoFilter,
} from "#app/models/todo-vocabulary";
import { createTodoSchema, moveTodoSchema, statusTodoSchema } from "#app/todo/todo-form.server";
import { renderTodoText } from "#app/todo/todo-markdown.server";
import { isOverdue, personLabel, todoItemPath, todoListPath } from "#app/todo/todo-view";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { formatUtc } from "#app/utils/format-date";
import { countOf } from "#app/utils/plural";
import type { Route } from "./+types/todo";

export const meta: Route.MetaFunction = () => [{ title: "Todo · Numberlab" }];

const filterSchema = z.enum(TODO_FILTERS).catch("all");

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = requireUser(context);
  const filter = filterSchema.parse(new URL(request.url).searchParams.get("show") ?? "all");
  const { db } = getDatabase();
  const [items, counts, admins] = await Promise.all([
    listTodos(db, { filter, viewerId: me.id }),
    countTodos(db, me.id),
    listAssignableAdmins(db),
  ]);
  const at = now();
  return {
    filter,
    counts,
    rows: items.map((item): TodoRow => ({
      id: item.id,
      title: item.title,
      href: todoItemPath(item.id),
      status: item.status,
      priority: item.priority,
      assignee: item.assignee ? personLabel(item.assignee) : null,
      assignedToViewer: item.assignee?.id === me.id,
      dueOn: item.dueOn,
      overdue: isOverdue(item, at),
      commentCount: item.commentCount,
      version: item.version,
    })),
    assignees: admins.map((admin): AssigneeChoice => ({
      id: admin.id,
      label: personLabel(admin, me.id),
    })),
  };
}

/** The list shows what is true after any action, also after a refusal (a move from a stale order, say). */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formMethod, defaultShouldRevalidate }) =>
  formMethod?.toUpperCase() === "POST" ? true : defaultShouldRevalidate;

const CREATE_FIELDS = ["title", "notes", "assigneeId", "dueOn", "priority"] as const;

export type TodoListActionResult =
  | { intent: "create"; created: { id: string; title: string; place: number; problems: number } }
  | { intent: "create"; errors: Partial<Record<string, string>>; values: Record<string, string> }
  | { intent: "move"; moved: boolean; message: string }
  | { intent: "move"; error: string }
  | { intent: "status"; message: string }
  | { intent: "status"; error: string };

const intentSchema = z.enum(["create", "move", "status"], { error: "Choose one of the list's actions." });

export async function action({ request, context }: Route.ActionArgs) {
  const me = requireUser(context);
  const actor = { id: me.id, email: me.email };
  const values = await readForm(request);
  const { db } = getDatabase();
  const intent = intentSchema.safeParse(values.intent);
  if (!intent.success) throw data({ message: intent.error.issues[0]!.message }, { status: 400 });

  if (intent.data === "create") {
    const refuse = (errors: Partial<Record<string, string>>) =>
      data<TodoListActionResult>(
        { intent: "create", errors, values: submittedText(values, CREATE_FIELDS) },
        { status: 400 },
      );
    const parsed = createTodoSchema.safeParse(values);
    if (!parsed.success) return refuse(fieldErrors(parsed.error));
    const created = await createTodo(db, actor, { ...parsed.data, status: "open" });
    if (!created.ok) return refuse({ assigneeId: created.message });
    const problems = renderTodoText(created.item.notes, "new-").problems.length;
    return data<TodoListActionResult>({
      intent: "create",
      created: { id: created.item.id, title: created.item.title, place: created.item.position + 1, problems },
    });
  }

  if (intent.data === "move") {
    const parsed = moveTodoSchema.safeParse(values);
    if (!parsed.success) {
      return data<TodoListActionResult>(
        { intent: "move", error: `Not moved: ${parsed.error.issues[0]!.message}` },
        { status: 400 },
      );
    }
    const { todoId, seen, to } = parsed.data;
    const moved = await moveTodo(db, actor, { id: todoId, seen, to });
    if (!moved.ok) {
      const error =
        moved.reason === "stale"
          ? "Not moved: the list changed since you loaded it (someone moved, added or removed an item). It now shows the current order; try again."
          : "Not moved: this item no longer exists. The list now shows the current items.";
      return data<TodoListActionResult>({ intent: "move", error }, { status: moved.reason === "stale" ? 409 : 404 });
    }
    return data<TodoListActionResult>({
      intent: "move",
      moved: moved.moved,
      message: moved.moved
        ? `Moved “${moved.item.title}” to position ${moved.position} of ${moved.of}.`
        : `“${moved.item.title}” stays at position ${moved.position} of ${moved.of}.`,
    });
  }

  const parsed = statusTodoSchema.safeParse(values);
  if (!parsed.success) {
    return data<TodoListActionResult>(
      { intent: "status", error: `Not changed: ${parsed.error.issues[0]!.message}` },
      { status: 400 },
    );
  }
  const saved = await updateTodo(db, actor, {
    id: parsed.data.todoId,
    baseVersion: parsed.data.version,
    changes: { status: parsed.data.status },
  });
  if (saved.ok) {
    return data<TodoListActionResult>({
      intent: "status",
      message: `“${saved.item.title}” is ${TODO_STATUS_LABELS[saved.item.status].toLowerCase()}.`,
    });
  }
  if (saved.reason === "conflict") {
    const { current } = saved;
    const who = current.updatedBy ? current.updatedBy.email : "an account since deleted";
    return data<TodoListActionResult>(
      {
        intent: "status",
        error: `Not changed: “${current.title}” was changed by ${who} at ${formatUtc(current.updatedAt)} after you loaded the list. The list now shows it as it is.`,
      },
      { status: 409 },
    );
  }
  return data<TodoListActionResult>(
    { intent: "status", error: "Not changed: this item no longer exists. The list now shows the current items." },
    { status: 404 },
  );
}

/** The rows in the order a move on its way to the server will give them, so a drop stays where it fell. */
function withPendingMove(rows: readonly TodoRow[], formData: FormData | undefined): readonly TodoRow[] {
  if (formData?.get("intent") !== "move") return rows;
  const id = formData.get("todoId");
  const to = Number(formData.get("to"));
  const from = rows.findIndex((row) => row.id === id);
  if (from === -1 || !Number.isInteger(to) || to < 0 || to >= rows.length) return rows;
  const next = [...rows];
  next.splice(to, 0, ...next.splice(from, 1));
  return next;
}

export default function TodoPage({ loaderData, actionData }: Route.ComponentProps) {
  const { filter, counts, rows, assignees } = loaderData;
  const [searchParams] = useSearchParams();
  // Moves and status changes share one fetcher, so the list says what happened last, once.
  const rowChange = useFetcher<TodoListActionResult>({ key: "todo-row-change" });
  const navigation = useNavigation();
  const shown = useMemo(() => withPendingMove(rows, rowChange.formData), [rows, rowChange.formData]);
  const deleted = searchParams.get("deleted");

  // Without scripts the row buttons post the page itself: its answer is the action's data.
  const result = actionData as TodoListActionResult | undefined;
  const rowResult = rowChange.data ?? (result?.intent === "move" || result?.intent === "status" ? result : undefined);
  const createResult = result?.intent === "create" ? result : undefined;
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";

  return (
    <Page
      title="Todo"
      lead="The team's list, in the order we mean to work through it. Drag a row by its handle, or use its arrow buttons, to reorder it."
      maxWidth="lg"
    >
      {deleted && (
        <Alert severity="success" sx={{ mb: 3 }}>
          Deleted “{deleted}”.
        </Alert>
      )}

      <AdminSection id="todo-list-heading" title={`${TODO_FILTER_LABELS[filter]} items`} sx={{ mb: 5 }}>
        <TodoFilters current={filter} counts={counts} hrefFor={todoListPath} />
        {/* One polite region for what happened to the list: moves and status changes, said once. */}
        <Box aria-live="polite" sx={{ mb: 1, minHeight: "1.5rem" }}>
          {rowResult && "message" in rowResult && (
            <Typography variant="body2" color="text.secondary">
              {rowResult.message}
            </Typography>
          )}
        </Box>
        {rowResult && "error" in rowResult && (
          <Alert severity="warning" role="alert" sx={{ mb: 2 }}>
            {rowResult.error}
          </Alert>
        )}
        {shown.length === 0 ? (
          <Typography color="text.secondary">{emptyText(filter)}</Typography>
        ) : (
          <TodoList
            labelledBy="todo-list-heading"
            rows={shown}
            moving={rowChange.state !== "idle"}
            onMove={(id, to) =>
              void rowChange.submit(
                { intent: "move", todoId: id, to: String(to), seen: rows.map((row) => row.id).join(",") },
                { method: "post" },
              )
            }
            rowActions={(row) => (
              <rowChange.Form method="post">
                <input type="hidden" name="intent" value="status" />
                <input type="hidden" name="todoId" value={row.id} />
                <input type="hidden" name="version" value={row.version} />
                <input type="hidden" name="status" value={row.status === "done" ? "open" : "done"} />
                <Button
                  type="submit"
                  size="small"
                  color="inherit"
                  variant="outlined"
                  aria-label={`${row.status === "done" ? "Reopen" : "Mark done"}: ${row.title}`}
                  sx={{ whiteSpace: "nowrap" }}
                >
                  {row.status === "done" ? "Reopen" : "Mark done"}
                </Button>
              </rowChange.Form>
            )}
          />
        )}
      </AdminSection>

      <FormSection id="new-todo-heading" title="New item">
        {createResult && "created" in createResult && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            Added “
            <MuiLink component={Link} to={todoItemPath(createResult.created.id)}>
              {createResult.created.title}
            </MuiLink>
            ” at position {createResult.created.place} of the whole list.
            {createResult.created.problems > 0 &&
              ` Its notes have ${countOf(createResult.created.problems, "problem")} to fix: its page lists them.`}
          </Alert>
        )}
        {createResult && "errors" in createResult && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            Not added: {createResult.errors.form ?? "mend the fields marked below."}
          </Alert>
        )}
        <CreateForm
          // A new, empty form after each item added.
          key={createResult && "created" in createResult ? createResult.created.id : "new"}
          assignees={assignees}
          refused={createResult && "errors" in createResult ? createResult : undefined}
          creating={creating}
        />
      </FormSection>
    </Page>
  );
}

function emptyText(filter: TodoFilter): string {
  switch (filter) {
    case "all":
      return "The list is empty. Add the first item below.";
    case "mine":
      return "Nothing is assigned to you.";
    case "overdue":
      return "Nothing is overdue.";
    default:
      return `No item is ${TODO_STATUS_LABELS[filter].toLowerCase()}.`;
  }
}

function CreateForm({
  assignees,
  refused,
  creating,
}: {
  assignees: readonly AssigneeChoice[];
  refused?: { errors: Partial<Record<string, string>>; values: Record<string, string> };
  creating: boolean;
}) {
  const errors = refused?.errors ?? {};
  const values = refused?.values ?? { title: "", notes: "", assigneeId: "", dueOn: "", priority: "normal" };
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="intent" value="create" />
      <Stack spacing={2}>
        <TodoTitleField defaultValue={values.title!} errors={errors} />
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "2fr 1fr 1fr" } }}>
          <AssigneeField choices={assignees} defaultValue={values.assigneeId!} errors={errors} />
          <DueDateField defaultValue={values.dueOn!} errors={errors} />
          <PriorityField defaultValue={values.priority || "normal"} errors={errors} />
        </Box>
        <TextField
          name="notes"
          label="Notes"
          defaultValue={values.notes}
          multiline
          minRows={3}
          maxRows={12}
          fullWidth
          error={Boolean(errors.notes)}
          helperText={
            errors.notes ??
            "Optional. Markdown with formulas, as in lessons: $\\gcd(a, b)$ inline, $$…$$ on a line of its own. The item's page shows them typeset."
          }
          slotProps={{ htmlInput: { maxLength: TODO_NOTES_MAX_LENGTH, spellCheck: true } }}
        />
        <Box>
          <Button type="submit" variant="contained" disabled={creating}>
            {creating ? "Adding…" : "Add item"}
          </Button>
        </Box>
      </Stack>
    </Form>
  );
}
