import { type Expression, type Kysely, type SqlBool, type Updateable } from "kysely";
import type { Database, TodoItemsTable } from "#database/schema";
import { isoNow } from "../utils/clock";
import { recordAudit, type AuditDetails, type AuditParty } from "./audit-log.server";
import { advisoryLock, serializedTransaction } from "./serialized-transaction.server";
import type { TodoFilter, TodoPriority, TodoStatus } from "./todo-vocabulary";

/**
 * The admin team's todo list (/admin/todo): items in one shared order, each with notes, an assignee,
 * a due day, a priority, a status and comments. Every change is audited in its own transaction.
 *
 * Two kinds of concurrency are handled differently:
 * - Edits to one item carry the version they started from and are a compare-and-set on it, so a save
 *   made from an older version is refused (with who saved the newer one), as in the content editor.
 * - Changes to the order (create, move, delete) run one at a time across every instance: PostgreSQL
 *   holds a transaction-scoped advisory lock, SQLite takes its write lock before the first read. A move
 *   carries the order its admin saw and is refused when that order changed meanwhile.
 */

/** An account as the list names it. */
export interface TodoPerson {
  id: string;
  email: string;
  displayName: string | null;
}

export interface TodoItem {
  id: string;
  title: string;
  /** Markdown with formulas. */
  notes: string;
  /** Null when unassigned, or once the assignee's account was deleted. */
  assignee: TodoPerson | null;
  /** A calendar day, YYYY-MM-DD. */
  dueOn: string | null;
  priority: TodoPriority;
  status: TodoStatus;
  /** 0 first, across the whole list. */
  position: number;
  /** Raised by every edit; moves and comments leave it. */
  version: number;
  createdBy: TodoPerson | null;
  createdAt: string;
  updatedBy: TodoPerson | null;
  updatedAt: string;
  doneAt: string | null;
  commentCount: number;
}

/** The fields an admin sets; the rest the model keeps. */
export interface TodoFields {
  title: string;
  notes: string;
  assigneeId: string | null;
  dueOn: string | null;
  priority: TodoPriority;
  status: TodoStatus;
}

export interface TodoComment {
  id: string;
  todoId: string;
  /** Null once the author's account was deleted. */
  author: TodoPerson | null;
  body: string;
  createdAt: string;
}

export const ASSIGNEE_NOT_ADMIN_MESSAGE =
  "Choose an administrator as the assignee: that account is not one (or no longer exists).";

export type TodoRefusal =
  | { ok: false; reason: "not-found" }
  /** Someone saved (or deleted) a newer version meanwhile: here it is. */
  | { ok: false; reason: "conflict"; current: TodoItem }
  | { ok: false; reason: "assignee"; message: string };

export type TodoCreateResult = { ok: true; item: TodoItem } | Extract<TodoRefusal, { reason: "assignee" }>;

export type TodoUpdateResult = { ok: true; item: TodoItem; changed: (keyof TodoFields)[] } | TodoRefusal;

export type TodoMoveResult =
  /** position counts from 1 in the order the admin saw, of `of` items. */
  | { ok: true; item: TodoItem; position: number; of: number; moved: boolean }
  | { ok: false; reason: "not-found" }
  /** The items the admin saw are no longer in that order (or some are gone). */
  | { ok: false; reason: "stale" };

export type TodoDeleteResult = { ok: true; item: TodoItem } | Exclude<TodoRefusal, { reason: "assignee" }>;

export type TodoCommentResult = { ok: true; comment: TodoComment } | { ok: false; reason: "not-found" };

export type TodoCommentDeleteResult =
  { ok: true; comment: TodoComment } | { ok: false; reason: "not-found" } | { ok: false; reason: "not-author" };

/** The list order's advisory lock on PostgreSQL; the key is this module's own. */
const TODO_LIST_LOCK = advisoryLock(22_002, 1);

/** Runs `work` in a transaction no other change of the order can interleave with (see the module comment). */
async function changeList<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return serializedTransaction(db, TODO_LIST_LOCK, work);
}

