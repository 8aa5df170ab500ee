import { afterEach, describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { formPost } from "#tests/setup/action-result";
import { APP, contextFor, newLearner, routeAnswer, subscribeThrough } from "#tests/setup/billing-routes";
import { FakePaymentProvider } from "#tests/setup/fake-payment-provider";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { setPaymentProvider } from "#app/billing/provider.server";
import { rateLimits } from "#app/http/rate-limits.server";
import { findCurrentSubscription } from "#app/models/subscription.server";
import { findUserById, setPreferences, type User } from "#app/models/user.server";
import { readDailyGoal } from "#app/models/daily-goal.server";

vi.stubEnv("SESSION_SECRET", "a session secret for the profile tests, long enough");
const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { action, loader, shouldRevalidate } = await import("./profile");
const { loader: rootLoader } = await import("#app/root");

afterEach(() => setPaymentProvider(undefined));

describe.each(testDialects)("the plan on /profile on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const useProvider = () => {
    current.handle = database;
    const provider = new FakePaymentProvider();
    setPaymentProvider(provider);
    return provider;
  };
  const load = (user: User, query = "") =>
    loader({ request: new Request(`${APP}/profile${query}`), context: contextFor(user), params: {} } as never);
  const post = (user: User, form: Record<string, string>) =>
    routeAnswer(() =>
      action({ request: formPost(`${APP}/profile`, form), context: contextFor(user), params: {} } as never),
    );

  it("shows the plan section, and says when the provider's page could not be opened", async () => {
    const provider = useProvider();
    const { user, subscription } = await subscribeThrough(database.db, provider, await newLearner(database.db));
    const page = await load(user);
    expect(page.plan).toMatchObject({
      subscription: { subscriptionId: subscription.subscriptionId, status: "trialing" },
      words: { label: "Free trial" },
      hasCustomer: true,
    });
    expect(page.portalUnavailable).toBe(false);
    expect((await load(user, "?portal=unavailable")).portalUnavailable).toBe(true);
  });

  it("changes the plan through the profile's intents, answering as every profile form does", async () => {
    const provider = useProvider();
    const { user, subscription } = await subscribeThrough(database.db, provider, await newLearner(database.db));
    const cancelled = await post(user, { intent: "plan-cancel", subscriptionId: subscription.subscriptionId });
    expect(cancelled.status).toBe(200);
    expect(cancelled.data).toMatchObject({ intent: "plan-cancel", ok: true, errors: {} });
    expect((cancelled.data as { message: string }).message).toMatch(
      /^Your plan is cancelled\. Premium stays open until/,
    );
    expect((await findCurrentSubscription(database.db, user.id))!.cancelAtPeriodEnd).toBe(true);

    const refused = await post(user, {
      intent: "plan-pause",
      subscriptionId: subscription.subscriptionId,
      months: "9",
    });
    expect(refused).toMatchObject({
      status: 400,
      data: { intent: "plan-pause", ok: false, errors: { form: "Choose 1, 2 or 3 months." } },
    });
  });

  it("limits how often one account changes its plan at the provider", async () => {
    const provider = useProvider();
    const { user, subscription } = await subscribeThrough(database.db, provider, await newLearner(database.db));
    const intents = ["plan-cancel", "plan-resume"];
    for (let attempt = 0; attempt < rateLimits.planChangePerAccount.limit; attempt += 1) {
      const answer = await post(user, { intent: intents[attempt % 2]!, subscriptionId: subscription.subscriptionId });
      expect(answer.status).toBe(200);
    }
    const calls = provider.count("setCancelAtPeriodEnd");
    const refused = await post(user, { intent: "plan-cancel", subscriptionId: subscription.subscriptionId });
    expect(refused.status).toBe(429);
    expect(refused.data).toMatchObject({ intent: "plan-cancel", ok: false });
    expect(provider.count("setCancelAtPeriodEnd")).toBe(calls);
  });

  it("keeps the other profile intents working beside the plan's", async () => {
    useProvider();
    const user = await newLearner(database.db);
    const answer = await post(user, { intent: "display-name", displayName: "Ada" });
    expect(answer.data).toMatchObject({ intent: "display-name", ok: true, message: "Your name was saved." });
  });
});

