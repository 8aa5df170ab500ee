import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "#database/schema";
import { isoNow } from "../utils/clock";
import { advisoryLock, serializedTransaction } from "./serialized-transaction.server";
import { PLAN_CURRENCIES } from "../utils/money";
import {
  FEATURE_FLAGS,
  MAINTENANCE_BANNER_LEVELS,
  MAINTENANCE_BANNER_MAX_LENGTH,
  type FeatureFlag,
  type MaintenanceBanner,
} from "./settings-vocabulary";

const ALL_FEATURES_ON = Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, true])) as Record<FeatureFlag, boolean>;

/**
 * The application's settings (/admin/application): each has a schema and a
 * default, so a missing or unreadable stored value never breaks a page.
 */
export const SETTINGS = {
  freeQuizAttemptsPerDay: wholeNumberSetting({ min: 0, max: 100, defaultValue: 5 }),
  // Idle timeouts (ADR 0012): a session unused this long ends. Learners stay signed in on their
  // own devices; an admin session, which can change everyone's data, ends the same day.
  learnerSessionIdleDays: wholeNumberSetting({ min: 1, max: 30, defaultValue: 14 }),
  adminSessionIdleHours: wholeNumberSetting({ min: 1, max: 168, defaultValue: 12 }),
  // The plans (SPEC.md §5): prices in the currency's minor units (499 is €4.99), never taken from a
  // client; 50 minor units is the least card providers charge. A trial of 0 days means none.
  planCurrency: { defaultValue: "EUR", schema: z.enum(PLAN_CURRENCIES) },
  monthlyPriceMinor: wholeNumberSetting({ min: 50, max: 10_000_000, defaultValue: 499 }),
  yearlyPriceMinor: wholeNumberSetting({ min: 50, max: 10_000_000, defaultValue: 3999 }),
  trialDays: wholeNumberSetting({ min: 0, max: 30, defaultValue: 7 }),
  // Raw analytics events older than this are deleted; the daily counts made from them stay.
  analyticsRetentionDays: wholeNumberSetting({ min: 7, max: 730, defaultValue: 90 }),
  // Parts of the site an admin can switch off without a restart; all on by default. A flag missing
  // from the stored value (one added in a later version) is on, so adding a flag never resets the others.
  featureFlags: {
    defaultValue: ALL_FEATURES_ON,
    schema: z
      .object(
        Object.fromEntries(FEATURE_FLAGS.map((flag) => [flag, z.boolean().optional()])) as Record<
          FeatureFlag,
          z.ZodOptional<z.ZodBoolean>
        >,
      )
      .transform((stored) => ({ ...ALL_FEATURES_ON, ...stored }) as Record<FeatureFlag, boolean>),
  },
  // A notice shown to every visitor between its times (either may be open); null shows none.
  maintenanceBanner: {
    defaultValue: null as MaintenanceBanner | null,
    schema: z
      .object({
        // Plain text on one line: the banner shows it as it is, never as Markdown or HTML.
        text: z
          .string()
          .trim()
          .min(1)
          .max(MAINTENANCE_BANNER_MAX_LENGTH)
          .regex(/^[^\p{Cc}]*$/u),
        level: z.enum(MAINTENANCE_BANNER_LEVELS),
        from: z.iso.datetime().nullable(),
        until: z.iso.datetime().nullable(),
      })
      .refine(({ from, until }) => from === null || until === null || Date.parse(until) > Date.parse(from), {
        message: "The end must come after the start.",
        path: ["until"],
      })
      .nullable(),
  },
} as const;

/** A whole-number setting whose bounds the form shows and the schema enforces. */
function wholeNumberSetting(bounds: { min: number; max: number; defaultValue: number }) {
  return { ...bounds, schema: z.number().int().min(bounds.min).max(bounds.max) };
}

export type SettingKey = keyof typeof SETTINGS;
export type Settings = { [K in SettingKey]: z.infer<(typeof SETTINGS)[K]["schema"]> };

export async function readSettings(db: Kysely<Database>): Promise<Settings> {
  const rows = await db.selectFrom("app_settings").select(["key", "value"]).execute();
  const settings = Object.fromEntries(
    Object.entries(SETTINGS).map(([key, setting]) => [key, setting.defaultValue]),
  ) as Settings;
  for (const row of rows) {
    if (!(row.key in SETTINGS)) continue;
    const key = row.key as SettingKey;
    (settings as Record<SettingKey, unknown>)[key] = storedSetting(key, row.value);
  }
  return settings;
}

/** A stored value read back: the default when it is missing, unreadable or out of range. */
export function storedSetting<K extends SettingKey>(key: K, stored: string | null | undefined): Settings[K] {
  const setting = SETTINGS[key];
  if (stored == null) return setting.defaultValue as Settings[K];
  try {
    const parsed = setting.schema.safeParse(JSON.parse(stored));
    return (parsed.success ? parsed.data : setting.defaultValue) as Settings[K];
  } catch {
    return setting.defaultValue as Settings[K];
  }
}

/** Stores a setting after validating it; throws a ZodError for a value its schema refuses. */
export async function writeSetting<K extends SettingKey>(
  db: Kysely<Database>,
  key: K,
  value: Settings[K],
  actorId: string | null,
): Promise<void> {
  const valid = SETTINGS[key].schema.parse(value);
  const row = { key, value: JSON.stringify(valid), updated_by: actorId, updated_at: isoNow() };
  await db
    .insertInto("app_settings")
    .values(row)
    .onConflict((conflict) =>
      conflict.column("key").doUpdateSet({ value: row.value, updated_by: actorId, updated_at: row.updated_at }),
    )
    .execute();
}

/** The settings' advisory lock on PostgreSQL; the key is this module's own. */
const SETTINGS_LOCK = advisoryLock(22_004, 1);

/**
 * Runs a change of the settings (read them, write some, audit) in a transaction no other change of
 * them can interleave with, on every instance: PostgreSQL holds a transaction-scoped advisory lock,
 * SQLite takes its write lock before the first read. Two admins switching two features at once then
 * both keep their switch, instead of the later one writing back the flags it read before the other.
 */
export async function changeSettings<T>(db: Kysely<Database>, work: (trx: Kysely<Database>) => Promise<T>): Promise<T> {
  return serializedTransaction(db, SETTINGS_LOCK, work);
}
