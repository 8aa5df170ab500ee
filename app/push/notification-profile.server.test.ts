import { describe, expect, it } from "vitest";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { readNotificationSettings, readTopics } from "#app/models/notification-settings.server";
import { createUser } from "#app/models/user.server";
import { handleNotificationAction } from "./notification-profile.server";

describe.each(testDialects)("the profile's notification choices on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const learner = async () =>
    (await createUser(database.db, { email: `${crypto.randomUUID()}@example.org`, passwordHash: null, role: "user" }))
      .id;
  const form = (more: Record<string, unknown> = {}) => ({
    intent: "notification-settings",
    topics: ["review-reminders", "announcements"],
    timeZone: "Europe/Paris",
    reminderHour: "7",
    quietStart: "22",
    quietEnd: "6",
    ...more,
  });

  it("saves the topics, the reminder hour, the time zone and quiet hours (or none)", async () => {
    const userId = await learner();
    expect(await handleNotificationAction(database.db, userId, form())).toMatchObject({ ok: true });
    expect(await readTopics(database.db, userId)).toEqual(["review-reminders", "announcements"]);
    expect(await readNotificationSettings(database.db, userId)).toEqual({
      timeZone: "Europe/Paris",
      reminderHour: 7,
      quietStart: 22,
      quietEnd: 6,
    });
    // One ticked box arrives as one string; none as no field; no quiet hours as two empty choices.
    await handleNotificationAction(
      database.db,
      userId,
      form({ topics: "record-primes", quietStart: "", quietEnd: "" }),
    );
    expect(await readTopics(database.db, userId)).toEqual(["record-primes"]);
    expect(await readNotificationSettings(database.db, userId)).toMatchObject({ quietStart: null, quietEnd: null });
    const { topics: _omitted, ...withoutTopics } = form();
    expect(await handleNotificationAction(database.db, userId, withoutTopics)).toEqual({
      ok: true,
      message: "Saved. No topic is chosen, so no notifications are sent to you.",
    });
    expect(await readTopics(database.db, userId)).toEqual([]);
  });

  it("refuses a zone, hour, quiet hours or topic that make no sense, and changes nothing", async () => {
    const userId = await learner();
    for (const [more, field] of [
      [{ timeZone: "Europe/Atlantis" }, "timeZone"],
      [{ timeZone: "" }, "timeZone"],
      [{ reminderHour: "24" }, "reminderHour"],
      [{ reminderHour: "-1" }, "reminderHour"],
      [{ quietStart: "", quietEnd: "6" }, "quietStart"],
      [{ quietStart: "22", quietEnd: "" }, "quietEnd"],
      [{ quietStart: "5", quietEnd: "5" }, "quietEnd"],
      [{ topics: ["record-primes", "casino"] }, "topics"],
    ] as const) {
      const outcome = await handleNotificationAction(database.db, userId, form(more));
      expect(outcome.ok, JSON.stringify(more)).toBe(false);
      expect(outcome.ok ? {} : outcome.errors, JSON.stringify(more)).toHaveProperty(field);
    }
    expect(await readNotificationSettings(database.db, userId)).toBeNull();
    expect(await readTopics(database.db, userId)).toEqual([]);
  });

  it("removes one of the learner's own devices only", async () => {
    const userId = await learner();
    expect(
      await handleNotificationAction(database.db, userId, {
        intent: "remove-push-device",
        deviceId: crypto.randomUUID(),
      }),
    ).toEqual({ ok: false, errors: { form: "That device was already removed." }, status: 404 });
    expect(
      await handleNotificationAction(database.db, userId, { intent: "remove-push-device", deviceId: "1; drop" }),
    ).toMatchObject({ ok: false, status: 400 });
  });
});
