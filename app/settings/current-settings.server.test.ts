import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "#database/connection";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { readSettings, writeSetting } from "#app/models/app-settings.server";
import {
  currentSettings,
  featureEnabled,
  forgetCurrentSettings,
  SETTINGS_CACHE_TTL_MS,
} from "./current-settings.server";

describe.each(testDialects)("the settings each instance caches, on %s", (dialect) => {
  const database = useTestDatabase(dialect);
  // A second instance: its own connection (SQLite) or pool (PostgreSQL) to the same database.
  let other: DatabaseHandle;
  beforeAll(() => {
    other = openDatabase(database.location);
  });
  afterAll(async () => {
    await other.close();
  });

  /** Counts the queries a handle runs, to tell a cached answer from a read. */
  function countReads(handle: DatabaseHandle) {
    let reads = 0;
    const db = handle.db.withPlugin({
      transformQuery: (args) => {
        reads += 1;
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    return { db, reads: () => reads };
  }

  async function setSignUp(handle: DatabaseHandle, on: boolean) {
    const { featureFlags } = await readSettings(handle.db);
    await writeSetting(handle.db, "featureFlags", { ...featureFlags, signUp: on }, null);
  }

  it("reads the database once per TTL, by the injected clock", async () => {
    testClock.set("2030-01-01T10:00:00Z");
    const counted = countReads(database);
    expect((await currentSettings(counted.db)).featureFlags.signUp).toBe(true);
    expect(counted.reads()).toBe(1);
    testClock.advance(SETTINGS_CACHE_TTL_MS - 1);
    await currentSettings(counted.db);
    await featureEnabled(counted.db, "push");
    expect(counted.reads()).toBe(1);
    testClock.advance(1);
    await currentSettings(counted.db);
    expect(counted.reads()).toBe(2);
  });

  it("shares one read among the requests that arrive while it runs", async () => {
    testClock.set("2030-01-01T11:00:00Z");
    const counted = countReads(database);
    const answers = await Promise.all([1, 2, 3, 4].map(() => currentSettings(counted.db)));
    expect(counted.reads()).toBe(1);
    expect(new Set(answers).size).toBe(1);
  });

  it("reads again when the clock is set back, rather than trust an age it cannot know", async () => {
    testClock.set("2030-01-01T12:00:00Z");
    const counted = countReads(database);
    await currentSettings(counted.db);
    testClock.set("2030-01-01T11:59:59Z");
    await currentSettings(counted.db);
    expect(counted.reads()).toBe(2);
  });

  it("shows a change at once on the instance that made it, and on another within the TTL", async () => {
    testClock.set("2030-01-02T09:00:00Z");
    // Both instances have read the settings.
    expect(await featureEnabled(database.db, "signUp")).toBe(true);
    expect(await featureEnabled(other.db, "signUp")).toBe(true);

    // This instance switches sign-up off and forgets its copy, as the settings page does.
    await setSignUp(database, false);
    forgetCurrentSettings(database.db);
    expect(await featureEnabled(database.db, "signUp")).toBe(false);

    // The other instance keeps its copy until the TTL has passed, then sees the change.
    testClock.advance(SETTINGS_CACHE_TTL_MS - 1);
    expect(await featureEnabled(other.db, "signUp")).toBe(true);
    testClock.advance(1);
    expect(await featureEnabled(other.db, "signUp")).toBe(false);

    // And the other way round, from a copy this instance read just now.
    forgetCurrentSettings(database.db);
    expect(await featureEnabled(database.db, "signUp")).toBe(false);
    await setSignUp(other, true);
    forgetCurrentSettings(other.db);
    expect(await featureEnabled(other.db, "signUp")).toBe(true);
    expect(await featureEnabled(database.db, "signUp")).toBe(false);
    testClock.advance(SETTINGS_CACHE_TTL_MS);
    expect(await featureEnabled(database.db, "signUp")).toBe(true);
  });

  it("never keeps what a read begun before a change returned", async () => {
    testClock.set("2030-01-03T09:00:00Z");
    // A handle whose first read's answer is held back until the test lets it go.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    let holdNext = true;
    const slow = database.db.withPlugin({
      transformQuery: (args) => args.node,
      transformResult: async (args) => {
        if (holdNext) {
          holdNext = false;
          await held;
        }
        return args.result;
      },
    });
    // A request starts reading (sign-up on); the change commits (through the other connection, as
    // SQLite's one connection per handle is busy with the held read) and is forgotten before that read ends.
    const early = currentSettings(slow);
    await setSignUp(other, false);
    forgetCurrentSettings(slow);
    release();
    expect((await early).featureFlags.signUp).toBe(true);
    // The early answer was not kept: the next request reads the committed change.
    expect(await featureEnabled(slow, "signUp")).toBe(false);
    await setSignUp(database, true);
  });

  it("lets a failed read fail, and reads again on the next request", async () => {
    testClock.set("2030-01-04T09:00:00Z");
    let fail = true;
    const flaky = database.db.withPlugin({
      transformQuery: (args) => {
        if (fail) throw new Error("the database is away");
        return args.node;
      },
      transformResult: async (args) => args.result,
    });
    await expect(currentSettings(flaky)).rejects.toThrow("the database is away");
    fail = false;
    expect((await currentSettings(flaky)).featureFlags.signUp).toBe(true);
  });
});
