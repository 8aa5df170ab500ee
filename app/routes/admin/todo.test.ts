import { beforeEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { testClock } from "#tests/setup/test-clock";
import { todoFields } from "#tests/setup/todo-fields";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { userContext } from "#app/http/request-context";
import { listAuditEntries } from "#app/models/audit-log.server";
import { createTodo, findTodo, listTodos, type TodoFields } from "#app/models/todo.server";
import { createUser, type User } from "#app/models/user.server";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const list = await import("./todo");
const page = await import("./todo-item");

const NOW = "2031-05-01T10:00:00.000Z";
const LIST_URL = "http://localhost:3000/admin/todo";

describe.each(testDialects)("/admin/todo actions on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  let admin: User;
  let other: User;
  let counter = 0;

  beforeEach(async () => {
    current.handle = database;
    testClock.set(NOW);
    counter += 1;
    admin = await createUser(database.db, {
      email: `todo-admin${counter}@example.org`,
      passwordHash: null,
      role: "admin",
    });
    other = await createUser(database.db, {
      email: `todo-other${counter}@example.org`,
      passwordHash: null,
      role: "admin",
    });
    await database.db.deleteFrom("todo_items").execute();
  });

  function context(user: User = admin) {
    const routerContext = requestContext("192.0.2.1");
    routerContext.set(userContext, user);
    return routerContext;
  }

  const postList = async (form: Record<string, string>, user: User = admin) =>
    actionResult(await list.action({ request: formPost(LIST_URL, form), context: context(user), params: {} } as never));
  const postItem = async (id: string, form: Record<string, string>, user: User = admin) =>
    actionResult(
      await page.action({
        request: formPost(`${LIST_URL}/${id}`, form),
        context: context(user),
        params: { todoId: id },
      } as never),
    );
  const loadList = async (search = "", user: User = admin) =>
    list.loader({ request: new Request(`${LIST_URL}${search}`), context: context(user), params: {} } as never);
  const loadItem = async (id: string, search = "") =>
    page.loader({
      request: new Request(`${LIST_URL}/${id}${search}`),
      context: context(),
      params: { todoId: id },
    } as never);
  const itemCount = async () => (await listTodos(database.db, { filter: "all", viewerId: admin.id })).length;
  const actor = () => ({ id: admin.id, email: admin.email });

  describe("the list", () => {
    it("creates an item from the form, trimmed, at the end of the list, and counts the problems in its notes", async () => {
      const created = await postList({
        intent: "create",
        title: "  Check the orders table  ",
        notes: "Is $\\operatorname{ord}_7(3) = 6$?\r\nAnd $\\frac{1}{2$",
        assigneeId: admin.id,
        dueOn: "2031-05-03",
        priority: "high",
      });
      expect(created.status).toBe(200);
      const data = created.data as { created: { id: string; title: string; place: number; problems: number } };
      expect(data.created).toMatchObject({ title: "Check the orders table", place: 1, problems: 1 });
      expect(await findTodo(database.db, data.created.id)).toMatchObject({
        title: "Check the orders table",
        notes: "Is $\\operatorname{ord}_7(3) = 6$?\nAnd $\\frac{1}{2$",
        assignee: { id: admin.id },
        dueOn: "2031-05-03",
        priority: "high",
        status: "open",
      });
    });

    it("refuses bad fields with a message for each, keeps what was typed, and adds nothing", async () => {
      const refusals: [Record<string, string>, Record<string, string>][] = [
        [{ title: "   " }, { title: "Enter a title." }],
        [{ title: "x".repeat(201) }, { title: "A title must be at most 200 characters." }],
        [{ title: "Ok", notes: "y".repeat(20_001) }, { notes: "The notes must be at most 20,000 characters." }],
        [
          { title: "Ok", dueOn: "2031-02-29" },
          { dueOn: "Enter a due date that exists, as YYYY-MM-DD (e.g. 2031-06-30)." },
        ],
        [
          { title: "Ok", dueOn: "tomorrow" },
          { dueOn: "Enter a due date that exists, as YYYY-MM-DD (e.g. 2031-06-30)." },
        ],
        [{ title: "Ok", dueOn: "1999-12-31" }, { dueOn: "Choose a due date from 2000-01-01 to 2099-12-31." }],
        [{ title: "Ok", priority: "critical" }, { priority: "Choose a priority: low, normal, high or urgent." }],
        [{ title: "Ok", assigneeId: "not-an-id" }, { assigneeId: "Choose an administrator from the list." }],
      ];
      for (const [form, errors] of refusals) {
        const refused = await postList({ intent: "create", ...form });
        expect(refused.status, JSON.stringify(form)).toBe(400);
        expect(refused.data).toMatchObject({ intent: "create", errors, values: { title: form.title } });
      }
      // A repeated field is not one piece of text.
      const repeated = await list.action({
        request: new Request(LIST_URL, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded" },
          body: "intent=create&title=a&title=b",
        }),
        context: context(),
        params: {},
      } as never);
      expect((await actionResult(repeated)).data).toMatchObject({
        errors: { title: "A title must be a single piece of text." },
      });
      expect(await itemCount()).toBe(0);
    });

    it("refuses an assignee who is not an administrator", async () => {
      const learner = await createUser(database.db, {
        email: `todo-learner${counter}@example.org`,
        passwordHash: null,
      });
      for (const assigneeId of [learner.id, crypto.randomUUID()]) {
        const refused = await postList({ intent: "create", title: "Ok", assigneeId });
        expect(refused.status).toBe(400);
        expect(refused.data).toMatchObject({
          errors: { assigneeId: expect.stringMatching(/^Choose an administrator/) },
        });
      }
      expect(await itemCount()).toBe(0);
    });

    it("moves an item, says where it went, and refuses a move from a stale or malformed list", async () => {
      const ids = [];
      for (const title of ["a", "b", "c"]) {
        const result = await createTodo(database.db, actor(), todoFields(title));
        if (result.ok) ids.push(result.item.id);
      }
      const [a, b, c] = ids as [string, string, string];
      const moved = await postList({ intent: "move", todoId: c, to: "0", seen: [a, b, c].join(",") });
      expect(moved).toMatchObject({
        status: 200,
        data: { intent: "move", moved: true, message: "Moved “c” to position 1 of 3." },
      });

      const stale = await postList({ intent: "move", todoId: a, to: "2", seen: [a, b, c].join(",") }, other);
      expect(stale.status).toBe(409);
      expect(stale.data).toMatchObject({
        error: expect.stringMatching(/^Not moved: the list changed since you loaded it/),
      });

      const malformed: [Record<string, string>, string][] = [
        [
          { todoId: a, to: "3", seen: [c, a, b].join(",") },
          "Not moved: The item cannot go below the bottom of the list.",
        ],
        [
          { todoId: a, to: "-1", seen: [c, a, b].join(",") },
          "Not moved: The item cannot go above the top of the list.",
        ],
        [
          { todoId: a, to: "0", seen: [c, b].join(",") },
          "Not moved: The item moved is not in the list it was moved in.",
        ],
        [
          { todoId: a, to: "0", seen: [a, a].join(",") },
          "Not moved: The list this move was based on names an item twice.",
        ],
        [{ todoId: a, to: "0", seen: "" }, "Not moved: The form is missing the list it was based on; reload the page."],
        [
          { todoId: a, to: "0", seen: "1,2" },
          expect.stringMatching(/names an item that is not one/) as unknown as string,
        ],
        [{ todoId: a, to: "up", seen: a }, "Not moved: Say where the item goes."],
      ];
      for (const [form, error] of malformed) {
        const refused = await postList({ intent: "move", ...form });
        expect(refused.status, JSON.stringify(form)).toBe(400);
        expect(refused.data).toEqual({ intent: "move", error });
      }
      const missing = crypto.randomUUID();
      const gone = await postList({ intent: "move", todoId: missing, to: "0", seen: missing });
      expect(gone.status).toBe(404);
      expect((await listTodos(database.db, { filter: "all", viewerId: admin.id })).map((item) => item.title)).toEqual([
        "c",
        "a",
        "b",
      ]);
    });

    it("marks an item done from the list, refusing a change based on an older version with who made the newer one", async () => {
      const made = await createTodo(database.db, actor(), todoFields("Release notes"));
      if (!made.ok) throw new Error("not created");
      const done = await postList({ intent: "status", todoId: made.item.id, version: "1", status: "done" });
      expect(done.data).toEqual({ intent: "status", message: "“Release notes” is done." });
      testClock.advance(60_000);
      const stale = await postList({ intent: "status", todoId: made.item.id, version: "1", status: "open" }, other);
      expect(stale.status).toBe(409);
      expect(stale.data).toEqual({
        intent: "status",
        error: `Not changed: “Release notes” was changed by ${admin.email} at 2031-05-01 10:00 UTC after you loaded the list. The list now shows it as it is.`,
      });
      expect(
        await postList({ intent: "status", todoId: made.item.id, version: "2", status: "finished" }),
      ).toMatchObject({
        status: 400,
        data: { error: "Not changed: Choose a status: open, doing or done." },
      });
      expect(await findTodo(database.db, made.item.id)).toMatchObject({ status: "done", version: 2 });
    });

    it("answers an unknown intent with 400", async () => {
      await expect(postList({ intent: "explode" })).rejects.toMatchObject({ init: { status: 400 } });
    });

    it("shows each view from its search parameter, with counts, marking overdue items", async () => {
      await createTodo(database.db, actor(), todoFields("late", { dueOn: "2031-04-30", assigneeId: admin.id }));
      await createTodo(database.db, actor(), todoFields("today", { dueOn: "2031-05-01" }));
      await createTodo(database.db, actor(), todoFields("finished", { dueOn: "2031-04-01", status: "done" }));
      const all = await loadList();
      expect(all.filter).toBe("all");
      expect(all.rows.map((row) => [row.title, row.overdue, row.assignedToViewer])).toEqual([
        ["late", true, true],
        ["today", false, false],
        ["finished", false, false],
      ]);
      expect(all.counts).toEqual({ all: 3, mine: 1, overdue: 1, open: 2, doing: 0, done: 1 });
      expect((await loadList("?show=overdue")).rows.map((row) => row.title)).toEqual(["late"]);
      expect((await loadList("?show=mine", other)).rows).toEqual([]);
      expect((await loadList("?show=done")).rows.map((row) => row.title)).toEqual(["finished"]);
      // An unknown view is the whole list.
      expect((await loadList("?show=<script>")).filter).toBe("all");
      expect(all.assignees.map((choice) => choice.label)).toContain(`${admin.email} — you`);
    });
  });

  describe("an item's page", () => {
    async function item(title = "Chapter 4 figures", more: Partial<TodoFields> = {}) {
      const made = await createTodo(database.db, actor(), todoFields(title, more));
      if (!made.ok) throw new Error("not created");
      return made.item;
    }
    const save = (id: string, form: Record<string, string>, user?: User) =>
      postItem(
        id,
        {
          intent: "save",
          title: "Chapter 4 figures",
          notes: "",
          assigneeId: "",
          dueOn: "",
          priority: "normal",
          status: "open",
          ...form,
        },
        user,
      );

    it("renders the notes and comments with KaTeX on the server, with their problems", async () => {
      const made = await item("Typeset", { notes: "Euler: $e^{i\\pi} + 1 = 0$.\n\nBroken: $\\frac{1}{2$" });
      await postItem(made.id, { intent: "comment", body: "Note $\\gcd(4, 6) = 2$." });
      const loaded = await loadItem(made.id);
      const html = loaded.notes.blocks.map((block) => (block.kind === "html" ? block.html : "")).join("");
      expect(html).toContain('class="katex"');
      expect(loaded.notes.problems).toEqual([expect.objectContaining({ line: 3, severity: "error" })]);
      expect(loaded.comments).toHaveLength(1);
      expect(loaded.comments[0]).toMatchObject({ author: admin.email, mine: true, problems: [] });
      expect(JSON.stringify(loaded.comments[0]!.blocks)).toContain("katex");
    });

    it("saves an edit and redirects to the item, which then says it was saved", async () => {
      const made = await item();
      const saved = await save(made.id, { version: "1", notes: "Redraw $\\mathbb{Z}/12$.", status: "doing" });
      expect(saved.status).toBe(302);
      expect(saved.headers.get("Location")).toBe(`/admin/todo/${made.id}?saved=2`);
      expect((await loadItem(made.id, "?saved=2")).saved).toBe(true);
      expect((await loadItem(made.id, "?saved=1")).saved).toBe(false);
      const entries = (await listAuditEntries(database.db, { filter: { action: "todo.update" }, pageSize: 500 }))
        .entries;
      expect(entries.find((entry) => entry.details?.todoId === made.id)).toMatchObject({
        actor: { id: admin.id },
        details: { changed: "notes, status", status: "doing" },
      });
    });

    it("refuses a save from an older version, naming who saved and what differs, and hands the typed text back", async () => {
      const made = await item();
      testClock.advance(5 * 60_000);
      await save(
        made.id,
        { version: "1", title: "Chapter 4 figures, redrawn", notes: "Theirs\nshared", priority: "high" },
        other,
      );

      const mine = {
        version: "1",
        title: "Chapter 4 figures",
        notes: "Mine\nshared",
        priority: "low",
        dueOn: "2031-06-01",
      };
      const refused = await save(made.id, mine);
      expect(refused.status).toBe(409);
      expect(refused.data).toMatchObject({
        intent: "save",
        outcome: "conflict",
        current: { version: 2, savedBy: other.email, savedAt: "2031-05-01T10:05:00.000Z" },
        differences: [
          { label: "Title", theirs: "Chapter 4 figures, redrawn", yours: "Chapter 4 figures" },
          { label: "Due date", theirs: "none", yours: "2031-06-01" },
          { label: "Priority", theirs: "High", yours: "Low" },
        ],
        values: { ...mine, assigneeId: "", status: "open" },
      });
      const { notesDiff } = refused.data as { notesDiff: { kind: string; text: string }[] };
      expect(notesDiff.map((line) => line.kind)).toContain("removed");
      expect(notesDiff.map((line) => line.kind)).toContain("added");
      expect(await findTodo(database.db, made.id)).toMatchObject({
        version: 2,
        notes: "Theirs\nshared",
        priority: "high",
      });

      // Based on version 2 (the author chose to replace it), the same text saves.
      expect((await save(made.id, { ...mine, version: "2" })).status).toBe(302);
      expect(await findTodo(database.db, made.id)).toMatchObject({ version: 3, notes: "Mine\nshared" });
    });

    it("refuses bad fields, an assignee who is not an administrator and a missing version, changing nothing", async () => {
      const made = await item();
      const learner = await createUser(database.db, { email: `todo-l${counter}@example.org`, passwordHash: null });
      const refusals: [Record<string, string>, Record<string, string>][] = [
        [{ version: "1", title: "" }, { title: "Enter a title." }],
        [{ version: "1", status: "finished" }, { status: "Choose a status: open, doing or done." }],
        [{ version: "" }, { version: "The form is missing the version it was based on; reload the page." }],
        [{ version: "1", assigneeId: learner.id }, { assigneeId: expect.stringMatching(/^Choose an administrator/) }],
      ];
      for (const [form, errors] of refusals) {
        const refused = await save(made.id, form);
        expect(refused.status, JSON.stringify(form)).toBe(400);
        expect(refused.data).toMatchObject({ intent: "save", outcome: "invalid", errors });
      }
      expect(await findTodo(database.db, made.id)).toEqual(made);
    });

    it("answers 404 for an item that does not exist or an address that is not an id", async () => {
      for (const id of [crypto.randomUUID(), "not-an-id"]) {
        await expect(loadItem(id)).rejects.toMatchObject({ init: { status: 404 } });
        await expect(postItem(id, { intent: "comment", body: "Hi" })).rejects.toMatchObject({ init: { status: 404 } });
      }
    });

    it("asks before deleting, refuses a stale deletion, and deletes with its comments", async () => {
      const made = await item("To delete");
      await postItem(made.id, { intent: "comment", body: "Going soon" });
      expect(await postItem(made.id, { intent: "delete", version: "1" })).toMatchObject({
        status: 200,
        data: { intent: "delete", confirm: true },
      });
      expect(await findTodo(database.db, made.id)).toBeDefined();
      await save(made.id, { version: "1", title: "To delete", status: "doing" }, other);
      const stale = await postItem(made.id, { intent: "delete", version: "1", confirmed: "yes" });
      expect(stale.status).toBe(409);
      expect(stale.data).toMatchObject({
        error: expect.stringMatching(new RegExp(`^Not deleted: ${other.email} changed`)),
      });

      const deleted = await postItem(made.id, { intent: "delete", version: "2", confirmed: "yes" });
      expect(deleted.status).toBe(302);
      expect(deleted.headers.get("Location")).toBe("/admin/todo?deleted=To+delete");
      expect(await findTodo(database.db, made.id)).toBeUndefined();
      const entries = (await listAuditEntries(database.db, { filter: { action: "todo.delete" }, pageSize: 500 }))
        .entries;
      expect(entries.find((entry) => entry.details?.todoId === made.id)).toMatchObject({
        details: { title: "To delete", comments: 1 },
      });
    });

    it("adds comments, refuses an empty or long one keeping its text, and lets only the author delete one, after asking", async () => {
      const made = await item();
      expect(await postItem(made.id, { intent: "comment", body: "  \r\n " })).toMatchObject({
        status: 400,
        data: { intent: "comment", error: "Write a comment first.", body: "  \r\n " },
      });
      const long = "z".repeat(5001);
      expect(await postItem(made.id, { intent: "comment", body: long })).toMatchObject({
        status: 400,
        data: { error: "The comment must be at most 5,000 characters.", body: long },
      });
      const added = await postItem(made.id, { intent: "comment", body: "Mine" });
      const commentId = (added.data as { added: string }).added;
      expect((await loadItem(made.id)).comments.map((comment) => comment.id)).toEqual([commentId]);

      expect(await postItem(made.id, { intent: "delete-comment", commentId }, other)).toMatchObject({
        status: 200,
        data: { confirm: commentId },
      });
      expect(await postItem(made.id, { intent: "delete-comment", commentId, confirmed: "yes" }, other)).toMatchObject({
        status: 403,
        data: { error: "Only its author can delete a comment." },
      });
      expect(await postItem(made.id, { intent: "delete-comment", commentId: "x", confirmed: "yes" })).toMatchObject({
        status: 400,
        data: { error: "Choose a comment to delete." },
      });
      expect(await postItem(made.id, { intent: "delete-comment", commentId, confirmed: "yes" })).toMatchObject({
        status: 200,
        data: { message: "Your comment was deleted." },
      });
      expect((await loadItem(made.id)).comments).toEqual([]);
      expect(await postItem(made.id, { intent: "delete-comment", commentId, confirmed: "yes" })).toMatchObject({
        status: 404,
        data: { error: "This comment no longer exists." },
      });
    });
  });
});