function selectItems(db: Kysely<Database>) {
  return db
    .selectFrom("todo_items")
    .leftJoin("users as assignee", "assignee.id", "todo_items.assignee_id")
    .leftJoin("users as creator", "creator.id", "todo_items.created_by")
    .leftJoin("users as editor", "editor.id", "todo_items.updated_by")
    .selectAll("todo_items")
    .select((eb) => [
      "assignee.email as assignee_email",
      "assignee.display_name as assignee_name",
      "creator.email as creator_email",
      "creator.display_name as creator_name",
      "editor.email as editor_email",
      "editor.display_name as editor_name",
      eb
        .selectFrom("todo_comments")
        .select((inner) => inner.fn.countAll<number | string>().as("count"))
        .whereRef("todo_comments.todo_id", "=", "todo_items.id")
        .as("comment_count"),
    ]);
}

type ItemRow = Awaited<ReturnType<ReturnType<typeof selectItems>["executeTakeFirstOrThrow"]>>;

function person(id: string | null, email: string | null, displayName: string | null): TodoPerson | null {
  return id !== null && email !== null ? { id, email, displayName } : null;
}

function toItem(row: ItemRow): TodoItem {
  return {
    id: row.id,
    title: row.title,
    notes: row.notes,
    assignee: person(row.assignee_id, row.assignee_email, row.assignee_name),
    dueOn: row.due_on,
    priority: row.priority,
    status: row.status,
    position: row.position,
    version: row.version,
    createdBy: person(row.created_by, row.creator_email, row.creator_name),
    createdAt: row.created_at,
    updatedBy: person(row.updated_by, row.editor_email, row.editor_name),
    updatedAt: row.updated_at,
    doneAt: row.done_at,
    commentCount: Number(row.comment_count ?? 0),
  };
}

export async function findTodo(db: Kysely<Database>, id: string): Promise<TodoItem | undefined> {
  const row = await selectItems(db).where("todo_items.id", "=", id).executeTakeFirst();
  return row ? toItem(row) : undefined;
}

/** Today as the list counts it: overdue means due before this day, in UTC. */
function today(): string {
  return isoNow().slice(0, 10);
}

/** The items a view shows, in the list's order. `viewerId` is whose "mine" it is. */
export async function listTodos(
  db: Kysely<Database>,
  { filter, viewerId }: { filter: TodoFilter; viewerId: string },
): Promise<TodoItem[]> {
  let query = selectItems(db);
  switch (filter) {
    case "all":
      break;
    case "mine":
      query = query.where("todo_items.assignee_id", "=", viewerId);
      break;
    case "overdue":
      query = query.where("todo_items.due_on", "<", today()).where("todo_items.status", "!=", "done");
      break;
    default:
      query = query.where("todo_items.status", "=", filter);
  }
  const rows = await query.orderBy("todo_items.position").orderBy("todo_items.id").execute();
  return rows.map(toItem);
}

/** How many items each view shows, for the filter links. */
export async function countTodos(db: Kysely<Database>, viewerId: string): Promise<Record<TodoFilter, number>> {
  const day = today();
  const row = await db
    .selectFrom("todo_items")
    .select((eb) => {
      const countWhen = (condition: Expression<SqlBool>) =>
        eb.fn.sum<number | string | null>(eb.case().when(condition).then(1).else(0).end());
      return [
        eb.fn.countAll<number | string>().as("all"),
        countWhen(eb("assignee_id", "=", viewerId)).as("mine"),
        countWhen(eb.and([eb("due_on", "<", day), eb("status", "!=", "done")])).as("overdue"),
        countWhen(eb("status", "=", "open")).as("open"),
        countWhen(eb("status", "=", "doing")).as("doing"),
        countWhen(eb("status", "=", "done")).as("done"),
      ];
    })
    .executeTakeFirstOrThrow();
  return {
    all: Number(row.all),
    mine: Number(row.mine ?? 0),
    overdue: Number(row.overdue ?? 0),
    open: Number(row.open ?? 0),
    doing: Number(row.doing ?? 0),
    done: Number(row.done ?? 0),
  };
}

/** The accounts an item can be assigned to: active administrators, by address. */
export async function listAssignableAdmins(db: Kysely<Database>): Promise<TodoPerson[]> {
  const rows = await db
    .selectFrom("users")
    .select(["id", "email", "display_name"])
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .orderBy("email")
    .execute();
  return rows.map((row) => ({ id: row.id, email: row.email, displayName: row.display_name }));
}

