import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { createContactMessage, listContactMessages } from "./contact-message.server";
import { createUser } from "./user.server";

describe.each(testDialects)("contact messages on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  const base = { name: "Ada", email: "ada@example.org", subject: "Hello", message: "A question about primes." };

  it("stores a message with its sender and returns it unread", async () => {
    const user = await createUser(database.db, { email: "sender@example.org", passwordHash: null });
    const before = new Date().toISOString();
    const created = await createContactMessage(database.db, { ...base, userId: user.id });
    const after = new Date().toISOString();
    expect(created).toMatchObject({ ...base, userId: user.id, readAt: null });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.createdAt >= before && created.createdAt <= after).toBe(true);
    expect(await listContactMessages(database.db)).toContainEqual(created);
  });

  it("stores a message from a guest without a user", async () => {
    const created = await createContactMessage(database.db, { ...base, userId: null });
    expect(created.userId).toBeNull();
    expect(await listContactMessages(database.db)).toContainEqual(created);
  });

  it("refuses a user id that does not exist", async () => {
    await expect(createContactMessage(database.db, { ...base, userId: crypto.randomUUID() })).rejects.toThrow();
  });

  it("lists the newest messages first, up to the limit", async () => {
    const ids: string[] = [];
    for (const [index, time] of ["2040-01-01T10:00:00Z", "2040-01-03T10:00:00Z", "2040-01-02T10:00:00Z"].entries()) {
      testClock.set(time);
      ids.push((await createContactMessage(database.db, { ...base, subject: `#${index}`, userId: null })).id);
    }

    const listed = await listContactMessages(database.db);
    const ours = listed.filter((message) => ids.includes(message.id)).map((message) => message.subject);
    expect(ours).toEqual(["#1", "#2", "#0"]);
    // These are the newest of all, so they lead the list.
    expect(listed.slice(0, 3).map((message) => message.subject)).toEqual(["#1", "#2", "#0"]);
    const createdAts = listed.map((message) => message.createdAt);
    expect(createdAts).toEqual([...createdAts].sort().reverse());

    expect((await listContactMessages(database.db, 2)).map((message) => message.subject)).toEqual(["#1", "#2"]);
    expect(await listContactMessages(database.db, 0)).toEqual([]);
  });

  it("stores HTML and script text verbatim, leaving escaping to the view", async () => {
    const hostile = {
      name: `<b>Eve</b> & "friends"`,
      email: "eve@example.org",
      subject: `<img src=x onerror="alert('x')">`,
      message: `</textarea><script>alert(document.cookie)</script>\n'; DROP TABLE contact_messages; --\n∑ ünïcødé 🙂`,
      userId: null,
    };
    const created = await createContactMessage(database.db, hostile);
    expect(created).toMatchObject(hostile);
    const stored = (await listContactMessages(database.db)).find((message) => message.id === created.id);
    expect(stored).toMatchObject(hostile);
  });
});
