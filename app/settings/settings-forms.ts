import { z } from "zod";
import {
  FEATURE_FLAGS,
  MAINTENANCE_BANNER_LEVELS,
  MAINTENANCE_BANNER_MAX_LENGTH,
  type FeatureFlag,
  type MaintenanceBanner,
} from "#app/models/settings-vocabulary";
import { formatUtc } from "#app/utils/format-date";

/**
 * The settings page's forms other than the numbers (/admin/application): one feature switched on or
 * off, the maintenance banner, and which chapters are free. Each reading returns the value to save or
 * a message per field; the page and the tests use the same words.
 */

export type FormReading<T, Field extends string> =
  { ok: true; value: T } | { ok: false; errors: Partial<Record<Field, string>> };

// ---- One feature ---------------------------------------------------------------------------------

const featureSchema = z.object({
  feature: z.enum(FEATURE_FLAGS, { error: "Choose one of the listed features." }),
  enabled: z.enum(["on", "off"], { error: "Choose to switch it on or off." }),
});

/** A press of "Switch off" or "Switch on": which feature and what it becomes. */
export function readFeatureSwitch(
  values: Record<string, unknown>,
): FormReading<{ feature: FeatureFlag; enabled: boolean }, "form"> {
  const parsed = featureSchema.safeParse(values);
  if (!parsed.success) return { ok: false, errors: { form: parsed.error.issues[0]!.message } };
  return { ok: true, value: { feature: parsed.data.feature, enabled: parsed.data.enabled === "on" } };
}

// ---- The maintenance banner ----------------------------------------------------------------------

export type BannerField = "bannerText" | "bannerLevel" | "bannerFrom" | "bannerUntil";

/** A datetime-local input's value ("2026-11-28T14:30", seconds optional), which this page reads in UTC. */
const LOCAL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The instant a datetime-local value names in UTC, or null when it names none (a 30 February). */
export function instantFromUtcInput(value: string): Date | null {
  const match = LOCAL_TIME.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? "0")) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const date = new Date(Date.UTC(year, month - 1, day, hour, minute, second));
  // Date.UTC rolls 30 February over into March: such a value is refused rather than moved.
  const same =
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hour &&
    date.getUTCMinutes() === minute;
  return same ? date : null;
}

/** A stored instant as the page's datetime-local inputs show it, in UTC to the minute. */
export function utcInputValue(iso: string | null): string {
  return iso ? iso.slice(0, 16) : "";
}

const textSchema = z
  .string({ error: "Write the banner's text." })
  .trim()
  .min(1, "Write the banner's text.")
  .max(MAINTENANCE_BANNER_MAX_LENGTH, `At most ${MAINTENANCE_BANNER_MAX_LENGTH} characters.`)
  .regex(/^[^\p{Cc}]*$/u, "Write it on one line, as plain text.");

const levelSchema = z.enum(MAINTENANCE_BANNER_LEVELS, { error: "Choose information, warning or problem." });

/**
 * The banner as the form sends it: text, level, and from/until as datetime-local values in UTC (either
 * empty: open). The end must come after the start and, when it is saved, after `now`.
 */
export function readBannerForm(
  values: Record<string, unknown>,
  now: Date,
): FormReading<MaintenanceBanner, BannerField> {
  const errors: Partial<Record<BannerField, string>> = {};
  const text = textSchema.safeParse(values.bannerText);
  if (!text.success) errors.bannerText = text.error.issues[0]!.message;
  const level = levelSchema.safeParse(values.bannerLevel);
  if (!level.success) errors.bannerLevel = level.error.issues[0]!.message;

  const time = (field: "bannerFrom" | "bannerUntil"): Date | null => {
    const raw = values[field] ?? "";
    if (raw === "") return null;
    const instant = typeof raw === "string" ? instantFromUtcInput(raw.trim()) : null;
    if (!instant) errors[field] = "Enter a date and time, e.g. 2026-12-01 18:00.";
    return instant;
  };
  const from = time("bannerFrom");
  const until = time("bannerUntil");
  if (until && !errors.bannerUntil) {
    if (from && until <= from) errors.bannerUntil = "The end must come after the start.";
    else if (until <= now) {
      errors.bannerUntil = `This time has passed (it is ${formatUtc(now.toISOString())} now): choose a later end, or leave it empty.`;
    }
  }
  if (!text.success || !level.success || Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    value: {
      text: text.data,
      level: level.data,
      from: from?.toISOString() ?? null,
      until: until?.toISOString() ?? null,
    },
  };
}

