import { expect, test, type BrowserContext, type CDPSession, type Page } from "@playwright/test";
import { PUSH_SUBSCRIPTION_ENDPOINT, type PushPayload } from "#app/models/push-vocabulary";
import { SERVICE_WORKER_SCOPE, SERVICE_WORKER_URL } from "#app/offline/offline-config";
import { BLOCKED_HELP } from "#app/push/client/push-messages";
import { sendPushMessage } from "#app/push/send-message.server";
import { resolveVapidKeys } from "#app/push/vapid-keys.server";
import { startLocalPushService, type LocalPushService, type TestSubscriber } from "#tests/setup/local-push-service";
import { baseURL } from "./e2e-ports";
import { asNewClient, gotoHydrated, logIn, logOut, watchConsole } from "./helpers";
import { createTestAccount, withServerDatabase } from "./test-accounts";
import { finishAttempt } from "#app/models/quiz.server";

/**
 * Web push in Chromium (issue 21): the permission granted and denied through the DevTools Protocol,
 * the profile's button storing this browser's subscription, a push delivered to the service worker
 * (ServiceWorker.deliverPushMessage) shown as a notification, and its click leading the open window to
 * the link and counted in analytics. Chromium's own push service is out of reach here, so an init
 * script has PushManager hand out a subscription on the local push service (tests/setup), with keys
 * the test made: what the server stores is a subscription that service can decrypt for.
 */

const TURN_ON = "Get the ticked topics as notifications on this device";

let pushService: LocalPushService;
test.beforeAll(async () => {
  // In this worker, on a free port: the journeys read what it received.
  pushService = await startLocalPushService();
});
test.afterAll(async () => {
  await pushService.stop();
});

