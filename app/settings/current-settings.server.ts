import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import { readSettings, type Settings } from "#app/models/app-settings.server";
import type { FeatureFlag } from "#app/models/settings-vocabulary";
import { now } from "#app/utils/clock";

/**
 * How long an instance trusts the settings it read. The flags and the banner are read on every request,
 * so each instance keeps them this long instead of asking the database each time; a change made on
 * another instance shows here at most this much later (docs/settings.md).
 */
export const SETTINGS_CACHE_TTL_MS = 2_000;

interface CacheEntry {
  settings: Settings | null;
  /** When the read that gave `settings` started (the injected clock's milliseconds). */
  readAt: number;
  /** A read under way, shared by the requests that arrive meanwhile. */
  pending: Promise<Settings> | null;
  /** Moved on by forgetCurrentSettings, so a read that started before a write never stores its result. */
  generation: number;
}

// One cache per database handle: in the app that is the process (one instance); tests open two handles
// on one database to play two instances.
const caches = new WeakMap<Kysely<Database>, CacheEntry>();

function entryOf(db: Kysely<Database>): CacheEntry {
  let entry = caches.get(db);
  if (!entry) {
    entry = { settings: null, readAt: 0, pending: null, generation: 0 };
    caches.set(db, entry);
  }
  return entry;
}

/**
 * The application's settings as this instance knows them: read from the database at most once every
 * SETTINGS_CACHE_TTL_MS (by the injected clock), at once after this instance changed them. Pass the
 * app's handle (getDatabase().db), not a transaction: a transaction reads readSettings itself.
 */
export function currentSettings(db: Kysely<Database>): Promise<Settings> {
  const entry = entryOf(db);
  const startedAt = now().getTime();
  const age = startedAt - entry.readAt;
  // A clock set back (tests) makes the age negative: read again rather than trust it.
  if (entry.settings && age >= 0 && age < SETTINGS_CACHE_TTL_MS) return Promise.resolve(entry.settings);
  if (entry.pending) return entry.pending;
  const generation = entry.generation;
  const pending = readSettings(db)
    .then((settings) => {
      if (entry.generation === generation) {
        entry.settings = settings;
        entry.readAt = startedAt;
      }
      return settings;
    })
    .finally(() => {
      if (entry.pending === pending) entry.pending = null;
    });
  entry.pending = pending;
  return pending;
}

/** Called by the instance that changed the settings, once the change is committed: its next read is fresh. */
export function forgetCurrentSettings(db: Kysely<Database>): void {
  const entry = entryOf(db);
  entry.generation += 1;
  entry.settings = null;
  entry.pending = null;
}

/** Whether an admin left this feature on (FEATURE_FLAGS); read through the cache. */
export async function featureEnabled(db: Kysely<Database>, flag: FeatureFlag): Promise<boolean> {
  return (await currentSettings(db)).featureFlags[flag];
}