describe.each(testDialects)("the privacy switch on /profile on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const post = (user: User, form: Record<string, string>, cookie?: string) =>
    routeAnswer(() =>
      action({ request: formPost(`${APP}/profile`, form, cookie), context: contextFor(user), params: {} } as never),
    );
  const reload = async (user: User) => (await findUserById(database.db, user.id))!;
  /** What the root loader tells every page of this account's browsers (app/analytics/client). */
  const rootFlag = (user: User) =>
    (
      rootLoader({ request: new Request(`${APP}/`), context: contextFor(user), params: {} } as never) as {
        analytics: boolean;
      }
    ).analytics;

  it("is on until switched off, and each save says so", async () => {
    current.handle = database;
    const user = await newLearner(database.db);
    expect(user.preferences).toBeNull();
    expect(rootFlag(user)).toBe(true);
    expect((await load(user)).preferences.analytics).toBe(true);

    // An unchecked switch posts nothing: off.
    const off = await post(user, { intent: "analytics" }, "color-scheme=dark");
    expect(off).toMatchObject({ status: 200, data: { intent: "analytics", ok: true, errors: {} } });
    expect((off.data as { message: string }).message).toMatch(/^Usage analytics are off/);
    const offUser = await reload(user);
    // Saved for the first time: the theme this browser shows is kept, not the default light.
    expect(offUser.preferences).toMatchObject({ analytics: false, theme: "dark" });
    expect(rootFlag(offUser)).toBe(false);
    expect((await load(offUser)).preferences.analytics).toBe(false);

    const on = await post(offUser, { intent: "analytics", analytics: "on" });
    expect(on.data).toMatchObject({ intent: "analytics", ok: true });
    expect((await reload(user)).preferences).toMatchObject({ analytics: true, theme: "dark" });
  });

  it("changes nothing else, and the other preferences keep it", async () => {
    current.handle = database;
    const user = await newLearner(database.db);
    await setPreferences(database.db, user.id, { theme: "system", reducedMotion: true, largerText: true });
    await post((await reload(user))!, { intent: "analytics" });
    expect((await reload(user)).preferences).toEqual({
      theme: "system",
      reducedMotion: true,
      largerText: true,
      analytics: false,
      readingMode: "page",
    });
    await post(await reload(user), { intent: "preferences", theme: "light" });
    expect((await reload(user)).preferences).toEqual({
      theme: "light",
      reducedMotion: false,
      largerText: false,
      analytics: false,
      readingMode: "page",
    });
  });

  it("refuses anything but on or off", async () => {
    current.handle = database;
    const user = await newLearner(database.db);
    const refused = await post(user, { intent: "analytics", analytics: "maybe" });
    expect(refused).toMatchObject({
      status: 400,
      data: { intent: "analytics", ok: false, errors: { analytics: "A preference switch must be on or off." } },
    });
    expect((await reload(user)).preferences).toBeNull();
  });

  function load(user: User) {
    return loader({ request: new Request(`${APP}/profile`), context: contextFor(user), params: {} } as never);
  }
});

describe("the profile after a plan change is refused", () => {
  const after = (actionStatus: number) =>
    ({
      currentUrl: new URL(`${APP}/profile`),
      nextUrl: new URL(`${APP}/profile`),
      currentParams: {},
      nextParams: {},
      formMethod: "POST",
      actionStatus,
      defaultShouldRevalidate: false,
    }) as never;

  it("reads the plan again when it changed meanwhile (409), as the refusal says, and not after other errors", () => {
    expect(shouldRevalidate(after(409))).toBe(true);
    expect(shouldRevalidate(after(400))).toBe(false);
  });
});

describe.each(testDialects)("the daily goal on /profile on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  const post = (user: User, form: Record<string, string>) =>
    routeAnswer(() =>
      action({ request: formPost(`${APP}/profile`, form), context: contextFor(user), params: {} } as never),
    );
  const goalOf = (user: User) => readDailyGoal(database.db, user.id);

  it("is set, changed and removed, in the learner's time zone", async () => {
    current.handle = database;
    const user = await newLearner(database.db);
    const set = await post(user, { intent: "daily-goal", kind: "questions", target: "5", timeZone: "Asia/Kolkata" });
    expect(set).toMatchObject({ status: 200, data: { ok: true, message: "Your daily goal is 5 questions a day." } });
    expect(await goalOf(user)).toEqual({ kind: "questions", target: 5, timeZone: "Asia/Kolkata" });
    await post(user, { intent: "daily-goal", kind: "minutes", target: "20", timeZone: "Europe/Paris" });
    expect(await goalOf(user)).toEqual({ kind: "minutes", target: 20, timeZone: "Europe/Paris" });
    const off = await post(user, { intent: "daily-goal-off" });
    expect(off).toMatchObject({ status: 200, data: { ok: true } });
    expect(await goalOf(user)).toBeNull();
  });

  it.each([
    [{ kind: "questions", target: "0", timeZone: "UTC" }, "target", "A daily goal in questions is from 1 to 50."],
    [{ kind: "minutes", target: "121", timeZone: "UTC" }, "target", "A daily goal in minutes is from 5 to 120."],
    [{ kind: "questions", target: "2.5", timeZone: "UTC" }, "target", "Give the goal as a whole number."],
    [{ kind: "hours", target: "2", timeZone: "UTC" }, "kind", "Choose questions or minutes."],
    [{ kind: "questions", target: "3", timeZone: "Mars/Olympus" }, "timeZone", "That is not a time zone"],
    [{ kind: "questions", target: "3", timeZone: "+05:30" }, "timeZone", "That is not a time zone"],
  ])("refuses %j, naming the field, and changes nothing", async (fields, field, message) => {
    current.handle = database;
    const user = await newLearner(database.db);
    const refused = await post(user, { intent: "daily-goal", ...fields });
    expect(refused.status).toBe(400);
    expect((refused.data as { errors: Record<string, string> }).errors[field]).toContain(message);
    expect(await goalOf(user)).toBeNull();
  });
});
