import { createHash } from "node:crypto";
import type { Kysely } from "kysely";
import { createContext, type MiddlewareFunction } from "react-router";
import type { Database } from "#database/schema";
import type { MaintenanceBanner } from "#app/models/settings-vocabulary";
import { now } from "#app/utils/clock";
import { getDatabase } from "#app/utils/db.server";
import { currentSettings } from "./current-settings.server";
import type { SiteNotice } from "./site-notice";

/** The switches pages need to show or hide their controls (the assistant's is for its admin page alone). */
export type PublicFeatures = Record<"signUp" | "oidc" | "passkeys" | "push" | "analytics", boolean>;

export interface SiteSettings {
  features: PublicFeatures;
  notice: SiteNotice | null;
}

const DEFAULT_SITE_SETTINGS: SiteSettings = {
  features: { signUp: true, oidc: true, passkeys: true, push: true, analytics: true },
  notice: null,
};

/** The banner when `at` falls between its times (from included, until not), else null. */
export function activeNotice(banner: MaintenanceBanner | null, at: Date): SiteNotice | null {
  if (!banner) return null;
  const time = at.getTime();
  if (banner.from !== null && time < Date.parse(banner.from)) return null;
  if (banner.until !== null && time >= Date.parse(banner.until)) return null;
  const key = createHash("sha256")
    .update(JSON.stringify([banner.text, banner.level, banner.from, banner.until]))
    .digest("base64url")
    .slice(0, 16);
  return { key, text: banner.text, level: banner.level, until: banner.until };
}

/**
 * What the root loader and the error pages thrown by middleware give every page: the switches and the
 * banner up now, from the cached settings. A database that cannot be read leaves every feature on and no
 * banner rather than taking down pages that do not need it; each feature's own route still checks.
 */
export async function siteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  try {
    const { featureFlags, maintenanceBanner } = await currentSettings(db);
    const { signUp, oidc, passkeys, push, analytics } = featureFlags;
    return { features: { signUp, oidc, passkeys, push, analytics }, notice: activeNotice(maintenanceBanner, now()) };
  } catch (error) {
    console.warn("The settings could not be read:", error instanceof Error ? error.message : error);
    return DEFAULT_SITE_SETTINGS;
  }
}

/** This request's switches and banner, read once by siteSettingsMiddleware (the defaults until then). */
export const siteSettingsContext = createContext<SiteSettings>(DEFAULT_SITE_SETTINGS);

/**
 * Root middleware: reads the switches and the banner for the root loader and for the error pages that
 * later middleware throws (errorPageShell), before any of them runs.
 */
export const siteSettingsMiddleware: MiddlewareFunction = async ({ context }) => {
  context.set(siteSettingsContext, await siteSettings(getDatabase().db));
};
