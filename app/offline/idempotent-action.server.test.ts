import type { Kysely } from "kysely";
import { describe, expect, it } from "vitest";
import type { Database } from "#database/schema";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createUser } from "#app/models/user.server";
import { applyOnce, idempotencyKeyShape, KEY_REUSED_MESSAGE } from "./idempotent-action.server";
import { z } from "zod";

describe.each(testDialects)("applyOnce on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  /** A submission whose effect is visible: it appends a contact message, and answers how many there are. */
  const submission = (userId: string) => async (db: Kysely<Database>) => {
    await db
      .insertInto("contact_messages")
      .values({
        id: crypto.randomUUID(),
        name: "n",
        email: "e@example.org",
        subject: "s",
        message: "m",
        user_id: userId,
        created_at: "t",
      })
      .execute();
    const { count } = await db
      .selectFrom("contact_messages")
      .select((eb) => eb.fn.countAll<string | number>().as("count"))
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    return { status: 200, body: { count: Number(count) } };
  };
  const effects = async (userId: string) =>
    (await database.db.selectFrom("contact_messages").select("id").where("user_id", "=", userId).execute()).length;
  const learner = () => createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null });

  it("applies a submission without a key every time", async () => {
    const user = await learner();
    const apply = submission(user.id);
    await applyOnce(database.db, { userId: user.id, key: undefined, scope: "s" }, apply);
    expect(await applyOnce(database.db, { userId: user.id, key: undefined, scope: "s" }, apply)).toEqual({
      status: 200,
      body: { count: 2 },
    });
  });

  it("applies a keyed submission once and answers every repeat as it answered the first", async () => {
    const user = await learner();
    const keyed = { userId: user.id, key: crypto.randomUUID(), scope: "s" };
    const first = await applyOnce(database.db, keyed, submission(user.id));
    expect(first).toEqual({ status: 200, body: { count: 1 } });
    expect(await applyOnce(database.db, keyed, submission(user.id))).toEqual(first);
    expect(await effects(user.id)).toBe(1);
    // The same key for something else is refused, and applies nothing.
    expect(await applyOnce(database.db, { ...keyed, scope: "other" }, submission(user.id))).toEqual({
      status: 422,
      body: { error: KEY_REUSED_MESSAGE },
    });
    expect(await effects(user.id)).toBe(1);
  });

  it("applies repeats sent at the same time once", async () => {
    const user = await learner();
    const keyed = { userId: user.id, key: crypto.randomUUID(), scope: "s" };
    const answers = await Promise.all([1, 2, 3].map(() => applyOnce(database.db, keyed, submission(user.id))));
    expect(answers).toEqual([1, 2, 3].map(() => ({ status: 200, body: { count: 1 } })));
    expect(await effects(user.id)).toBe(1);
  });

  it("forgets a key whose submission failed, so that sending it again applies it", async () => {
    const user = await learner();
    const keyed = { userId: user.id, key: crypto.randomUUID(), scope: "s" };
    const failing = async (db: Kysely<Database>) => {
      await submission(user.id)(db);
      throw new Error("the server failed half-way");
    };
    await expect(applyOnce(database.db, keyed, failing)).rejects.toThrow("half-way");
    expect(await effects(user.id)).toBe(0);
    expect(await applyOnce(database.db, keyed, submission(user.id))).toEqual({ status: 200, body: { count: 1 } });
  });

  it("reads the key from a form as a UUID, or not at all", () => {
    const form = z.object(idempotencyKeyShape);
    const key = crypto.randomUUID();
    expect(form.parse({ idempotencyKey: key })).toEqual({ idempotencyKey: key });
    expect(form.parse({})).toEqual({});
    expect(form.safeParse({ idempotencyKey: "again" }).error?.issues[0]?.message).toBe(
      "That submission's key is not valid.",
    );
  });
});