/** The assignee as the audit log names them, or null when it is not an active administrator. */
async function assignableAdmin(db: Kysely<Database>, userId: string): Promise<AuditParty | null> {
  const row = await db
    .selectFrom("users")
    .select(["id", "email"])
    .where("id", "=", userId)
    .where("role", "=", "admin")
    .where("disabled_at", "is", null)
    .executeTakeFirst();
  return row ?? null;
}

const assigneeRefusal = { ok: false, reason: "assignee", message: ASSIGNEE_NOT_ADMIN_MESSAGE } as const;

/** Adds an item at the end of the list. */
export async function createTodo(
  db: Kysely<Database>,
  actor: AuditParty,
  fields: TodoFields,
): Promise<TodoCreateResult> {
  return changeList(db, async (trx) => {
    const assignee = fields.assigneeId === null ? null : await assignableAdmin(trx, fields.assigneeId);
    if (fields.assigneeId !== null && !assignee) return assigneeRefusal;
    const last = await trx
      .selectFrom("todo_items")
      .select((eb) => eb.fn.max("position").as("position"))
      .executeTakeFirst();
    const now = isoNow();
    const id = crypto.randomUUID();
    await trx
      .insertInto("todo_items")
      .values({
        id,
        title: fields.title,
        notes: fields.notes,
        assignee_id: fields.assigneeId,
        due_on: fields.dueOn,
        priority: fields.priority,
        status: fields.status,
        position: last?.position === null || last?.position === undefined ? 0 : Number(last.position) + 1,
        version: 1,
        created_by: actor.id,
        created_at: now,
        updated_by: actor.id,
        updated_at: now,
        done_at: fields.status === "done" ? now : null,
      })
      .execute();
    await recordAudit(trx, {
      actor,
      action: "todo.create",
      target: assignee,
      details: {
        todoId: id,
        title: fields.title,
        status: fields.status,
        priority: fields.priority,
        dueOn: fields.dueOn,
        assigned: fields.assigneeId !== null,
      },
    });
    return { ok: true, item: (await findTodo(trx, id))! };
  });
}

/** Thrown inside an edit's transaction to roll it back when another edit moved the version first. */
class LostRaceError extends Error {}

/** In the order an audit entry lists them. */
const FIELD_ORDER = [
  "title",
  "notes",
  "assigneeId",
  "dueOn",
  "priority",
  "status",
] as const satisfies readonly (keyof TodoFields)[];

function currentFields(item: TodoItem): TodoFields {
  return {
    title: item.title,
    notes: item.notes,
    assigneeId: item.assignee?.id ?? null,
    dueOn: item.dueOn,
    priority: item.priority,
    status: item.status,
  };
}

/**
 * Saves the fields given (all of an edit form, or only the status) over version `baseVersion`. A stale
 * base is a conflict, returned with the current item; a new assignee must be an active administrator
 * (one already assigned stays, even if no longer one). Saving what is already there changes nothing.
 */
export async function updateTodo(
  db: Kysely<Database>,
  actor: AuditParty,
  input: { id: string; baseVersion: number; changes: Partial<TodoFields> },
): Promise<TodoUpdateResult> {
  try {
    return await db.transaction().execute(async (trx): Promise<TodoUpdateResult> => {
      const current = await findTodo(trx, input.id);
      if (!current) return { ok: false, reason: "not-found" };
      if (current.version !== input.baseVersion) return { ok: false, reason: "conflict", current };
      const before = currentFields(current);
      const after = { ...before, ...definedOnly(input.changes) };
      const changed = FIELD_ORDER.filter((field) => after[field] !== before[field]);
      if (changed.length === 0) return { ok: true, item: current, changed };

      let assignee: AuditParty | null = null;
      if (changed.includes("assigneeId") && after.assigneeId !== null) {
        assignee = await assignableAdmin(trx, after.assigneeId);
        if (!assignee) return assigneeRefusal;
      }
      const now = isoNow();
      const set: Updateable<TodoItemsTable> = {
        title: after.title,
        notes: after.notes,
        assignee_id: after.assigneeId,
        due_on: after.dueOn,
        priority: after.priority,
        status: after.status,
        updated_at: now,
        updated_by: actor.id,
      };
      // done_at is when it was finished: set on reaching done, cleared when reopened.
      if (changed.includes("status")) set.done_at = after.status === "done" ? now : null;
      const result = await trx
        .updateTable("todo_items")
        .set(set)
        .set((eb) => ({ version: eb("version", "+", 1) }))
        .where("id", "=", input.id)
        .where("version", "=", input.baseVersion)
        .executeTakeFirst();
      if (result.numUpdatedRows === 0n) throw new LostRaceError();

      await recordAudit(trx, {
        actor,
        action: "todo.update",
        target: changed.includes("assigneeId") ? assignee : null,
        details: updateDetails(current, after, changed),
      });
      return { ok: true, item: (await findTodo(trx, input.id))!, changed };
    });
  } catch (error) {
    if (!(error instanceof LostRaceError)) throw error;
    const current = await findTodo(db, input.id);
    return current ? { ok: false, reason: "conflict", current } : { ok: false, reason: "not-found" };
  }
}

