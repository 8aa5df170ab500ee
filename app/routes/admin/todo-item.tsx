import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { z } from "zod";
import { AdminSection } from "#app/components/admin/admin-section";
import { PageActions } from "#app/components/admin/page-actions";
import { ConfirmButton, ConfirmStep, type Confirmation } from "#app/components/admin/todo/confirm-button";
import { TodoComments, type TodoCommentView } from "#app/components/admin/todo/todo-comments";
import { TodoDetails, type TodoFacts } from "#app/components/admin/todo/todo-details";
import {
  AssigneeField,
  DueDateField,
  PriorityField,
  StatusField,
  TodoTitleField,
  type AssigneeChoice,
} from "#app/components/admin/todo/todo-fields";
import { ConflictNotice } from "#app/components/content-admin/conflict-notice";
import { useRevisionBase } from "#app/components/content-admin/revision-saving";
import { LessonBody } from "#app/components/lesson/lesson-body";
import { LessonProblems } from "#app/components/lesson/lesson-problems";
import { LineDiffView } from "#app/components/lesson/line-diff-view";
import { MarkdownEditor } from "#app/components/lesson/markdown-editor";
import { Page } from "#app/components/page";
import { requireUser } from "#app/auth/access.server";
import { fieldErrors, submittedText } from "#app/http/form.server";
import { readForm } from "#app/http/read-form.server";
import {
  addTodoComment,
  deleteTodo,
  deleteTodoComment,
  findTodo,
  listAssignableAdmins,
  listTodoComments,
  updateTodo,
  type TodoFields,
  type TodoItem,
  type TodoPerson,
} from "#app/models/todo.server";
import { TODO_NOTES_MAX_LENGTH, TODO_PRIORITY_LABELS, TODO_STATUS_LABELS } from "#app/models/todo-vocabulary";
import { useUnsavedForm } from "#app/offline/unsaved-input";
import {
  commentSchema,
  deleteCommentSchema,
  deleteTodoSchema,
  saveTodoSchema,
  TODO_FORM_FIELDS,
} from "#app/todo/todo-form.server";
import { renderTodoText } from "#app/todo/todo-markdown.server";
import { isOverdue, personLabel, TODO_PATH, todoItemPath } from "#app/todo/todo-view";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { formatUtc } from "#app/utils/format-date";
import { diffLines } from "#app/utils/line-diff";
import type { Route } from "./+types/todo-item";

