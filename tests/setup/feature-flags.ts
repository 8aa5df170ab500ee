import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { readSettings, writeSetting } from "#app/models/app-settings.server";
import type { FeatureFlag } from "#app/models/settings-vocabulary";
import { forgetCurrentSettings } from "#app/settings/current-settings.server";

/**
 * Switches features on or off as /admin/application does (stored, and this process's cached settings
 * forgotten), for tests of what each switch refuses. Returns a function that puts them back.
 */
export async function switchFeatures(
  db: Kysely<Database>,
  flags: Partial<Record<FeatureFlag, boolean>>,
): Promise<() => Promise<void>> {
  const before = (await readSettings(db)).featureFlags;
  await writeSetting(db, "featureFlags", { ...before, ...flags }, null);
  forgetCurrentSettings(db);
  return async () => {
    await writeSetting(db, "featureFlags", before, null);
    forgetCurrentSettings(db);
  };
}
