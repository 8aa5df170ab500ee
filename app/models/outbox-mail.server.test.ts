import { describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  deleteOldOutboxMails,
  deleteOutboxMailsTo,
  listOutboxMails,
  OUTBOX_PAGE_SIZE,
  OUTBOX_RETENTION_MS,
  storeOutboxMail,
} from "./outbox-mail.server";

/** When the first mail is stored; each next one a millisecond later. */
const START = new Date("2030-01-01T00:00:00.000Z");

describe.each(testDialects)("the outbox on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  it("lists stored mail newest first, a page at a time, and filters by recipient", async () => {
    testClock.set(START);
    for (let i = 0; i < OUTBOX_PAGE_SIZE + 3; i += 1) {
      await storeOutboxMail(database.db, { to: `Reader${i % 2}@Example.org`, subject: `Mail ${i}`, text: `Body ${i}` });
      testClock.advance(1);
    }
    const first = await listOutboxMails(database.db, { page: 1 });
    expect(first.total).toBe(OUTBOX_PAGE_SIZE + 3);
    expect(first.mails).toHaveLength(OUTBOX_PAGE_SIZE);
    expect(first.mails[0]).toMatchObject({ recipient: "reader0@example.org", subject: `Mail ${OUTBOX_PAGE_SIZE + 2}` });
    const second = await listOutboxMails(database.db, { page: 2 });
    expect(second.mails.map((mail) => mail.subject)).toEqual(["Mail 2", "Mail 1", "Mail 0"]);
    expect(second.pageCount).toBe(2);
    // A page past the end shows the last page.
    expect(await listOutboxMails(database.db, { page: 99 })).toEqual(second);
    const filtered = await listOutboxMails(database.db, { page: 1, recipient: "READER1@example.org" });
    expect(filtered.total).toBe(Math.floor((OUTBOX_PAGE_SIZE + 3) / 2));
    expect(filtered.mails.every((mail) => mail.recipient === "reader1@example.org")).toBe(true);
  });

  it("deletes one recipient's mail and sweeps old mail", async () => {
    expect(await deleteOutboxMailsTo(database.db, "reader1@example.org")).toBeGreaterThan(0);
    expect((await listOutboxMails(database.db, { page: 1, recipient: "reader1@example.org" })).total).toBe(0);
    testClock.set(START.getTime() + 60_000);
    expect(await deleteOldOutboxMails(database.db)).toBe(0);
    testClock.set(START.getTime() + OUTBOX_RETENTION_MS + 60_000);
    expect(await deleteOldOutboxMails(database.db)).toBeGreaterThan(0);
    expect((await listOutboxMails(database.db, { page: 1 })).total).toBe(0);
  });
});