export { katexStylesheet as links } from "#app/components/math/katex-stylesheet";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.item.title ?? "Todo item"} · Todo · Numberlab` },
];

/** Who made a change, when the account that made it is gone. */
const DELETED_ACCOUNT = "an account since deleted";

const notFound = () =>
  data({ message: "There is no todo item at this address: it may have been deleted." }, { status: 404 });

async function loadItem(todoId: string | undefined): Promise<TodoItem> {
  const id = z.uuid().safeParse(todoId);
  const item = id.success ? await findTodo(getDatabase().db, id.data) : undefined;
  if (!item) throw notFound();
  return item;
}

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const me = requireUser(context);
  const item = await loadItem(params.todoId);
  const { db } = getDatabase();
  const [comments, admins] = await Promise.all([listTodoComments(db, item.id), listAssignableAdmins(db)]);
  const search = new URL(request.url).searchParams;
  const assignees: AssigneeChoice[] = admins.map((admin) => ({
    id: admin.id,
    label: personLabel(admin, me.id),
  }));
  // An assignee who is no longer an administrator stays chosen until someone picks another.
  if (item.assignee && !assignees.some((choice) => choice.id === item.assignee!.id)) {
    assignees.push({ id: item.assignee.id, label: `${personLabel(item.assignee)} (no longer an administrator)` });
  }
  const notes = renderTodoText(item.notes, "notes-");
  return {
    editing: search.has("edit"),
    // The confirmation of a save, while the item still is as saved.
    saved: search.get("saved") === String(item.version),
    item: {
      id: item.id,
      title: item.title,
      notes: item.notes,
      assigneeId: item.assignee?.id ?? "",
      dueOn: item.dueOn ?? "",
      priority: item.priority,
      status: item.status,
      version: item.version,
    },
    facts: {
      status: item.status,
      priority: item.priority,
      assignee: item.assignee ? personLabel(item.assignee, me.id) : null,
      dueOn: item.dueOn,
      overdue: isOverdue(item, now()),
      createdBy: item.createdBy ? personLabel(item.createdBy) : DELETED_ACCOUNT,
      createdAt: item.createdAt,
      updatedBy: item.updatedBy ? personLabel(item.updatedBy) : DELETED_ACCOUNT,
      updatedAt: item.updatedAt,
      doneAt: item.doneAt,
      version: item.version,
    } satisfies TodoFacts,
    notes: { blocks: notes.blocks, problems: notes.problems },
    comments: comments.map((comment, index): TodoCommentView => {
      const rendered = renderTodoText(comment.body, `comment-${index + 1}-`);
      return {
        id: comment.id,
        author: comment.author ? personLabel(comment.author) : DELETED_ACCOUNT,
        mine: comment.author?.id === me.id,
        createdAt: comment.createdAt,
        blocks: rendered.blocks,
        problems: rendered.problems,
      };
    }),
    assignees,
  };
}

/** A field of the item as the conflict notice compares it. */
interface FieldDifference {
  label: string;
  theirs: string;
  yours: string;
}

export type TodoItemActionResult =
  | {
      intent: "save";
      outcome: "invalid";
      errors: Partial<Record<string, string>>;
      values: Record<string, string>;
    }
  | {
      intent: "save";
      outcome: "conflict";
      current: { version: number; savedBy: string; savedAt: string };
      differences: FieldDifference[];
      notesDiff: ReturnType<typeof diffLines> | null;
      values: Record<string, string>;
    }
  | { intent: "delete"; confirm: true }
  | { intent: "delete"; error: string }
  | { intent: "comment"; added: string }
  | { intent: "comment"; error: string; body: string }
  | { intent: "delete-comment"; confirm: string }
  | { intent: "delete-comment"; message: string }
  | { intent: "delete-comment"; error: string };

const intentSchema = z.enum(["save", "delete", "comment", "delete-comment"], {
  error: "Choose one of the page's actions.",
});

export async function action({ params, request, context }: Route.ActionArgs) {
  const me = requireUser(context);
  const actor = { id: me.id, email: me.email };
  // The body is read first, so a large one is never cut off by an early 404 (a reset connection).
  const values = await readForm(request);
  const item = await loadItem(params.todoId);
  const { db } = getDatabase();
  const intent = intentSchema.safeParse(values.intent);
  if (!intent.success) throw data({ message: intent.error.issues[0]!.message }, { status: 400 });
  const reply = (result: TodoItemActionResult, status = 200) => data(result, { status });

  switch (intent.data) {
    case "save": {
      const typed = submittedText(values, [...TODO_FORM_FIELDS, "version"]);
      const parsed = saveTodoSchema.safeParse(values);
      if (!parsed.success) {
        return reply({ intent: "save", outcome: "invalid", errors: fieldErrors(parsed.error), values: typed }, 400);
      }
      const { version, ...fields } = parsed.data;
      const saved = await updateTodo(db, actor, { id: item.id, baseVersion: version, changes: fields });
      if (saved.ok) return redirect(`${todoItemPath(item.id)}?saved=${saved.item.version}`);
      if (saved.reason === "not-found") throw notFound();
      if (saved.reason === "assignee") {
        return reply({ intent: "save", outcome: "invalid", errors: { assigneeId: saved.message }, values: typed }, 400);
      }
      const { current } = saved;
      return reply(
        {
          intent: "save",
          outcome: "conflict",
          current: {
            version: current.version,
            savedBy: current.updatedBy?.email ?? DELETED_ACCOUNT,
            savedAt: current.updatedAt,
          },
          differences: differences(current, fields, await listAssignableAdmins(db)),
          notesDiff: current.notes === fields.notes ? null : diffLines(current.notes, fields.notes),
          values: typed,
        },
        409,
      );
    }
    case "delete": {
      const parsed = deleteTodoSchema.safeParse(values);
      if (!parsed.success) return reply({ intent: "delete", error: parsed.error.issues[0]!.message }, 400);
      // Without scripts the button posts unconfirmed: the page then asks, as the dialog does.
      if (!parsed.data.confirmed) return reply({ intent: "delete", confirm: true });
      const deleted = await deleteTodo(db, actor, { id: item.id, baseVersion: parsed.data.version });
      if (deleted.ok) return redirect(`${TODO_PATH}?${new URLSearchParams({ deleted: deleted.item.title })}`);
      if (deleted.reason === "not-found") throw notFound();
      const who = deleted.current.updatedBy?.email ?? DELETED_ACCOUNT;
      return reply(
        {
          intent: "delete",
          error: `Not deleted: ${who} changed this item at ${formatUtc(deleted.current.updatedAt)}, after you opened it. The page now shows it as it is; delete it again if you still mean to.`,
        },
        409,
      );
    }
    case "comment": {
      const parsed = commentSchema.safeParse(values);
      if (!parsed.success) {
        const body = typeof values.body === "string" ? values.body : "";
        return reply({ intent: "comment", error: parsed.error.issues[0]!.message, body }, 400);
      }
      const added = await addTodoComment(db, actor, { todoId: item.id, body: parsed.data.body });
      if (!added.ok) throw notFound();
      return reply({ intent: "comment", added: added.comment.id });
    }
    case "delete-comment": {
      const parsed = deleteCommentSchema.safeParse(values);
      if (!parsed.success) return reply({ intent: "delete-comment", error: parsed.error.issues[0]!.message }, 400);
      if (values.confirmed !== "yes") return reply({ intent: "delete-comment", confirm: parsed.data.commentId });
      const deleted = await deleteTodoComment(db, actor, { todoId: item.id, commentId: parsed.data.commentId });
      if (deleted.ok) return reply({ intent: "delete-comment", message: "Your comment was deleted." });
      return deleted.reason === "not-author"
        ? reply({ intent: "delete-comment", error: "Only its author can delete a comment." }, 403)
        : reply({ intent: "delete-comment", error: "This comment no longer exists." }, 404);
    }
  }
}

/** The short fields where the version saved meanwhile and the refused save differ, in words. */
function differences(current: TodoItem, mine: TodoFields, admins: readonly TodoPerson[]): FieldDifference[] {
  const people = [...admins, ...(current.assignee ? [current.assignee] : [])];
  const assignee = (id: string | null) => {
    const found = people.find((person) => person.id === id);
    return id === null ? "nobody" : found ? personLabel(found) : "an account that is not an administrator";
  };
  const compared: [string, string, string][] = [
    ["Title", current.title, mine.title],
    ["Assignee", assignee(current.assignee?.id ?? null), assignee(mine.assigneeId)],
    ["Due date", current.dueOn ?? "none", mine.dueOn ?? "none"],
    ["Priority", TODO_PRIORITY_LABELS[current.priority], TODO_PRIORITY_LABELS[mine.priority]],
    ["Status", TODO_STATUS_LABELS[current.status], TODO_STATUS_LABELS[mine.status]],
  ];
  return compared
    .filter(([, theirs, yours]) => theirs !== yours)
    .map(([label, theirs, yours]) => ({ label, theirs, yours }));
}

const DELETE_CONFIRMATION = (title: string): Confirmation => ({
  title: `Delete “${title}”?`,
  text: "The item and its comments are removed for everyone. The audit log keeps that it existed and who deleted it.",
  confirmLabel: "Delete item",
});

const COMMENT_CONFIRMATION: Confirmation = {
  title: "Delete your comment?",
  text: "It is removed for everyone. The audit log keeps that you deleted a comment, not its text.",
  confirmLabel: "Delete comment",
};

export default function TodoItemPage({ loaderData, actionData }: Route.ComponentProps) {
  const { item, facts, notes, comments, assignees, editing, saved } = loaderData;
  const result = actionData as TodoItemActionResult | undefined;
  const itemPath = todoItemPath(item.id);
  const deletion = result?.intent === "delete" ? result : undefined;
  const commentDeletion = result?.intent === "delete-comment" ? result : undefined;
  const comment = result?.intent === "comment" ? result : undefined;

  if (editing) {
    return (
      <Page title={`Edit: ${item.title}`} maxWidth="xl">
        <PageActions back={{ to: itemPath, label: "Back to the item" }} />
        {/* A newer version (after a save elsewhere and a reload) starts the editor afresh from it. */}
        <TodoEditor
          key={item.version}
          item={item}
          assignees={assignees}
          result={result?.intent === "save" ? result : undefined}
          cancelTo={itemPath}
        />
      </Page>
    );
  }

  return (
    <Page title={item.title} maxWidth="lg">
      <PageActions back={{ to: TODO_PATH, label: "Back to the list" }}>
        <Button component={Link} to={`${itemPath}?edit`} variant="contained">
          Edit
        </Button>
        <ConfirmButton
          fields={{ intent: "delete", version: String(item.version) }}
          label="Delete"
          accessibleName="Delete this item"
          confirmation={DELETE_CONFIRMATION(item.title)}
        />
      </PageActions>
      {saved && (
        <Alert severity="success" role="status" sx={{ mb: 3 }}>
          Saved.
        </Alert>
      )}
      {deletion && "confirm" in deletion && (
        <ConfirmStep
          fields={{ intent: "delete", version: String(item.version) }}
          confirmation={DELETE_CONFIRMATION(item.title)}
          cancelTo={itemPath}
        />
      )}
      {deletion && "error" in deletion && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          {deletion.error}
        </Alert>
      )}

      <TodoDetails facts={facts} />

      <AdminSection id="notes-heading" title="Notes" sx={{ mb: 5 }}>
        {item.notes.trim() === "" ? (
          <Typography color="text.secondary">No notes.</Typography>
        ) : (
          <>
            <LessonBody blocks={notes.blocks} />
            {notes.problems.length > 0 && (
              <Box sx={{ mt: 2 }}>
                <Typography variant="subtitle2" component="h3" gutterBottom>
                  Problems in the notes
                </Typography>
                <LessonProblems problems={notes.problems} />
              </Box>
            )}
          </>
        )}
      </AdminSection>

      <AdminSection id="comments-heading" title={`Comments (${comments.length})`}>
        {commentDeletion && "confirm" in commentDeletion && (
          <ConfirmStep
            fields={{ intent: "delete-comment", commentId: commentDeletion.confirm }}
            confirmation={COMMENT_CONFIRMATION}
            cancelTo={itemPath}
          />
        )}
        {commentDeletion && "message" in commentDeletion && (
          <Alert severity="success" role="status" sx={{ mb: 2 }}>
            {commentDeletion.message}
          </Alert>
        )}
        {commentDeletion && "error" in commentDeletion && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            Not deleted: {commentDeletion.error}
          </Alert>
        )}
        <TodoComments comments={comments} sent={comment} />
      </AdminSection>
    </Page>
  );
}

type SaveResult = Extract<TodoItemActionResult, { intent: "save" }>;

function TodoEditor({
  item,
  assignees,
  result,
  cancelTo,
}: {
  item: Route.ComponentProps["loaderData"]["item"];
  assignees: readonly AssigneeChoice[];
  result: SaveResult | undefined;
  cancelTo: string;
}) {
  const conflict = result?.outcome === "conflict" ? result : undefined;
  // After a refusal the form shows what was typed, based on the version it was typed over (without
  // scripts the page is rendered afresh, and its item is already the newer version).
  const typed = result?.values;
  const typedVersion = Number(typed?.version);
  const base = useRevisionBase(
    Number.isInteger(typedVersion) && typedVersion > 0 ? typedVersion : item.version,
    conflict?.current.version,
  );
  const [notes, setNotes] = useState(typed?.notes ?? item.notes);
  const unsavedForm = useUnsavedForm(item.version);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const errors = result?.outcome === "invalid" ? result.errors : {};
  const value = (field: keyof typeof item) => typed?.[field] ?? String(item[field]);

  return (
    <Form method="post" ref={unsavedForm}>
      {conflict && base.unsettled && (
        <ConflictNotice
          what="item"
          counter="version"
          current={{
            number: conflict.current.version,
            savedBy: conflict.current.savedBy,
            createdAt: conflict.current.savedAt,
          }}
          difference={<ConflictDifference conflict={conflict} />}
          onOverride={() => base.override(conflict.current.version)}
        />
      )}
      {base.overridden !== null && (
        <Alert severity="warning" sx={{ mb: 3 }}>
          Your text now replaces version {base.overridden} when you save.
        </Alert>
      )}
      {result?.outcome === "invalid" && (
        <Alert severity="error" role="alert" sx={{ mb: 3 }}>
          Not saved: {errors.form ?? errors.version ?? "mend the fields marked below."}
        </Alert>
      )}
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="version" value={base.baseRevision} />
      <Stack spacing={2} sx={{ mb: 3 }}>
        <TodoTitleField defaultValue={value("title")} errors={errors} />
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "1fr 1fr", md: "2fr 1fr 1fr 1fr" } }}>
          <AssigneeField choices={assignees} defaultValue={value("assigneeId")} errors={errors} />
          <DueDateField defaultValue={value("dueOn")} errors={errors} />
          <PriorityField defaultValue={value("priority")} errors={errors} />
          <StatusField defaultValue={value("status")} errors={errors} />
        </Box>
      </Stack>
      {errors.notes && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {errors.notes}
        </Alert>
      )}
      <MarkdownEditor
        name="notes"
        label="Notes (Markdown)"
        value={notes}
        onChange={setNotes}
        maxLength={TODO_NOTES_MAX_LENGTH}
      />
      <Stack direction="row" spacing={2} sx={{ mt: 3 }}>
        <Button type="submit" variant="contained" size="large" disabled={saving}>
          {saving ? "Saving…" : "Save"}
        </Button>
        <Button component={Link} to={cancelTo} color="inherit" size="large">
          Cancel
        </Button>
      </Stack>
    </Form>
  );
}

/** What saving the refused text would change in the version saved meanwhile: its fields, then its notes. */
function ConflictDifference({ conflict }: { conflict: Extract<SaveResult, { outcome: "conflict" }> }) {
  return (
    <>
      {conflict.differences.length > 0 && (
        <Box component="ul" sx={{ mt: 0, pl: 3 }} aria-label="Fields that differ">
          {conflict.differences.map((difference) => (
            <li key={difference.label}>
              {difference.label}: theirs “{difference.theirs}”, yours “{difference.yours}”
            </li>
          ))}
        </Box>
      )}
      {conflict.notesDiff && (
        <LineDiffView
          diff={conflict.notesDiff}
          label={`Difference between version ${conflict.current.version}'s notes and yours`}
        />
      )}
      {conflict.differences.length === 0 && !conflict.notesDiff && (
        <Typography>Your text is the same as theirs: saving it changes nothing they wrote.</Typography>
      )}
    </>
  );
}