function definedOnly(changes: Partial<TodoFields>): Partial<TodoFields> {
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
}

/** Which fields changed, with the new value of the short ones (notes are too long for the log). */
function updateDetails(before: TodoItem, after: TodoFields, changed: (keyof TodoFields)[]): AuditDetails {
  const details: AuditDetails = { todoId: before.id, title: after.title, changed: changed.join(", ") };
  if (changed.includes("title")) details.previousTitle = before.title;
  if (changed.includes("status")) details.status = after.status;
  if (changed.includes("priority")) details.priority = after.priority;
  if (changed.includes("dueOn")) details.dueOn = after.dueOn;
  if (changed.includes("assigneeId")) details.assigned = after.assigneeId !== null;
  return details;
}

/**
 * Moves an item to place `to` (from 0) of the items its admin saw (`seen`, in the order shown: the
 * whole list or a view of it), then renumbers the list, in one transaction. Refused as stale when the
 * items seen are no longer all there in that order; items added meanwhile do not matter. Within the
 * whole list the item lands just before the seen item that follows it, or after the one before it.
 */
export async function moveTodo(
  db: Kysely<Database>,
  actor: AuditParty,
  input: { id: string; seen: readonly string[]; to: number },
): Promise<TodoMoveResult> {
  const { id, seen, to } = input;
  if (!Number.isInteger(to) || to < 0 || to >= seen.length) throw new RangeError(`No place ${to} in the list seen`);
  if (new Set(seen).size !== seen.length) throw new RangeError("The list seen names an item twice");
  return changeList(db, async (trx): Promise<TodoMoveResult> => {
    const rows = await trx
      .selectFrom("todo_items")
      .select(["id", "position"])
      .orderBy("position")
      .orderBy("id")
      .execute();
    if (!rows.some((row) => row.id === id)) return { ok: false, reason: "not-found" };
    const seenSet = new Set(seen);
    const stillSeen = rows.filter((row) => seenSet.has(row.id)).map((row) => row.id);
    if (!seen.includes(id) || stillSeen.length !== seen.length || stillSeen.some((other, i) => other !== seen[i])) {
      return { ok: false, reason: "stale" };
    }

    const shown = seen.filter((other) => other !== id);
    shown.splice(to, 0, id);
    const item = (await findTodo(trx, id))!;
    // Put back where it was: nothing to do (a move within a view must not shift it among hidden items).
    if (shown.every((other, i) => other === seen[i]))
      return { ok: true, item, position: to + 1, of: seen.length, moved: false };
    const order = rows.map((row) => row.id).filter((other) => other !== id);
    const next = shown[to + 1];
    order.splice(next !== undefined ? order.indexOf(next) : order.indexOf(shown[to - 1]!) + 1, 0, id);

    const from = rows.findIndex((row) => row.id === id);
    // Only rows whose place differs are written; this also closes any gap in the numbering.
    for (const [index, other] of order.entries()) {
      if (rows.find((row) => row.id === other)!.position !== index) {
        await trx.updateTable("todo_items").set({ position: index }).where("id", "=", other).execute();
      }
    }
    await recordAudit(trx, {
      actor,
      action: "todo.move",
      target: null,
      details: { todoId: id, title: item.title, from: from + 1, to: order.indexOf(id) + 1, of: order.length },
    });
    return { ok: true, item: { ...item, position: order.indexOf(id) }, position: to + 1, of: seen.length, moved: true };
  });
}

