import { beforeAll, describe, expect, it } from "vitest";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { hashToken } from "../utils/secure-token.server";
import { countAudience, type AudienceQuery } from "./push-audience.server";
import { findAudienceDevices } from "./push-delivery.server";
import { saveSubscription } from "./push-subscription.server";
import { setTopics } from "./notification-settings.server";
import { createSession } from "./session.server";
import { createUser } from "./user.server";
import type { PushTopic } from "./push-vocabulary";

const NOW = "2031-06-01T12:00:00.000Z";

describe.each(testDialects)("push audience counts on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const ids: Record<string, string> = {};

  /** An account with its topics and `devices` browsers, each signed in with its own session. */
  async function learner(
    name: string,
    {
      topics = [],
      devices = 1,
      role = "user",
      premiumUntil = null,
      disabled = false,
    }: {
      topics?: PushTopic[];
      devices?: number;
      role?: "user" | "admin";
      premiumUntil?: string | null;
      disabled?: boolean;
    } = {},
  ) {
    const user = await createUser(database.db, { email: `${name}-${dialect}@example.org`, passwordHash: null, role });
    ids[name] = user.id;
    await setTopics(database.db, user.id, topics);
    for (let device = 0; device < devices; device += 1) {
      const { token } = await createSession(database.db, user.id, "Mozilla/5.0 Chrome/156.0");
      await saveSubscription(database.db, {
        userId: user.id,
        sessionId: hashToken(token),
        endpoint: `https://push.example.net/send/${crypto.randomUUID()}`,
        p256dh: "B".repeat(87),
        auth: "A".repeat(22),
        userAgent: null,
      });
    }
    await database.db
      .updateTable("users")
      .set({ premium_until: premiumUntil, disabled_at: disabled ? NOW : null })
      .where("id", "=", user.id)
      .execute();
  }

  beforeAll(async () => {
    testClock.set(NOW);
    await learner("free-two-devices", { topics: ["announcements"], devices: 2 });
    await learner("premium", { topics: ["announcements"], premiumUntil: "2031-07-01T00:00:00.000Z" });
    await learner("lapsed", { topics: ["announcements", "record-primes"], premiumUntil: "2031-05-01T00:00:00.000Z" });
    await learner("admin", { topics: ["announcements"], role: "admin" });
    await learner("no-topics");
    await learner("disabled", { topics: ["announcements"], disabled: true });
    await learner("no-devices", { topics: ["announcements"], devices: 0 });
  });

  const query = (audience: AudienceQuery["audience"], user?: string, topic: PushTopic = "announcements") => ({
    topic,
    audience,
    userId: user ? ids[user]! : null,
  });

  it("counts learners and devices of each audience: topic, premium (admins too) or free, one account, a test", async () => {
    testClock.set(NOW);
    const cases: [AudienceQuery, { learners: number; devices: number }][] = [
      [query("subscribers"), { learners: 4, devices: 5 }],
      [query("subscribers", undefined, "record-primes"), { learners: 1, devices: 1 }],
      [query("subscribers", undefined, "review-reminders"), { learners: 0, devices: 0 }],
      [query("premium"), { learners: 2, devices: 2 }],
      [query("free"), { learners: 2, devices: 3 }],
      [query("user", "free-two-devices"), { learners: 1, devices: 2 }],
      // One account still needs the topic; a disabled account and one without devices reach nobody.
      [query("user", "no-topics"), { learners: 0, devices: 0 }],
      [query("user", "disabled"), { learners: 0, devices: 0 }],
      [query("user", "no-devices"), { learners: 0, devices: 0 }],
      [query("user"), { learners: 0, devices: 0 }],
      // A test goes to the admin's own devices whatever their topics.
      [query("self", "no-topics"), { learners: 1, devices: 1 }],
      [query("self", "admin", "review-reminders"), { learners: 1, devices: 1 }],
    ];
    for (const [asked, reach] of cases) {
      expect(await countAudience(database.db, asked), JSON.stringify(asked)).toEqual(reach);
    }
  });

  it("reads premium from the clock: a grant that has run out counts as free", async () => {
    testClock.set("2031-07-02T00:00:00.000Z");
    expect(await countAudience(database.db, query("premium"))).toEqual({ learners: 1, devices: 1 });
    expect(await countAudience(database.db, query("free"))).toEqual({ learners: 3, devices: 4 });
  });

  it("counts exactly the devices a dispatch would write deliveries for", async () => {
    testClock.set(NOW);
    for (const topic of ["announcements", "record-primes", "new-content"] as const) {
      for (const audience of ["subscribers", "premium", "free", "user", "self"] as const) {
        for (const user of audience === "user" || audience === "self" ? Object.keys(ids) : [undefined]) {
          const asked = query(audience, user, topic);
          const devices = await findAudienceDevices(database.db, {
            topic,
            audience,
            audienceUserId: audience === "user" ? asked.userId : null,
            createdBy: asked.userId,
          });
          expect(await countAudience(database.db, asked), JSON.stringify(asked)).toEqual({
            learners: new Set(devices.map((device) => device.userId)).size,
            devices: devices.length,
          });
        }
      }
    }
  });
});
