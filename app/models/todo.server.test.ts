import { afterAll, beforeEach, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#database/connection";
import { testClock } from "#tests/setup/test-clock";
import { todoFields } from "#tests/setup/todo-fields";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { deleteAccount } from "./account-data.server";
import { revokeAdmin } from "./admin-users.server";
import { listAuditEntries, type AuditParty } from "./audit-log.server";
import {
  addTodoComment,
  ASSIGNEE_NOT_ADMIN_MESSAGE,
  countTodos,
  createTodo,
  deleteTodo,
  deleteTodoComment,
  findTodo,
  listAssignableAdmins,
  listTodoComments,
  listTodos,
  moveTodo,
  updateTodo,
  type TodoFields,
  type TodoItem,
} from "./todo.server";
import { createUser, setDisabled } from "./user.server";

const NOW = "2031-03-10T09:30:00.000Z";

describe.each(testDialects)("the todo list on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let counter = 0;

  async function admin(name = "admin"): Promise<AuditParty & { displayName: string | null }> {
    counter += 1;
    const user = await createUser(database.db, {
      email: `${name}${counter}@example.org`,
      passwordHash: null,
      role: "admin",
    });
    return { id: user.id, email: user.email, displayName: user.displayName };
  }

  async function created(actor: AuditParty, title: string, more: Partial<TodoFields> = {}): Promise<TodoItem> {
    const result = await createTodo(database.db, actor, todoFields(title, more));
    if (!result.ok) throw new Error(result.message);
    return result.item;
  }

  const order = async () => (await listTodos(database.db, { filter: "all", viewerId: "nobody" })).map((i) => i.title);
  const positions = async () =>
    (await database.db.selectFrom("todo_items").select("position").orderBy("position").execute()).map(
      (row) => row.position,
    );
  const auditOf = async (action: "todo.create" | "todo.update" | "todo.move" | "todo.delete") =>
    (await listAuditEntries(database.db, { filter: { action }, pageSize: 500 })).entries;

  beforeEach(async () => {
    testClock.set(NOW);
    // Every test starts from an empty list (accounts and the audit log stay).
    await database.db.deleteFrom("todo_items").execute();
  });

  it("adds items at the end of the list, with who made them, and audits each", async () => {
    const ada = await admin("ada");
    const bob = await admin("bob");
    const first = await created(ada, "Proofread chapter 3", {
      notes: "Check $\\varphi(n)$ in the table.",
      assigneeId: bob.id,
      dueOn: "2031-03-12",
      priority: "high",
    });
    testClock.advance(60_000);
    const second = await created(bob, "Ship it", { status: "done" });

    expect(first).toMatchObject({
      title: "Proofread chapter 3",
      notes: "Check $\\varphi(n)$ in the table.",
      assignee: { id: bob.id, email: bob.email },
      dueOn: "2031-03-12",
      priority: "high",
      status: "open",
      position: 0,
      version: 1,
      createdBy: { id: ada.id, email: ada.email },
      createdAt: NOW,
      updatedBy: { id: ada.id },
      updatedAt: NOW,
      doneAt: null,
      commentCount: 0,
    });
    // Made done at once, it was done when it was made.
    expect(second).toMatchObject({ position: 1, status: "done", doneAt: "2031-03-10T09:31:00.000Z" });
    expect(await findTodo(database.db, first.id)).toEqual(first);
    expect(await order()).toEqual(["Proofread chapter 3", "Ship it"]);

    const entry = (await auditOf("todo.create")).find((candidate) => candidate.details?.todoId === first.id);
    expect(entry).toMatchObject({
      actor: { id: ada.id, email: ada.email },
      target: { id: bob.id, email: bob.email },
      details: {
        todoId: first.id,
        title: "Proofread chapter 3",
        status: "open",
        priority: "high",
        dueOn: "2031-03-12",
        assigned: true,
      },
    });
  });

  it("assigns only active administrators: a learner, a disabled admin or an unknown id is refused and nothing is written", async () => {
    const ada = await admin("ada");
    const learner = await createUser(database.db, { email: `learner${++counter}@example.org`, passwordHash: null });
    const disabled = await admin("gone");
    await setDisabled(database.db, disabled.id, true);
    const auditBefore = (await auditOf("todo.create")).length;

    for (const assigneeId of [learner.id, disabled.id, crypto.randomUUID()]) {
      expect(await createTodo(database.db, ada, todoFields("Refused", { assigneeId }))).toEqual({
        ok: false,
        reason: "assignee",
        message: ASSIGNEE_NOT_ADMIN_MESSAGE,
      });
    }
    expect(await order()).toEqual([]);
    expect((await auditOf("todo.create")).length).toBe(auditBefore);

    const item = await created(ada, "Assign me later");
    expect(
      await updateTodo(database.db, ada, { id: item.id, baseVersion: 1, changes: { assigneeId: learner.id } }),
    ).toEqual({ ok: false, reason: "assignee", message: ASSIGNEE_NOT_ADMIN_MESSAGE });
    expect(await findTodo(database.db, item.id)).toEqual(item);

    const assignable = await listAssignableAdmins(database.db);
    expect(assignable.map((person) => person.id)).toContain(ada.id);
    expect(assignable.map((person) => person.id)).not.toContain(learner.id);
    expect(assignable.map((person) => person.id)).not.toContain(disabled.id);
    const emails = assignable.map((person) => person.email);
    expect(emails).toEqual([...emails].sort());
  });

  it("saves an edit over the version it started from, names the fields changed, and raises the version", async () => {
    const ada = await admin("ada");
    const bob = await admin("bob");
    const item = await created(ada, "Draft the quiz");
    testClock.advance(3_600_000);

    const saved = await updateTodo(database.db, bob, {
      id: item.id,
      baseVersion: 1,
      changes: {
        ...todoFields("Draft the quiz on orders"),
        notes: "Use $\\operatorname{ord}_7(3)$.",
        assigneeId: ada.id,
        dueOn: "2031-04-01",
        priority: "urgent",
        status: "doing",
      },
    });
    expect(saved).toMatchObject({
      ok: true,
      changed: ["title", "notes", "assigneeId", "dueOn", "priority", "status"],
      item: {
        title: "Draft the quiz on orders",
        notes: "Use $\\operatorname{ord}_7(3)$.",
        assignee: { id: ada.id },
        dueOn: "2031-04-01",
        priority: "urgent",
        status: "doing",
        version: 2,
        createdBy: { id: ada.id },
        createdAt: NOW,
        updatedBy: { id: bob.id, email: bob.email },
        updatedAt: "2031-03-10T10:30:00.000Z",
        doneAt: null,
      },
    });
    const entry = (await auditOf("todo.update")).find((candidate) => candidate.details?.todoId === item.id);
    expect(entry).toMatchObject({
      actor: { id: bob.id },
      target: { id: ada.id, email: ada.email },
      details: {
        title: "Draft the quiz on orders",
        previousTitle: "Draft the quiz",
        changed: "title, notes, assigneeId, dueOn, priority, status",
        status: "doing",
        priority: "urgent",
        dueOn: "2031-04-01",
        assigned: true,
      },
    });

    // Saving the same again changes nothing: no new version, no audit entry.
    const updates = (await auditOf("todo.update")).length;
    const again = await updateTodo(database.db, bob, {
      id: item.id,
      baseVersion: 2,
      changes: { title: "Draft the quiz on orders", status: "doing" },
    });
    expect(again).toMatchObject({ ok: true, changed: [], item: { version: 2 } });
    expect((await auditOf("todo.update")).length).toBe(updates);
  });

  it("sets done_at when an item is done and clears it when reopened; unassigning names nobody", async () => {
    const ada = await admin("ada");
    const item = await created(ada, "Fix the sieve", { assigneeId: ada.id });
    testClock.advance(86_400_000);
    const done = await updateTodo(database.db, ada, { id: item.id, baseVersion: 1, changes: { status: "done" } });
    expect(done).toMatchObject({
      ok: true,
      changed: ["status"],
      item: { status: "done", doneAt: "2031-03-11T09:30:00.000Z" },
    });
    const reopened = await updateTodo(database.db, ada, {
      id: item.id,
      baseVersion: 2,
      changes: { status: "open", assigneeId: null },
    });
    expect(reopened).toMatchObject({ ok: true, item: { status: "open", doneAt: null, assignee: null, version: 3 } });
    const entry = (await auditOf("todo.update")).find(
      (candidate) => candidate.details?.todoId === item.id && candidate.details.changed === "assigneeId, status",
    );
    expect(entry).toMatchObject({ target: { id: null, email: null }, details: { assigned: false, status: "open" } });
  });

  it("refuses a save from an older version with who saved the newer one, and changes nothing", async () => {
    const ada = await admin("ada");
    const bob = await admin("bob");
    const item = await created(ada, "Write the hints");
    testClock.advance(120_000);
    const bobs = await updateTodo(database.db, bob, { id: item.id, baseVersion: 1, changes: { notes: "Bob's notes" } });
    expect(bobs.ok).toBe(true);

    const stale = await updateTodo(database.db, ada, {
      id: item.id,
      baseVersion: 1,
      changes: { notes: "Ada's notes" },
    });
    expect(stale).toMatchObject({
      ok: false,
      reason: "conflict",
      current: {
        version: 2,
        notes: "Bob's notes",
        updatedBy: { id: bob.id, email: bob.email },
        updatedAt: "2031-03-10T09:32:00.000Z",
      },
    });
    expect((await findTodo(database.db, item.id))!.notes).toBe("Bob's notes");
    expect(await updateTodo(database.db, ada, { id: crypto.randomUUID(), baseVersion: 1, changes: {} })).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("lets exactly one of two saves from the same version through when they race", async () => {
    const ada = await admin("ada");
    const bob = await admin("bob");
    const other = secondHandle();
    for (let round = 0; round < 5; round += 1) {
      const item = await created(ada, `Race ${round}`);
      const results = await Promise.all([
        updateTodo(database.db, ada, { id: item.id, baseVersion: 1, changes: { notes: "Ada" } }),
        updateTodo(other.db, bob, { id: item.id, baseVersion: 1, changes: { notes: "Bob" } }),
      ]);
      expect(results.filter((result) => result.ok)).toHaveLength(1);
      const loser = results.find((result) => !result.ok)!;
      const winner = results.find((result) => result.ok)! as Extract<(typeof results)[number], { ok: true }>;
      expect(loser).toMatchObject({ reason: "conflict", current: { version: 2, notes: winner.item.notes } });
      expect(await findTodo(database.db, item.id)).toMatchObject({ version: 2, notes: winner.item.notes });
    }
  });

  it("keeps an assignee who is no longer an administrator until someone changes the assignee", async () => {
    const ada = await admin("ada");
    const bob = await admin("bob");
    const item = await created(ada, "Review the glossary", { assigneeId: bob.id });
    await revokeAdmin(database.db, ada, bob.id);
    const edited = await updateTodo(database.db, ada, {
      id: item.id,
      baseVersion: 1,
      changes: { ...todoFields("Review the glossary again"), assigneeId: bob.id },
    });
    expect(edited).toMatchObject({ ok: true, changed: ["title"], item: { assignee: { id: bob.id } } });
    const carol = await admin("carol");
    const reassigned = await updateTodo(database.db, ada, {
      id: item.id,
      baseVersion: 2,
      changes: { assigneeId: carol.id },
    });
    expect(reassigned).toMatchObject({ ok: true, item: { assignee: { id: carol.id } } });
    expect(
      await updateTodo(database.db, ada, { id: item.id, baseVersion: 3, changes: { assigneeId: bob.id } }),
    ).toMatchObject({
      ok: false,
      reason: "assignee",
    });
  });

  describe("ordering", () => {
    async function list(
      actor: AuditParty,
      titles: string[],
      more: (title: string) => Partial<TodoFields> = () => ({}),
    ) {
      const items: Record<string, TodoItem> = {};
      for (const title of titles) items[title] = await created(actor, title, more(title));
      return items;
    }
    const ids = (items: Record<string, TodoItem>, titles: string) => titles.split("").map((title) => items[title]!.id);

    it("moves an item up and down the whole list, renumbering it, and audits the move", async () => {
      const ada = await admin("ada");
      const items = await list(ada, ["a", "b", "c", "d", "e"]);
      const moved = await moveTodo(database.db, ada, { id: items.d!.id, seen: ids(items, "abcde"), to: 0 });
      expect(moved).toMatchObject({ ok: true, moved: true, position: 1, of: 5, item: { title: "d", position: 0 } });
      expect(await order()).toEqual(["d", "a", "b", "c", "e"]);
      expect(await positions()).toEqual([0, 1, 2, 3, 4]);
      await moveTodo(database.db, ada, { id: items.d!.id, seen: ids(items, "dabce"), to: 4 });
      expect(await order()).toEqual(["a", "b", "c", "e", "d"]);
      await moveTodo(database.db, ada, { id: items.a!.id, seen: ids(items, "abced"), to: 1 });
      expect(await order()).toEqual(["b", "a", "c", "e", "d"]);

      const entry = (await auditOf("todo.move")).find(
        (candidate) => candidate.details?.todoId === items.d!.id && candidate.details.to === 1,
      );
      expect(entry).toMatchObject({ actor: { id: ada.id }, details: { title: "d", from: 4, to: 1, of: 5 } });
      // Versions are about edits: a move leaves them, so it never makes someone's edit stale.
      expect((await findTodo(database.db, items.a!.id))!.version).toBe(1);
    });

    it("moves within a view among the items shown, leaving hidden ones in their places", async () => {
      const ada = await admin("ada");
      // Upper case is done, so the "open" view shows the lower-case items only.
      const items = await list(ada, ["a", "B", "c", "D", "e"], (title) => ({
        status: title === title.toUpperCase() ? "done" : "open",
      }));
      const open = (await listTodos(database.db, { filter: "open", viewerId: ada.id })).map((item) => item.id);
      expect(open).toEqual(ids(items, "ace"));
      // e before a: just before a in the whole list.
      expect(await moveTodo(database.db, ada, { id: items.e!.id, seen: open, to: 0 })).toMatchObject({
        position: 1,
        of: 3,
      });
      expect(await order()).toEqual(["e", "a", "B", "c", "D"]);
      // e down to the end of the view: just after c, before the hidden D.
      await moveTodo(database.db, ada, { id: items.e!.id, seen: ids(items, "eac"), to: 2 });
      expect(await order()).toEqual(["a", "B", "c", "e", "D"]);
      // Put back where it is: nothing moves, not even past hidden items, and nothing is audited.
      const moves = (await auditOf("todo.move")).length;
      expect(await moveTodo(database.db, ada, { id: items.c!.id, seen: ids(items, "ace"), to: 1 })).toMatchObject({
        ok: true,
        moved: false,
      });
      expect(await order()).toEqual(["a", "B", "c", "e", "D"]);
      expect((await auditOf("todo.move")).length).toBe(moves);
    });

    it("refuses a move based on a list whose order changed or lost an item, but not one that gained one", async () => {
      const ada = await admin("ada");
      const bob = await admin("bob");
      const items = await list(ada, ["a", "b", "c"]);
      const seen = ids(items, "abc");
      await moveTodo(database.db, bob, { id: items.c!.id, seen, to: 0 });
      expect(await moveTodo(database.db, ada, { id: items.a!.id, seen, to: 2 })).toEqual({
        ok: false,
        reason: "stale",
      });
      expect(await order()).toEqual(["c", "a", "b"]);

      // An item added meanwhile does not make the order seen stale.
      const fresh = ids(items, "cab");
      await created(bob, "new");
      expect(await moveTodo(database.db, ada, { id: items.a!.id, seen: fresh, to: 2 })).toMatchObject({ ok: true });
      expect(await order()).toEqual(["c", "b", "a", "new"]);

      // One deleted meanwhile does.
      const b = (await findTodo(database.db, items.b!.id))!;
      await deleteTodo(database.db, bob, { id: b.id, baseVersion: b.version });
      expect(await moveTodo(database.db, ada, { id: items.a!.id, seen: ids(items, "cba"), to: 0 })).toEqual({
        ok: false,
        reason: "stale",
      });
      // And a move of an item that is gone is not found.
      expect(await moveTodo(database.db, ada, { id: b.id, seen: [b.id], to: 0 })).toEqual({
        ok: false,
        reason: "not-found",
      });
      await expect(moveTodo(database.db, ada, { id: items.a!.id, seen: ids(items, "ca"), to: 2 })).rejects.toThrow(
        RangeError,
      );
      await expect(moveTodo(database.db, ada, { id: items.a!.id, seen: ids(items, "aa"), to: 0 })).rejects.toThrow(
        RangeError,
      );
      expect(await positions()).toEqual([0, 1, 2]);
    });

    it("lets only one of several moves made from the same list through when admins reorder at once", async () => {
      const ada = await admin("ada");
      const bob = await admin("bob");
      const other = secondHandle();
      const items = await list(ada, ["a", "b", "c", "d", "e", "f", "g"]);
      const movesBefore = (await auditOf("todo.move")).length;
      for (let round = 0; round < 4; round += 1) {
        const current = await listTodos(database.db, { filter: "all", viewerId: ada.id });
        const seen = current.map((item) => item.id);
        // Each admin moves a different item to the top, every one from the same order they saw.
        const results = await Promise.all(
          seen
            .slice(1)
            .map((id, index) =>
              index % 2 === 0
                ? moveTodo(database.db, ada, { id, seen, to: 0 })
                : moveTodo(other.db, bob, { id, seen, to: 0 }),
            ),
        );
        expect(results.filter((result) => result.ok)).toHaveLength(1);
        expect(results.filter((result) => !result.ok).every((result) => !result.ok && result.reason === "stale")).toBe(
          true,
        );
        const winner = results.find((result) => result.ok) as Extract<(typeof results)[number], { ok: true }>;
        const after = await order();
        expect(after[0]).toBe(winner.item.title);
        expect(after.slice(1)).toEqual(
          current.map((item) => item.title).filter((title) => title !== winner.item.title),
        );
        expect(await positions()).toEqual([0, 1, 2, 3, 4, 5, 6]);
      }
      expect((await auditOf("todo.move")).length).toBe(movesBefore + 4);
      expect(Object.keys(items)).toHaveLength(7);
    });

    it("keeps every place distinct when items are added, moved and deleted at once", async () => {
      const ada = await admin("ada");
      const bob = await admin("bob");
      const other = secondHandle();
      // The move is made in the view of open items, which d (done) is not in: deleting it does not make that view stale.
      const items = await list(ada, ["a", "b", "c", "d"], (title) => ({ status: title === "d" ? "done" : "open" }));
      const seen = ids(items, "abc");
      const d = items.d!;
      await Promise.all([
        createTodo(database.db, ada, todoFields("x")),
        createTodo(other.db, bob, todoFields("y")),
        moveTodo(other.db, bob, { id: items.c!.id, seen, to: 0 }),
        createTodo(database.db, ada, todoFields("z")),
        deleteTodo(other.db, bob, { id: d.id, baseVersion: d.version }),
        createTodo(other.db, bob, todoFields("w")),
      ]);
      const titles = await order();
      expect(titles).toHaveLength(7);
      expect(titles.slice(0, 3)).toEqual(["c", "a", "b"]);
      expect(new Set(titles.slice(3))).toEqual(new Set(["x", "y", "z", "w"]));
      expect(await positions()).toEqual([0, 1, 2, 3, 4, 5, 6]);
    });
  });

  it("shows each view: mine, overdue by today's date in UTC (done excluded), open, doing and done, with counts", async () => {
    const ada = await admin("ada");
    const bob = await admin("bob");
    testClock.set("2031-03-10T23:59:59.000Z");
    await created(ada, "yesterday, open", { dueOn: "2031-03-09", assigneeId: ada.id });
    await created(ada, "yesterday, done", { dueOn: "2031-03-09", status: "done", assigneeId: bob.id });
    await created(ada, "today, doing", { dueOn: "2031-03-10", status: "doing", assigneeId: ada.id });
    await created(ada, "long ago, doing", { dueOn: "2030-12-31", status: "doing" });
    await created(ada, "no date", {});

    const view = async (filter: Parameters<typeof listTodos>[1]["filter"], viewer = ada.id) =>
      (await listTodos(database.db, { filter, viewerId: viewer })).map((item) => item.title);
    expect(await view("all")).toEqual([
      "yesterday, open",
      "yesterday, done",
      "today, doing",
      "long ago, doing",
      "no date",
    ]);
    expect(await view("mine")).toEqual(["yesterday, open", "today, doing"]);
    expect(await view("mine", bob.id)).toEqual(["yesterday, done"]);
    expect(await view("overdue")).toEqual(["yesterday, open", "long ago, doing"]);
    expect(await view("open")).toEqual(["yesterday, open", "no date"]);
    expect(await view("doing")).toEqual(["today, doing", "long ago, doing"]);
    expect(await view("done")).toEqual(["yesterday, done"]);
    expect(await countTodos(database.db, ada.id)).toEqual({ all: 5, mine: 2, overdue: 2, open: 2, doing: 2, done: 1 });

    // A second later it is the 11th in UTC: what was due on the 10th is overdue now.
    testClock.advance(1000);
    expect(await view("overdue")).toEqual(["yesterday, open", "today, doing", "long ago, doing"]);
    expect((await countTodos(database.db, bob.id)).overdue).toBe(3);
    expect((await countTodos(database.db, bob.id)).mine).toBe(1);

    await database.db.deleteFrom("todo_items").execute();
    expect(await countTodos(database.db, ada.id)).toEqual({ all: 0, mine: 0, overdue: 0, open: 0, doing: 0, done: 0 });
  });

  it("keeps comments oldest first with their authors; only the author deletes one, audited", async () => {
    const ada = await admin("ada");
    const bob = await admin("bob");
    const item = await created(ada, "Discuss notation");
    testClock.advance(1000);
    const first = await addTodoComment(database.db, ada, { todoId: item.id, body: "Write $\\gcd(a, b)$?" });
    testClock.advance(1000);
    const second = await addTodoComment(database.db, bob, { todoId: item.id, body: "Yes, with a comma." });
    expect(first).toMatchObject({
      ok: true,
      comment: { author: { id: ada.id, email: ada.email }, createdAt: "2031-03-10T09:30:01.000Z" },
    });
    const comments = await listTodoComments(database.db, item.id);
    expect(comments.map((comment) => comment.body)).toEqual(["Write $\\gcd(a, b)$?", "Yes, with a comma."]);
    expect((await findTodo(database.db, item.id))!).toMatchObject({ commentCount: 2, version: 1 });
    expect(await addTodoComment(database.db, ada, { todoId: crypto.randomUUID(), body: "Lost" })).toEqual({
      ok: false,
      reason: "not-found",
    });

    const firstId = first.ok ? first.comment.id : "";
    const secondId = second.ok ? second.comment.id : "";
    expect(await deleteTodoComment(database.db, bob, { todoId: item.id, commentId: firstId })).toEqual({
      ok: false,
      reason: "not-author",
    });
    expect(await deleteTodoComment(database.db, bob, { todoId: crypto.randomUUID(), commentId: secondId })).toEqual({
      ok: false,
      reason: "not-found",
    });
    testClock.advance(1000);
    expect(await deleteTodoComment(database.db, ada, { todoId: item.id, commentId: firstId })).toMatchObject({
      ok: true,
    });
    expect((await listTodoComments(database.db, item.id)).map((comment) => comment.id)).toEqual([secondId]);

    const entries = (await listAuditEntries(database.db, { pageSize: 500 })).entries.filter(
      (entry) => entry.details?.todoId === item.id,
    );
    expect(entries.map((entry) => [entry.action, entry.actor?.email])).toEqual([
      ["todo.comment.delete", ada.email],
      ["todo.comment", bob.email],
      ["todo.comment", ada.email],
      ["todo.create", ada.email],
    ]);
    expect(entries[0]!.details).toMatchObject({
      commentId: firstId,
      title: "Discuss notation",
      written: "2031-03-10T09:30:01.000Z",
    });
  });

  it("deletes an item with its comments if unchanged since it was seen, closing the gap in the order", async () => {
    const ada = await admin("ada");
    const a = await created(ada, "a");
    const b = await created(ada, "b");
    await created(ada, "c");
    await addTodoComment(database.db, ada, { todoId: b.id, body: "One" });
    await addTodoComment(database.db, ada, { todoId: b.id, body: "Two" });
    await updateTodo(database.db, ada, { id: b.id, baseVersion: 1, changes: { status: "doing" } });

    expect(await deleteTodo(database.db, ada, { id: b.id, baseVersion: 1 })).toMatchObject({
      ok: false,
      reason: "conflict",
      current: { version: 2 },
    });
    expect(await deleteTodo(database.db, ada, { id: b.id, baseVersion: 2 })).toMatchObject({
      ok: true,
      item: { title: "b" },
    });
    expect(await order()).toEqual(["a", "c"]);
    expect(await positions()).toEqual([0, 1]);
    expect(await database.db.selectFrom("todo_comments").select("id").where("todo_id", "=", b.id).execute()).toEqual(
      [],
    );
    expect(await deleteTodo(database.db, ada, { id: b.id, baseVersion: 2 })).toEqual({
      ok: false,
      reason: "not-found",
    });
    const entry = (await auditOf("todo.delete")).find((candidate) => candidate.details?.todoId === b.id);
    expect(entry).toMatchObject({ details: { title: "b", status: "doing", comments: 2 } });
    expect((await findTodo(database.db, a.id))!.position).toBe(0);
  });

  it("keeps the items and comments of a deleted account, without the person", async () => {
    const ada = await admin("ada");
    const bob = await admin("bob");
    const item = await created(bob, "Bob's item", { assigneeId: bob.id });
    await updateTodo(database.db, bob, { id: item.id, baseVersion: 1, changes: { notes: "By Bob" } });
    await addTodoComment(database.db, bob, { todoId: item.id, body: "Bob was here" });
    const mine = await created(ada, "Ada's item", { assigneeId: bob.id });

    expect(await deleteAccount(database.db, bob.id)).toBe("deleted");
    expect(await findTodo(database.db, item.id)).toMatchObject({
      notes: "By Bob",
      assignee: null,
      createdBy: null,
      updatedBy: null,
      commentCount: 1,
    });
    expect(await findTodo(database.db, mine.id)).toMatchObject({ assignee: null, createdBy: { id: ada.id } });
    expect(await listTodoComments(database.db, item.id)).toMatchObject([{ author: null, body: "Bob was here" }]);
  });

  const handles: DatabaseHandle[] = [];
  /** Another connection to the same database, as a second server instance has (PostgreSQL: its own pool). */
  function secondHandle(): DatabaseHandle {
    // One process cannot hold SQLite's write lock on two connections without blocking itself: the
    // app has one connection, whose queue already runs transactions one at a time.
    if (dialect === "sqlite") return database;
    const handle = openDatabase({ databaseUrl: database.location.databaseUrl, dataDir: database.location.dataDir });
    handles.push(handle);
    return handle;
  }
  afterAll(async () => {
    await Promise.all(handles.map((handle) => handle.close()));
  });
});
