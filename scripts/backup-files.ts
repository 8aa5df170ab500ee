import { SECRET_FILE } from "#app/auth/session-secret.server";
import { KEYS_FILE } from "#app/push/vapid-keys.server";

/**
 * The files of DATA_DIR a backup carries beside the database, where the app generated them (when the
 * setting named is unset): restored without them, every session and device cookie would be refused and
 * every push subscription dead.
 */
export const KEY_FILES = [
  { file: SECRET_FILE, setting: "SESSION_SECRET" },
  { file: KEYS_FILE, setting: "VAPID_PRIVATE_KEY" },
] as const;

export const DATA_DIR_KEY_FILES = KEY_FILES.map((key) => key.file);

/** The pg_dump guide, named when the command is run against PostgreSQL. */
export const POSTGRES_REFUSAL =
  "DATABASE_URL points at PostgreSQL: back it up and restore it with pg_dump and pg_restore (docs/backups.md).";