/** Deletes an item with its comments, if it is still at version `baseVersion`. */
export async function deleteTodo(
  db: Kysely<Database>,
  actor: AuditParty,
  input: { id: string; baseVersion: number },
): Promise<TodoDeleteResult> {
  return changeList(db, async (trx): Promise<TodoDeleteResult> => {
    const current = await findTodo(trx, input.id);
    if (!current) return { ok: false, reason: "not-found" };
    if (current.version !== input.baseVersion) return { ok: false, reason: "conflict", current };
    // Comments go with it (on delete cascade).
    await trx.deleteFrom("todo_items").where("id", "=", input.id).execute();
    await trx
      .updateTable("todo_items")
      .set((eb) => ({ position: eb("position", "-", 1) }))
      .where("position", ">", current.position)
      .execute();
    await recordAudit(trx, {
      actor,
      action: "todo.delete",
      target: null,
      details: { todoId: current.id, title: current.title, status: current.status, comments: current.commentCount },
    });
    return { ok: true, item: current };
  });
}

function selectComments(db: Kysely<Database>) {
  return db
    .selectFrom("todo_comments")
    .leftJoin("users", "users.id", "todo_comments.author_id")
    .selectAll("todo_comments")
    .select(["users.email as author_email", "users.display_name as author_name"]);
}

function toComment(row: Awaited<ReturnType<ReturnType<typeof selectComments>["executeTakeFirstOrThrow"]>>) {
  return {
    id: row.id,
    todoId: row.todo_id,
    author: person(row.author_id, row.author_email, row.author_name),
    body: row.body,
    createdAt: row.created_at,
  } satisfies TodoComment;
}

/** An item's comments, oldest first, as a conversation reads. */
export async function listTodoComments(db: Kysely<Database>, todoId: string): Promise<TodoComment[]> {
  const rows = await selectComments(db)
    .where("todo_comments.todo_id", "=", todoId)
    .orderBy("todo_comments.created_at")
    .orderBy("todo_comments.id")
    .execute();
  return rows.map(toComment);
}

export async function addTodoComment(
  db: Kysely<Database>,
  actor: AuditParty,
  input: { todoId: string; body: string },
): Promise<TodoCommentResult> {
  return db.transaction().execute(async (trx): Promise<TodoCommentResult> => {
    const item = await trx
      .selectFrom("todo_items")
      .select(["id", "title"])
      .where("id", "=", input.todoId)
      .executeTakeFirst();
    if (!item) return { ok: false, reason: "not-found" };
    const id = crypto.randomUUID();
    await trx
      .insertInto("todo_comments")
      .values({ id, todo_id: item.id, author_id: actor.id, body: input.body, created_at: isoNow() })
      .execute();
    await recordAudit(trx, {
      actor,
      action: "todo.comment",
      target: null,
      details: { todoId: item.id, title: item.title, commentId: id },
    });
    const row = await selectComments(trx).where("todo_comments.id", "=", id).executeTakeFirstOrThrow();
    return { ok: true, comment: toComment(row) };
  });
}

/** Only its author deletes a comment; the audit entry keeps which one it was, not its text. */
export async function deleteTodoComment(
  db: Kysely<Database>,
  actor: AuditParty,
  input: { todoId: string; commentId: string },
): Promise<TodoCommentDeleteResult> {
  return db.transaction().execute(async (trx): Promise<TodoCommentDeleteResult> => {
    const row = await selectComments(trx)
      .where("todo_comments.id", "=", input.commentId)
      .where("todo_comments.todo_id", "=", input.todoId)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "not-found" };
    if (row.author_id !== actor.id) return { ok: false, reason: "not-author" };
    await trx.deleteFrom("todo_comments").where("id", "=", row.id).execute();
    const item = await trx.selectFrom("todo_items").select("title").where("id", "=", row.todo_id).executeTakeFirst();
    await recordAudit(trx, {
      actor,
      action: "todo.comment.delete",
      target: null,
      details: { todoId: row.todo_id, title: item?.title ?? null, commentId: row.id, written: row.created_at },
    });
    return { ok: true, comment: toComment(row) };
  });
}
