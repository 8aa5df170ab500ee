import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import type { DatabaseHandle } from "#database/connection";
import { switchFeatures } from "#tests/setup/feature-flags";
import { testClock } from "#tests/setup/test-clock";
import { testDialects, useTestDatabase } from "#tests/setup/test-database";
import { writeSetting } from "#app/models/app-settings.server";
import type { MaintenanceBanner } from "#app/models/settings-vocabulary";
import { userContext } from "#app/http/request-context";
import { forgetCurrentSettings } from "./current-settings.server";
import { noticeFromError } from "./site-notice";

const current = vi.hoisted(() => ({ handle: undefined as DatabaseHandle | undefined }));
vi.mock("#app/utils/db.server", () => ({ getDatabase: () => current.handle }));
const { activeNotice, siteSettings, siteSettingsContext, siteSettingsMiddleware } =
  await import("./site-settings.server");
const { errorPageShell } = await import("#app/http/error-page-shell.server");

const BANNER: MaintenanceBanner = {
  text: "Maintenance from 18:00 to 19:00 UTC.",
  level: "warning",
  from: "2030-03-01T17:00:00.000Z",
  until: "2030-03-01T19:00:00.000Z",
};

describe("the maintenance banner's time window", () => {
  it("shows from its start (included) to its end (excluded)", () => {
    const at = (iso: string) => activeNotice(BANNER, new Date(iso));
    expect(at("2030-03-01T16:59:59.999Z")).toBeNull();
    expect(at("2030-03-01T17:00:00.000Z")).toMatchObject({ text: BANNER.text, level: "warning", until: BANNER.until });
    expect(at("2030-03-01T18:59:59.999Z")).not.toBeNull();
    expect(at("2030-03-01T19:00:00.000Z")).toBeNull();
    expect(activeNotice(null, new Date("2030-03-01T18:00:00Z"))).toBeNull();
  });

  it("leaves an open side open", () => {
    expect(activeNotice({ ...BANNER, from: null }, new Date("2000-01-01T00:00:00Z"))).not.toBeNull();
    expect(activeNotice({ ...BANNER, until: null }, new Date("2100-01-01T00:00:00Z"))).toMatchObject({ until: null });
  });

  it("names each banner by its words and times, so a dismissal holds for that one only", () => {
    const key = (banner: MaintenanceBanner) => activeNotice(banner, new Date("2030-03-01T18:00:00Z"))!.key;
    expect(key(BANNER)).toBe(key({ ...BANNER }));
    expect(key(BANNER)).toMatch(/^[A-Za-z0-9_-]{16}$/);
    const others = [
      { ...BANNER, text: "Maintenance from 18:00 to 20:00 UTC." },
      { ...BANNER, level: "error" as const },
      { ...BANNER, until: "2030-03-01T20:00:00.000Z" },
      { ...BANNER, from: null },
    ];
    for (const other of others) expect(key(other)).not.toBe(key(BANNER));
  });
});

describe.each(testDialects)("what every page is given, on %s", (dialect) => {
  const database = useTestDatabase(dialect);

  async function setBanner(banner: MaintenanceBanner | null) {
    await writeSetting(database.db, "maintenanceBanner", banner, null);
    forgetCurrentSettings(database.db);
  }

  it("gives the switches and the banner while it is up, through the middleware's context", async () => {
    current.handle = database;
    await setBanner(BANNER);
    const restore = await switchFeatures(database.db, { signUp: false, analytics: false });
    try {
      testClock.set("2030-03-01T18:00:00Z");
      const context = new RouterContextProvider();
      await siteSettingsMiddleware(
        { request: new Request("http://localhost/"), context } as never,
        async () => undefined,
      );
      const { features, notice } = context.get(siteSettingsContext);
      expect(features).toEqual({ signUp: false, oidc: true, passkeys: true, push: true, analytics: false });
      expect(notice).toMatchObject({ text: BANNER.text, level: "warning" });

      // An error page thrown by later middleware carries it, and the shell reads it back.
      context.set(userContext, null);
      const shell = errorPageShell(
        new Request("http://localhost/%", { headers: { Cookie: "color-scheme=dark" } }),
        context,
      );
      expect(shell).toEqual({ headerUser: null, colorScheme: "dark", notice });
      const thrown = { status: 403, statusText: "", internal: false, data: { message: "No.", ...shell } };
      expect(noticeFromError(thrown)).toEqual(notice);

      // Before its start and from its end: none.
      testClock.set("2030-03-01T16:00:00Z");
      expect((await siteSettings(database.db)).notice).toBeNull();
      testClock.set("2030-03-01T19:00:00Z");
      expect((await siteSettings(database.db)).notice).toBeNull();
    } finally {
      await restore();
      await setBanner(null);
    }
  });

  it("leaves every feature on and shows no banner when the settings cannot be read", async () => {
    const broken = database.db.withPlugin({
      transformQuery: () => {
        throw new Error("the database is away");
      },
      transformResult: async (args) => args.result,
    });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      expect(await siteSettings(broken)).toEqual({
        features: { signUp: true, oidc: true, passkeys: true, push: true, analytics: true },
        notice: null,
      });
      expect(warn).toHaveBeenCalledWith("The settings could not be read:", "the database is away");
    } finally {
      warn.mockRestore();
    }
  });
});

describe("a banner carried by an error", () => {
  it("is read only when it has the banner's shape", () => {
    const error = (notice: unknown) => ({ status: 400, statusText: "", internal: false, data: { notice } });
    expect(noticeFromError(error({ key: "k", text: "t", level: "info", until: null }))).toEqual({
      key: "k",
      text: "t",
      level: "info",
      until: null,
    });
    expect(noticeFromError(error({ key: "k", text: "t", level: "loud", until: null }))).toBeNull();
    expect(noticeFromError(error("banner"))).toBeNull();
    expect(noticeFromError(new Error("boom"))).toBeNull();
  });
});
