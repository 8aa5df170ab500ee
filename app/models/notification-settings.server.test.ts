import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import {
  addTopic,
  ensureNotificationSettings,
  readNotificationSettings,
  readTopics,
  setTopics,
  writeNotificationSettings,
} from "./notification-settings.server";
import { createUser } from "./user.server";

describe.each(testDialects)("notification settings on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const learner = async () =>
    (await createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null, role: "user" }))
      .id;

  it("keeps the learner's first settings, then their own choices and the last reminder's day", async () => {
    const userId = await learner();
    expect(await readNotificationSettings(database.db, userId)).toBeNull();
    const first = { timeZone: "Europe/Paris", reminderHour: 18, quietStart: null, quietEnd: null };
    await ensureNotificationSettings(database.db, userId, first);
    await ensureNotificationSettings(database.db, userId, { ...first, timeZone: "Asia/Tokyo" });
    expect(await readNotificationSettings(database.db, userId)).toEqual(first);

    await database.db
      .updateTable("notification_settings")
      .set({ last_reminder_on: "2031-03-01" })
      .where("user_id", "=", userId)
      .execute();
    const chosen = { timeZone: "America/New_York", reminderHour: 7, quietStart: 22, quietEnd: 6 };
    await writeNotificationSettings(database.db, userId, chosen);
    expect(await readNotificationSettings(database.db, userId)).toEqual(chosen);
    const row = await database.db
      .selectFrom("notification_settings")
      .select("last_reminder_on")
      .where("user_id", "=", userId)
      .executeTakeFirstOrThrow();
    expect(row.last_reminder_on).toBe("2031-03-01");
  });

  it("replaces the topics, adds one at a time once, and keeps each learner's apart", async () => {
    const userId = await learner();
    const other = await learner();
    expect(await readTopics(database.db, userId)).toEqual([]);
    await setTopics(database.db, userId, ["review-reminders", "record-primes"]);
    await setTopics(database.db, other, ["announcements"]);
    expect(await readTopics(database.db, userId)).toEqual(["record-primes", "review-reminders"]);
    await addTopic(database.db, userId, "record-primes");
    await addTopic(database.db, userId, "new-content");
    expect(await readTopics(database.db, userId)).toEqual(["record-primes", "new-content", "review-reminders"]);
    await setTopics(database.db, userId, []);
    expect(await readTopics(database.db, userId)).toEqual([]);
    expect(await readTopics(database.db, other)).toEqual(["announcements"]);
  });
});
