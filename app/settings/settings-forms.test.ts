import { describe, expect, it } from "vitest";
import {
  bannerStatus,
  describeBanner,
  instantFromUtcInput,
  readBannerForm,
  readFeatureSwitch,
  readFreeChapters,
  utcInputValue,
} from "./settings-forms";

const NOW = new Date("2030-06-01T12:00:00.000Z");
const banner = (values: Record<string, unknown>) =>
  readBannerForm(
    { bannerText: "Back at 18:00.", bannerLevel: "warning", bannerFrom: "", bannerUntil: "", ...values },
    NOW,
  );

describe("the banner form", () => {
  it("reads the times in UTC and stores them as ISO instants; empty times stay open", () => {
    expect(banner({ bannerFrom: "2030-06-01T13:30", bannerUntil: "2030-06-02T08:00:00" })).toEqual({
      ok: true,
      value: {
        text: "Back at 18:00.",
        level: "warning",
        from: "2030-06-01T13:30:00.000Z",
        until: "2030-06-02T08:00:00.000Z",
      },
    });
    expect(banner({})).toEqual({
      ok: true,
      value: { text: "Back at 18:00.", level: "warning", from: null, until: null },
    });
    // A start in the past is fine: the banner shows at once.
    expect(banner({ bannerFrom: "2030-05-01T00:00" })).toMatchObject({ ok: true });
  });

  it("trims the text and refuses it empty, too long, or on several lines", () => {
    expect(banner({ bannerText: "  Maintenance tonight.  " })).toMatchObject({
      ok: true,
      value: { text: "Maintenance tonight." },
    });
    expect(banner({ bannerText: "   " })).toEqual({ ok: false, errors: { bannerText: "Write the banner's text." } });
    expect(banner({ bannerText: undefined })).toEqual({
      ok: false,
      errors: { bannerText: "Write the banner's text." },
    });
    expect(banner({ bannerText: "x".repeat(301) })).toEqual({
      ok: false,
      errors: { bannerText: "At most 300 characters." },
    });
    expect(banner({ bannerText: "x".repeat(300) })).toMatchObject({ ok: true });
    expect(banner({ bannerText: "One\nTwo" })).toEqual({
      ok: false,
      errors: { bannerText: "Write it on one line, as plain text." },
    });
    expect(banner({ bannerText: ["a", "b"] })).toMatchObject({ ok: false, errors: { bannerText: expect.any(String) } });
    // Markup is plain text: kept as typed, shown as typed.
    expect(banner({ bannerText: "<b>Down</b> at 18:00" })).toMatchObject({ value: { text: "<b>Down</b> at 18:00" } });
  });

  it("refuses an unknown level, and times that are not a date and time", () => {
    expect(banner({ bannerLevel: "critical" })).toEqual({
      ok: false,
      errors: { bannerLevel: "Choose information, warning or problem." },
    });
    for (const bad of ["tomorrow", "2030-02-30T10:00", "2030-06-01", "2030-06-01T25:00", "2030-06-01T12:00Z"]) {
      expect(banner({ bannerFrom: bad }), bad).toEqual({
        ok: false,
        errors: { bannerFrom: "Enter a date and time, e.g. 2026-12-01 18:00." },
      });
    }
  });

  it("wants the end after the start, and in the future when saved", () => {
    expect(banner({ bannerFrom: "2030-06-02T10:00", bannerUntil: "2030-06-02T10:00" })).toEqual({
      ok: false,
      errors: { bannerUntil: "The end must come after the start." },
    });
    expect(banner({ bannerFrom: "2030-06-02T10:00", bannerUntil: "2030-06-02T09:00" })).toMatchObject({
      errors: { bannerUntil: "The end must come after the start." },
    });
    expect(banner({ bannerUntil: "2030-06-01T12:00" })).toEqual({
      ok: false,
      errors: {
        bannerUntil: "This time has passed (it is 2030-06-01 12:00 UTC now): choose a later end, or leave it empty.",
      },
    });
    expect(banner({ bannerUntil: "2030-06-01T12:01" })).toMatchObject({ ok: true });
  });

  it("names every field's problem at once", () => {
    const reading = banner({ bannerText: "", bannerLevel: "", bannerFrom: "soon", bannerUntil: "2020-01-01T00:00" });
    expect(reading.ok).toBe(false);
    expect(Object.keys((reading as { errors: object }).errors).sort()).toEqual([
      "bannerFrom",
      "bannerLevel",
      "bannerText",
      "bannerUntil",
    ]);
  });

  it("shows stored instants back in the inputs, in UTC", () => {
    expect(utcInputValue("2030-06-01T13:30:00.000Z")).toBe("2030-06-01T13:30");
    expect(utcInputValue(null)).toBe("");
    expect(instantFromUtcInput("2030-06-01T13:30")?.toISOString()).toBe("2030-06-01T13:30:00.000Z");
    expect(instantFromUtcInput("2028-02-29T00:00")?.toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(instantFromUtcInput("2030-02-29T00:00")).toBeNull();
  });

  it("describes the banner for the audit log and says where it stands", () => {
    const stored = {
      text: "Back at 18:00.",
      level: "warning" as const,
      from: "2030-06-01T13:00:00.000Z",
      until: "2030-06-01T18:00:00.000Z",
    };
    expect(describeBanner(null)).toBe("none");
    expect(describeBanner(stored)).toBe(
      "warning “Back at 18:00.” from 2030-06-01 13:00 UTC until 2030-06-01 18:00 UTC",
    );
    expect(describeBanner({ ...stored, level: "error", from: null, until: null })).toBe(
      "problem “Back at 18:00.” until removed",
    );
    expect(bannerStatus(null, NOW)).toEqual({ state: "none", text: "No banner is set." });
    expect(bannerStatus(stored, NOW)).toEqual({
      state: "later",
      text: "Waiting: shown to every visitor from 2030-06-01 13:00 UTC, until 2030-06-01 18:00 UTC.",
    });
    expect(bannerStatus(stored, new Date("2030-06-01T13:00:00Z"))).toEqual({
      state: "up",
      text: "Shown now to every visitor, until 2030-06-01 18:00 UTC.",
    });
    expect(bannerStatus({ ...stored, until: null }, new Date("2030-06-05T00:00:00Z")).text).toBe(
      "Shown now to every visitor, until it is removed.",
    );
    expect(bannerStatus(stored, new Date("2030-06-01T18:00:00Z"))).toEqual({
      state: "ended",
      text: "Ended at 2030-06-01 18:00 UTC: no longer shown.",
    });
  });
});

describe("a feature switch", () => {
  it("names one known feature and on or off", () => {
    expect(readFeatureSwitch({ feature: "signUp", enabled: "off" })).toEqual({
      ok: true,
      value: { feature: "signUp", enabled: false },
    });
    expect(readFeatureSwitch({ feature: "push", enabled: "on" })).toEqual({
      ok: true,
      value: { feature: "push", enabled: true },
    });
    expect(readFeatureSwitch({ feature: "payments", enabled: "off" })).toEqual({
      ok: false,
      errors: { form: "Choose one of the listed features." },
    });
    expect(readFeatureSwitch({ feature: "push", enabled: "true" })).toEqual({
      ok: false,
      errors: { form: "Choose to switch it on or off." },
    });
    expect(readFeatureSwitch({ feature: ["push", "oidc"], enabled: "on" }).ok).toBe(false);
  });
});

describe("the free chapters' form", () => {
  const a = "0b9c4a52-4b0e-4a43-9c2e-6a0c1b3f1a01";
  const b = "0b9c4a52-4b0e-4a43-9c2e-6a0c1b3f1a02";

  it("reads every chapter shown, with its version and whether it was ticked", () => {
    expect(readFreeChapters({ chapter: [`${a}:3`, `${b}:1`], free: a })).toEqual({
      ok: true,
      value: [
        { id: a, version: 3, free: true },
        { id: b, version: 1, free: false },
      ],
    });
    expect(readFreeChapters({ chapter: `${a}:3` })).toEqual({ ok: true, value: [{ id: a, version: 3, free: false }] });
    expect(readFreeChapters({})).toEqual({ ok: true, value: [] });
  });

  it("refuses a list it cannot have made", () => {
    const refused = { ok: false, errors: { form: "The list of chapters was not understood: reload the page." } };
    expect(readFreeChapters({ chapter: `${a}:0` })).toEqual(refused);
    expect(readFreeChapters({ chapter: `${a}` })).toEqual(refused);
    expect(readFreeChapters({ chapter: "not-a-chapter:1" })).toEqual(refused);
    // A ticked chapter the form did not show.
    expect(readFreeChapters({ chapter: `${a}:3`, free: b })).toEqual(refused);
  });
});