const LEVEL_WORDS: Record<MaintenanceBanner["level"], string> = {
  info: "information",
  warning: "warning",
  error: "problem",
};

/** The banner in words for the audit log: `warning “Back at 18:00” from … UTC until … UTC`, or "none". */
export function describeBanner(banner: MaintenanceBanner | null): string {
  if (!banner) return "none";
  const from = banner.from ? ` from ${formatUtc(banner.from)}` : "";
  const until = banner.until ? ` until ${formatUtc(banner.until)}` : " until removed";
  return `${LEVEL_WORDS[banner.level]} “${banner.text}”${from}${until}`;
}

/** What each level is called on the form. */
export const BANNER_LEVEL_LABELS: Record<MaintenanceBanner["level"], string> = {
  info: "Information (blue)",
  warning: "Warning (orange)",
  error: "Problem (red)",
};

// ---- Free chapters -------------------------------------------------------------------------------

const STALE_LIST = "The list of chapters was not understood: reload the page.";

const chapterEntry = z
  .string()
  .regex(/^[0-9a-f-]{36}:[1-9]\d{0,9}$/)
  .transform((entry) => {
    const [id, version] = entry.split(":");
    return { id: id!, version: Number(version) };
  });
const oneOrMany = <T extends z.ZodType>(item: T) =>
  z
    .union([item.transform((one) => [one]), z.array(item)])
    .optional()
    .transform((list) => list ?? []);

const freeChaptersSchema = z.object({
  // Each chapter the form showed, with the version it showed (the same edit check as the content editor).
  chapter: oneOrMany(chapterEntry),
  // The ticked ones.
  free: oneOrMany(z.string().max(36)),
});

/** The chapters the form showed, each with its version and whether it was ticked free. */
export function readFreeChapters(
  values: Record<string, unknown>,
): FormReading<{ id: string; version: number; free: boolean }[], "form"> {
  const parsed = freeChaptersSchema.safeParse(values);
  // Only a page that is not this one's (or a crafted request) sends a list this form cannot make.
  if (!parsed.success) return { ok: false, errors: { form: STALE_LIST } };
  const free = new Set(parsed.data.free);
  const shown = new Set(parsed.data.chapter.map((entry) => entry.id));
  if ([...free].some((id) => !shown.has(id))) {
    return { ok: false, errors: { form: STALE_LIST } };
  }
  return { ok: true, value: parsed.data.chapter.map((entry) => ({ ...entry, free: free.has(entry.id) })) };
}

/** Where the banner stands now, in words for the settings page. */
export function bannerStatus(
  banner: MaintenanceBanner | null,
  now: Date,
): { state: "none" | "up" | "later" | "ended"; text: string } {
  if (!banner) return { state: "none", text: "No banner is set." };
  const until = banner.until ? `until ${formatUtc(banner.until)}` : "until it is removed";
  if (banner.until && Date.parse(banner.until) <= now.getTime()) {
    return { state: "ended", text: `Ended at ${formatUtc(banner.until)}: no longer shown.` };
  }
  if (banner.from && Date.parse(banner.from) > now.getTime()) {
    return { state: "later", text: `Waiting: shown to every visitor from ${formatUtc(banner.from)}, ${until}.` };
  }
  return { state: "up", text: `Shown now to every visitor, ${until}.` };
}
