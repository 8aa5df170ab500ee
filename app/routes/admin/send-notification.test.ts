import { beforeAll, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { actionResult, formPost, requestContext } from "#tests/setup/action-result";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { switchFeatures } from "#tests/setup/feature-flags";
import { listAuditEntries } from "#app/models/audit-log.server";
import { setTopics } from "#app/models/notification-settings.server";
import { createSend, findSend, listSends, type PushSendInput } from "#app/models/push-send.server";
import { saveSubscription } from "#app/models/push-subscription.server";
import { createSession } from "#app/models/session.server";
import { createUser, type User } from "#app/models/user.server";
import { hashToken } from "#app/utils/secure-token.server";
import { userContext } from "#app/http/request-context";
import routes from "#app/routes";

const current = vi.hoisted(() => ({
  handle: undefined as DatabaseHandle | undefined,
  scheduled: [] as unknown[],
  pushRunning: true,
}));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
vi.mock("#app/http/public-origin.server", () => ({ publicOrigin: () => "https://numberlab.example" }));
// The jobs' own tests cover what happens after scheduleSend; here it writes the send and remembers the call.
vi.mock("#app/push/push-jobs.server", () => ({
  pushIsRunning: () => current.pushRunning,
  scheduleSend: async (db: Parameters<typeof createSend>[0], input: PushSendInput) => {
    current.scheduled.push(input);
    return createSend(db, input);
  },
}));
const { action, loader } = await import("./send-notification");
const { requireAdminMiddleware } = await import("#app/auth/access.server");

const NOW = "2030-05-01T10:00:00.000Z";
const PAGE = "http://localhost:3000/admin/sendNotification";
const MESSAGE = { title: "A new chapter", body: "Periods and primes is out.", url: "/chapter", topic: "announcements" };

describe.each(testDialects)("/admin/sendNotification on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const accounts: Record<"admin" | "deviceless" | "ada" | "bob" | "carl", User> = {} as never;

  async function account(name: keyof typeof accounts, devices: number, role: "user" | "admin" = "user") {
    const user = await createUser(database.db, { email: `${name}-${dialect}@example.org`, passwordHash: null, role });
    await setTopics(database.db, user.id, ["announcements"]);
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
    accounts[name] = user;
  }

  beforeAll(async () => {
    current.handle = database;
    current.scheduled.length = 0;
    await account("admin", 1, "admin");
    await account("deviceless", 0, "admin");
    await account("ada", 2);
    await account("bob", 1);
    await account("carl", 0);
  });

  function contextOf(user: User) {
    const context = requestContext("192.0.2.1");
    context.set(userContext, user);
    return context;
  }

  /** The action's answer as the browser gets it, a thrown redirect included. */
  async function post(form: Record<string, string>, as: User = accounts.admin) {
    current.handle = database;
    testClock.set(NOW);
    try {
      return await actionResult(
        await action({ request: formPost(PAGE, form), context: contextOf(as), params: {} } as never),
      );
    } catch (thrown) {
      return actionResult(thrown);
    }
  }

  const sendCount = async () => (await listSends(database.db, { limit: 1000 })).length;
  const audited = async (action: "push.send" | "push.schedule" | "push.test" | "push.cancel") =>
    (await listAuditEntries(database.db, { filter: { action } })).entries.map((entry) => ({
      actor: entry.actor?.email,
      target: entry.target.email,
      details: entry.details,
    }));

  it("sits behind the admin guard, which answers a learner 403 before the action runs", async () => {
    type Node = { file: string; children?: Node[] };
    const chain = (nodes: Node[], file: string, above: string[] = []): string[] | null => {
      for (const node of nodes) {
        if (node.file === file) return [...above, node.file];
        const found = chain(node.children ?? [], file, [...above, node.file]);
        if (found) return found;
      }
      return null;
    };
    for (const file of [
      "routes/admin/send-notification.tsx",
      "routes/admin/send-notification-audience.ts",
      "routes/admin/send-notification-report.tsx",
    ]) {
      expect(chain(routes as Node[], file), file).toContain("routes/access/requires-admin.ts");
    }
    const before = await sendCount();
    const request = formPost(PAGE, { intent: "send", ...MESSAGE, audience: "subscribers", when: "now" });
    const guard = async () =>
      requireAdminMiddleware({ request, context: contextOf(accounts.ada), params: {} } as never, () =>
        Promise.resolve(new Response()),
      );
    const refused = await actionResult(await guard().catch((thrown: unknown) => thrown));
    expect(refused.status).toBe(403);
    expect(await sendCount()).toBe(before);
  });

  it("sends a test to the admin's own devices at once, audited; none without a device", async () => {
    const none = await post({ intent: "test", ...MESSAGE }, accounts.deviceless);
    expect(none.status).toBe(400);
    expect(none.data).toMatchObject({
      needsDevice: true,
      errors: { form: expect.stringMatching(/^You have no device/) },
    });
    expect(current.scheduled).toEqual([]);

    const tested = await post({ intent: "test", ...MESSAGE, url: "https://numberlab.example/chapter?x=1" });
    expect(tested.status).toBe(200);
    const { sendId, devices } = (tested.data as { tested: { sendId: string; devices: number } }).tested;
    expect(devices).toBe(1);
    expect(current.scheduled.at(-1)).toEqual({
      kind: "test",
      title: "A new chapter",
      body: "Periods and primes is out.",
      url: "/chapter?x=1",
      topic: "announcements",
      audience: "self",
      audienceUserId: accounts.admin.id,
      createdBy: accounts.admin.id,
      scheduledFor: NOW,
    });
    expect(await audited("push.test")).toEqual([
      {
        actor: accounts.admin.email,
        target: null,
        details: { sendId, title: "A new chapter", topic: "announcements", audience: "self", scheduledFor: NOW },
      },
    ]);
  });

  it("says so, and sends nothing, when push could not start on this server", async () => {
    const before = await sendCount();
    current.pushRunning = false;
    try {
      const refused = await post({ intent: "send", ...MESSAGE, audience: "subscribers" });
      expect(refused.status).toBe(503);
      expect(refused.data).toMatchObject({ errors: { form: expect.stringMatching(/^Notifications are not running/) } });
      expect((await post({ intent: "test", ...MESSAGE })).status).toBe(503);
    } finally {
      current.pushRunning = true;
    }
    expect(await sendCount()).toBe(before);
  });

  it("sends nothing while notifications are switched off in the settings, and says so on the page", async () => {
    const before = { sends: await sendCount(), calls: current.scheduled.length };
    const restore = await switchFeatures(database.db, { push: false });
    try {
      const refused = await post({ intent: "send", ...MESSAGE, audience: "subscribers" });
      expect(refused.status).toBe(403);
      expect(refused.data).toMatchObject({
        errors: { form: expect.stringMatching(/^Notifications are switched off in the settings/) },
      });
      expect((await post({ intent: "test", ...MESSAGE })).status).toBe(403);
      const page = await loader({
        request: new Request(PAGE),
        context: contextOf(accounts.admin),
        params: {},
      } as never);
      expect(page.switchedOff).toBe(true);
    } finally {
      await restore();
    }
    expect({ sends: await sendCount(), calls: current.scheduled.length }).toEqual(before);
  });

  it("refuses bad input field by field and changes nothing", async () => {
    const before = { sends: await sendCount(), calls: current.scheduled.length };
    const cases: [Record<string, string>, Record<string, string | RegExp>][] = [
      [{ intent: "publish" }, { form: "Send, test or cancel a notification." }],
      [
        { intent: "send", title: "", body: "", url: "javascript:alert(1)", topic: "x", audience: "all", when: "now" },
        {
          title: "Enter a title.",
          body: "Enter the message.",
          url: /Other sites and schemes are refused/,
          topic: "Choose one of the topics.",
          audience: "Choose who receives it.",
        },
      ],
      [{ intent: "test", ...MESSAGE, url: "//evil.example" }, { url: /Other sites are refused/ }],
      [{ intent: "send", ...MESSAGE, audience: "user", email: "ada", when: "now" }, { email: /valid e-mail/ }],
      [
        { intent: "send", ...MESSAGE, audience: "user", email: "Nobody@Example.org", when: "now" },
        { email: "No account has the address nobody@example.org." },
      ],
      [
        { intent: "send", ...MESSAGE, audience: "subscribers", when: "later", scheduledFor: "2030-05-01T09:58:00Z" },
        { scheduledFor: /This time has passed/ },
      ],
      [
        { intent: "send", ...MESSAGE, audience: "subscribers", when: "later", scheduledFor: "2031-05-02T10:00:00Z" },
        { scheduledFor: /At most a year ahead/ },
      ],
      // Sending now to nobody: the account exists but has no device.
      [
        { intent: "send", ...MESSAGE, audience: "user", email: accounts.carl.email, when: "now" },
        {
          audience: `${accounts.carl.email} has no device with notifications on for this topic: nothing would be sent.`,
        },
      ],
      [
        { intent: "send", ...MESSAGE, topic: "review-reminders", audience: "subscribers", when: "now" },
        { audience: /^Nobody in this audience/ },
      ],
    ];
    for (const [form, errors] of cases) {
      const refused = await post(form);
      expect(refused.status, JSON.stringify(form)).toBe(400);
      const answer = refused.data as { errors: Record<string, string>; values: Record<string, string> };
      expect(Object.keys(answer.errors).sort(), JSON.stringify(form)).toEqual(Object.keys(errors).sort());
      for (const [field, message] of Object.entries(errors)) expect(answer.errors[field]).toMatch(message);
      // What was typed comes back to the form.
      if (form.title !== undefined) expect(answer.values.title).toBe(form.title);
    }
    expect({ sends: await sendCount(), calls: current.scheduled.length }).toEqual(before);
  });

  it("asks before sending to several learners, then sends and opens the report, audited", async () => {
    const form = { intent: "send", ...MESSAGE, audience: "subscribers", when: "now" };
    const asked = await post(form);
    expect(asked.status).toBe(200);
    // Admins are learners too: the admin, Ada and Bob chose the topic; the other admin has no device.
    expect(asked.data).toMatchObject({ confirm: { reach: { learners: 3, devices: 4 } } });
    const calls = current.scheduled.length;
    expect(await audited("push.send")).toEqual([]);

    const sent = await post({ ...form, confirmed: "yes" });
    expect(sent.status).toBe(302);
    const sendId = sent.headers.get("Location")!.replace("/admin/sendNotification/", "");
    expect(current.scheduled).toHaveLength(calls + 1);
    expect(await findSend(database.db, sendId)).toMatchObject({
      kind: "campaign",
      audience: "subscribers",
      createdBy: accounts.admin.id,
      scheduledFor: NOW,
      status: "scheduled",
    });
    expect(await audited("push.send")).toEqual([
      {
        actor: accounts.admin.email,
        target: null,
        details: { sendId, title: "A new chapter", topic: "announcements", audience: "subscribers", scheduledFor: NOW },
      },
    ]);
  });

  it("sends to one account without asking, naming it in the audit", async () => {
    const sent = await post({ intent: "send", ...MESSAGE, audience: "user", email: accounts.ada.email, when: "now" });
    expect(sent.status).toBe(302);
    expect(current.scheduled.at(-1)).toMatchObject({ audience: "user", audienceUserId: accounts.ada.id });
    const entry = (await listAuditEntries(database.db, { filter: { targetEmail: accounts.ada.email } })).entries[0];
    expect(entry).toMatchObject({ action: "push.send", target: { id: accounts.ada.id, email: accounts.ada.email } });
  });

  it("schedules a send in the admin's zone's instant, cancels it once, and audits both", async () => {
    const scheduled = await post({
      intent: "send",
      ...MESSAGE,
      audience: "premium",
      when: "later",
      scheduledFor: "2030-05-02T09:30:00+02:00",
    });
    // Among the subscribers only the admin counts as premium: one learner, no confirmation.
    expect(scheduled.status).toBe(302);
    const sendId = scheduled.headers.get("Location")!.split("/").at(-1)!;
    expect(current.scheduled.at(-1)).toMatchObject({ audience: "premium", scheduledFor: "2030-05-02T07:30:00.000Z" });
    expect((await audited("push.schedule"))[0]).toMatchObject({
      details: { sendId, audience: "premium", scheduledFor: "2030-05-02T07:30:00.000Z" },
    });

    const cancelled = await post({ intent: "cancel", sendId });
    expect(cancelled).toMatchObject({
      status: 200,
      data: { cancel: { message: "Cancelled “A new chapter”: it will not go out." } },
    });
    expect((await findSend(database.db, sendId))?.status).toBe("cancelled");
    const again = await post({ intent: "cancel", sendId });
    expect(again).toMatchObject({
      status: 409,
      data: { cancel: { error: "“A new chapter” cannot be cancelled: It was already cancelled." } },
    });
    expect(await post({ intent: "cancel", sendId: "not-a-send" })).toMatchObject({ status: 400 });
    expect(await post({ intent: "cancel", sendId: crypto.randomUUID() })).toMatchObject({ status: 404 });
    expect(await audited("push.cancel")).toEqual([
      {
        actor: accounts.admin.email,
        target: null,
        details: { sendId, title: "A new chapter", scheduledFor: "2030-05-02T07:30:00.000Z" },
      },
    ]);
  });

  it("lists the history newest first, a page at a time, with the admin's device count", async () => {
    current.handle = database;
    const loaded = await loader({
      request: new Request(`${PAGE}?page=99`),
      context: contextOf(accounts.admin),
      params: {},
    } as never);
    const total = await sendCount();
    expect(loaded).toMatchObject({ total, page: 1, pageCount: 1, myDevices: 1 });
    expect(loaded.sends.map((send) => send.createdAt)).toEqual(
      [...loaded.sends.map((send) => send.createdAt)].sort().reverse(),
    );
    expect(loaded.initialReach).toEqual({
      topic: "announcements",
      audience: "subscribers",
      reach: { learners: 3, devices: 4 },
    });
  });
});
