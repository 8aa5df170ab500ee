import type { Kysely } from "kysely";
import { z } from "zod";
import type { Database } from "../../database/schema";
import { isoNow } from "../utils/time";

/**
 * The application's settings (/admin/application): each has a schema and a
 * default, so a missing or unreadable stored value never breaks a page.
 */
export const SETTINGS = {
  freeQuizAttemptsPerDay: {
    schema: z.number().int().min(0).max(100),
    defaultValue: 5,
  },
} as const;

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
    try {
      const parsed = SETTINGS[key].schema.safeParse(JSON.parse(row.value));
      if (parsed.success) settings[key] = parsed.data;
    } catch {
      // Unreadable JSON: the default stands.
    }
  }
  return settings;
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
