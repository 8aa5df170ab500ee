import { isRouteErrorResponse } from "react-router";
import { MAINTENANCE_BANNER_LEVELS, type MaintenanceBanner } from "#app/models/settings-vocabulary";

/** The maintenance banner as a page shows it, while it is up (made by site-settings.server.ts). */
export interface SiteNotice {
  /** Names this banner (its words and times), so a visitor's "dismiss" holds for it and not for the next one. */
  key: string;
  text: string;
  level: MaintenanceBanner["level"];
  /** When the page takes it down by itself; null: when an admin removes it. */
  until: string | null;
}

/**
 * The banner an error thrown by middleware carries (errorPageShell): the root loader, which gives it
 * otherwise, does not run then.
 */
export function noticeFromError(error: unknown): SiteNotice | null {
  if (!isRouteErrorResponse(error)) return null;
  const candidate: unknown = (error.data as { notice?: unknown } | null)?.notice;
  if (typeof candidate !== "object" || candidate === null) return null;
  const { key, text, level, until } = candidate as Record<string, unknown>;
  const known = MAINTENANCE_BANNER_LEVELS.find((name) => name === level);
  if (typeof key !== "string" || typeof text !== "string" || !known) return null;
  return { key, text, level: known, until: typeof until === "string" ? until : null };
}