test.describe("web push", () => {
  test.use({ serviceWorkers: "allow" });

  /** The server's VAPID public key, as the browser gets it. */
  async function serverKey(page: Page): Promise<string> {
    const answer = await page.request.get(PUSH_SUBSCRIPTION_ENDPOINT);
    expect(answer.status()).toBe(200);
    return ((await answer.json()) as { publicKey: string }).publicKey;
  }

  /**
   * PushManager as Chromium would have it with the local push service behind it: subscribe (only with
   * permission) hands out `subscriber`'s endpoint and keys, remembered across pages of this origin.
   */
  async function useLocalPushService(page: Page, subscriber: TestSubscriber) {
    await page.addInitScript(
      ({ endpoint, keys }) => {
        const STORED = "e2e:push-subscription";
        const toBytes = (key: string) =>
          Uint8Array.from(atob(key.replaceAll("-", "+").replaceAll("_", "/")), (char) => char.charCodeAt(0));
        const toText = (bytes: Uint8Array) =>
          btoa(String.fromCharCode(...bytes))
            .replaceAll("+", "-")
            .replaceAll("/", "_")
            .replace(/=+$/, "");
        const subscription = (applicationServerKey: string) => ({
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: toBytes(applicationServerKey).buffer },
          getKey: (name: "p256dh" | "auth") => toBytes(keys[name]).buffer,
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          unsubscribe: () => {
            localStorage.removeItem(STORED);
            return Promise.resolve(true);
          },
        });
        PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
          if (Notification.permission !== "granted") {
            return Promise.reject(new DOMException("Registration failed - permission denied", "NotAllowedError"));
          }
          const key = options?.applicationServerKey;
          const text =
            typeof key === "string"
              ? key
              : toText(new Uint8Array(ArrayBuffer.isView(key) ? key.buffer : (key as ArrayBuffer)));
          localStorage.setItem(STORED, text);
          return Promise.resolve(subscription(text) as unknown as PushSubscription);
        };
        PushManager.prototype.getSubscription = function () {
          const key = localStorage.getItem(STORED);
          return Promise.resolve(key ? (subscription(key) as unknown as PushSubscription) : null);
        };
      },
      { endpoint: subscriber.endpoint, keys: subscriber.keys },
    );
  }

  /**
   * The notifications permission for this context's origin, set through the DevTools Protocol as a
   * learner's "Allow" or "Block" would. Chromium drops a session's permission overrides when it
   * detaches, so the session stays open for the rest of the test.
   */
  async function setNotificationPermission(context: BrowserContext, page: Page, setting: "granted" | "denied") {
    const session = await context.newCDPSession(page);
    const { targetInfo } = await session.send("Target.getTargetInfo");
    await session.detach();
    const browserSession = await context.browser()!.newBrowserCDPSession();
    await browserSession.send("Browser.setPermission", {
      permission: { name: "notifications" },
      setting,
      origin: baseURL,
      browserContextId: targetInfo.browserContextId,
    });
    expect(await page.evaluate(() => Notification.permission)).toBe(setting);
    return browserSession;
  }

  async function installServiceWorker(page: Page) {
    await page.evaluate(
      async ({ url, scope }) => {
        await navigator.serviceWorker.register(url, { scope });
        await navigator.serviceWorker.ready;
      },
      { url: SERVICE_WORKER_URL, scope: SERVICE_WORKER_SCOPE },
    );
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  }

  const storedSubscriptions = (userId: string) =>
    withServerDatabase((db) =>
      db
        .selectFrom("push_subscriptions")
        .select(["endpoint", "p256dh", "auth", "session_id"])
        .where("user_id", "=", userId)
        .execute(),
    );

  /**
   * The registration id of our worker as the ServiceWorker domain reports it: the registration at our
   * scope whose /sw.js version is activated (a push goes to the active worker).
   */
  async function registrationId(session: CDPSession): Promise<string> {
    const scopes = new Map<string, string>();
    const activated = new Set<string>();
    const found = new Promise<string>((resolve) => {
      const settle = () => {
        for (const [id, scope] of scopes) if (scope === `${baseURL}/` && activated.has(id)) resolve(id);
      };
      session.on("ServiceWorker.workerRegistrationUpdated", ({ registrations }) => {
        for (const registration of registrations) {
          if (registration.isDeleted) scopes.delete(registration.registrationId);
          else scopes.set(registration.registrationId, registration.scopeURL);
        }
        settle();
      });
      session.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
        for (const version of versions) {
          if (version.scriptURL === `${baseURL}${SERVICE_WORKER_URL}` && version.status === "activated") {
            activated.add(version.registrationId);
          }
        }
        settle();
      });
    });
    await session.send("ServiceWorker.enable");
    return found;
  }

  test("granted: the profile's button stores this browser's subscription; a push is shown, its click leads the window to the link and is counted; sign-out removes it", async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    const account = await createTestAccount("push-granted");
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);
    const subscriber = await pushService.newSubscriber({ applicationServerKey: await serverKey(page) });
    await useLocalPushService(page, subscriber);
    const permissions = await setNotificationPermission(context, page, "granted");
    await installServiceWorker(page);

    await gotoHydrated(page, "/profile");
    const section = page.getByRole("region", { name: "Notifications" });
    await expect(section.getByText("Off: this device shows no notifications.")).toBeVisible();
    await section.getByRole("checkbox", { name: "New record primes" }).check();
    await section.getByRole("button", { name: TURN_ON }).press("Enter");
    await expect(section.getByRole("status")).toHaveText(
      "This device now shows notifications for the topics ticked below.",
    );
    await expect(section.getByText("On: this device shows your notifications.")).toBeVisible();
    await expect(
      section.getByRole("button", { name: /^Remove .* \(this device\) from your notifications$/ }),
    ).toBeVisible();
    expect(await storedSubscriptions(account.id)).toEqual([
      expect.objectContaining({ endpoint: subscriber.endpoint, ...subscriber.keys }),
    ]);
    const topics = await withServerDatabase((db) =>
      db.selectFrom("push_topics").select("topic").where("user_id", "=", account.id).execute(),
    );
    expect(topics).toEqual([{ topic: "record-primes" }]);
    // The learner's first settings took the browser's time zone.
    await expect(section.getByRole("textbox", { name: "Time zone" })).toHaveValue(/^[\w/+-]+$/);

    // The server's sender (its VAPID keys from the data folder) reaches the stored subscription: the
    // local push service checks the signature and decrypts with the keys this browser handed over.
    const campaign = `push:e2e-${crypto.randomUUID().slice(0, 8)}`;
    const payload: PushPayload = {
      title: "A new record prime",
      body: "2^136279841 − 1 has 41,024,320 digits.",
      url: "/prime-discoveries",
      campaign,
    };
    const [stored] = await storedSubscriptions(account.id);
    const vapidKeys = resolveVapidKeys({}, process.env.E2E_DATA_DIR!, baseURL);
    expect(await sendPushMessage(stored!, payload, { ttlSeconds: 60, urgency: "normal", vapidKeys })).toEqual({
      outcome: "sent",
    });
    const [received] = await pushService.waitFor(1, subscriber.endpoint);
    expect(JSON.parse(received!.payload)).toEqual(payload);

    // What the push service decrypted reaches the worker as Chromium's push service would deliver it.
    const session = await context.newCDPSession(page);
    const registration = await registrationId(session);
    await session.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL,
      registrationId: registration,
      data: received!.payload,
    });
    const shown = () =>
      page.evaluate(async () => {
        const notifications = await (await navigator.serviceWorker.ready).getNotifications();
        return notifications.map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
      });
    // A wait, not a speed check: with two browsers on two cores, starting the worker can take long.
    await expect
      .poll(shown, { timeout: 30_000 })
      .toEqual([{ title: payload.title, body: payload.body, tag: campaign, data: { url: payload.url, campaign } }]);
    // The same campaign again replaces its notification rather than stacking a second one.
    await session.send("ServiceWorker.deliverPushMessage", {
      origin: baseURL,
      registrationId: registration,
      data: JSON.stringify({ ...payload, body: "Now verified." }),
    });
    await expect.poll(async () => (await shown()).map((n) => n.body)).toEqual(["Now verified."]);

    // DevTools has no notification click: the worker gets the event the browser would dispatch.
    const [worker] = context.serviceWorkers();
    expect(worker).toBeDefined();
    await worker!.evaluate(async () => {
      // The worker's globals, which this file's (a window's) types do not name.
      const scope = globalThis as unknown as {
        registration: ServiceWorkerRegistration;
        NotificationEvent: new (type: string, init: { notification: Notification }) => Event;
      };
      const [notification] = await scope.registration.getNotifications();
      globalThis.dispatchEvent(new scope.NotificationEvent("notificationclick", { notification: notification! }));
    });
    await expect(page).toHaveURL(/\/prime-discoveries$/);
    expect(context.pages()).toHaveLength(1);
    const counted = (name: string) =>
      withServerDatabase((db) =>
        db
          .selectFrom("analytics_events")
          .select(["path"])
          .where("name", "=", name)
          .where("subject", "=", campaign)
          .execute(),
      );
    await expect.poll(() => counted("push_click")).toEqual([{ path: "/prime-discoveries" }]);
    await expect.poll(async () => (await counted("push_received")).length).toBe(2);
    await session.detach();

    // Turned off on the profile: the server forgets this browser; turned on again with the same button.
    await gotoHydrated(page, "/profile");
    await section.getByRole("button", { name: "Turn off notifications on this device" }).click();
    await expect(section.getByRole("status")).toHaveText("This device gets no more notifications.");
    await expect(section.getByText("Off: this device shows no notifications.")).toBeVisible();
    expect(await storedSubscriptions(account.id)).toEqual([]);
    await section.getByRole("button", { name: TURN_ON }).click();
    await expect(section.getByText("On: this device shows your notifications.")).toBeVisible();
    expect(await storedSubscriptions(account.id)).toHaveLength(1);

    // Signing out of this device removes its subscription with the session.
    await logOut(page);
    await expect.poll(() => storedSubscriptions(account.id)).toEqual([]);
    await permissions.detach();
    checkConsole();
  });

  test("denied: pressing the button explains how to allow notifications, and nothing is stored", async ({
    page,
    context,
  }) => {
    const checkConsole = watchConsole(page);
    await asNewClient(page);
    // A guest is led to sign in and back; nothing is asked of the browser.
    await gotoHydrated(page, "/prime-discoveries");
    await expect(page.getByRole("link", { name: "Sign in to get these notifications" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fprime-discoveries",
    );
    const account = await createTestAccount("push-denied");
    await logIn(page, account.email, account.password);
    await expect(page).toHaveURL(/\/profile$/);
    const subscriber = await pushService.newSubscriber({ applicationServerKey: await serverKey(page) });
    await useLocalPushService(page, subscriber);
    await installServiceWorker(page);
    const permissions = await setNotificationPermission(context, page, "denied");

    await gotoHydrated(page, "/prime-discoveries");
    await page.getByRole("button", { name: "Tell me about new record primes" }).press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "Notifications are blocked" })).toHaveText(BLOCKED_HELP);
    expect(await storedSubscriptions(account.id)).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem("e2e:push-subscription"))).toBeNull();

    // The profile says the same before anything is pressed.
    await gotoHydrated(page, "/profile");
    await expect(page.getByRole("region", { name: "Notifications" }).getByText(BLOCKED_HELP)).toBeVisible();
    await permissions.detach();
    checkConsole();
  });

  test.describe("after a quiz", () => {
    test.use({ timezoneId: "Asia/Tokyo" });

    test("'Remind me when reviews are due' subscribes this device to review reminders at an hour of the learner's own zone", async ({
      page,
      context,
    }) => {
      const checkConsole = watchConsole(page);
      await asNewClient(page);
      const account = await createTestAccount("push-quiz");
      await logIn(page, account.email, account.password);
      await expect(page).toHaveURL(/\/profile$/);
      const subscriber = await pushService.newSubscriber({ applicationServerKey: await serverKey(page) });
      await useLocalPushService(page, subscriber);
      const permissions = await setNotificationPermission(context, page, "granted");
      await installServiceWorker(page);

      await gotoHydrated(page, "/chapter/atomic-model-of-numbers/quiz");
      await page.getByRole("button", { name: "Start the quiz" }).click();
      await page.waitForURL(/\/quiz\/[0-9a-f-]{36}$/);
      const attemptId = new URL(page.url()).pathname.split("/").at(-1)!;
      await withServerDatabase((db) => finishAttempt(db, attemptId));
      await gotoHydrated(page, `/quiz/${attemptId}/results`);
      await page.getByRole("button", { name: "Remind me when reviews are due" }).press("Enter");
      await expect(page.getByRole("status").filter({ hasText: "Done" })).toHaveText(
        "Done: this device will show a notification for “Review reminders”. Change topics, hours or devices on your profile.",
      );
      expect(await storedSubscriptions(account.id)).toEqual([
        expect.objectContaining({ endpoint: subscriber.endpoint }),
      ]);
      const [topics, settings] = await withServerDatabase((db) =>
        Promise.all([
          db.selectFrom("push_topics").select("topic").where("user_id", "=", account.id).execute(),
          db
            .selectFrom("notification_settings")
            .select(["time_zone", "reminder_hour", "quiet_start", "quiet_end"])
            .where("user_id", "=", account.id)
            .execute(),
        ]),
      );
      expect(topics).toEqual([{ topic: "review-reminders" }]);
      expect(settings).toEqual([{ time_zone: "Asia/Tokyo", reminder_hour: 18, quiet_start: null, quiet_end: null }]);
      await permissions.detach();
      checkConsole();
    });
  });
});
