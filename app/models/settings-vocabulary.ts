/** Words and bounds of the settings that the browser also needs (the settings form, the banner). */

/**
 * Features that can be switched off (/admin/application): sign-up (new accounts, by password or a
 * provider), sign-in through OpenID Connect providers, passkeys, the content assistant, web push and
 * analytics.
 */
export const FEATURE_FLAGS = ["signUp", "oidc", "passkeys", "assistant", "push", "analytics"] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];

export const MAINTENANCE_BANNER_LEVELS = ["info", "warning", "error"] as const;
export const MAINTENANCE_BANNER_MAX_LENGTH = 300;

export interface MaintenanceBanner {
  text: string;
  level: (typeof MAINTENANCE_BANNER_LEVELS)[number];
  /** ISO instants; null leaves that side open. */
  from: string | null;
  until: string | null;
}
