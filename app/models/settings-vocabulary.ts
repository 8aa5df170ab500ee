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

/** What each flag switches, as the settings page names and explains it. */
export const FEATURE_DESCRIPTIONS: Record<FeatureFlag, { label: string; off: string }> = {
  signUp: {
    label: "Sign-up",
    off: "No new accounts: the sign-up form says sign-up is closed, and a provider sign-in without an account here is refused. Existing accounts sign in as before.",
  },
  oidc: {
    label: "Sign-in providers (OpenID Connect)",
    off: "The provider buttons are hidden and provider sign-ins and links are refused. Links already made are kept.",
  },
  passkeys: {
    label: "Passkeys",
    off: "Passkey sign-in and adding passkeys are refused. Stored passkeys are kept and work again once this is on.",
  },
  assistant: {
    label: "Content assistant",
    off: "The assistant at /admin/adminia refuses new requests. Its history is kept.",
  },
  push: {
    label: "Notifications (web push)",
    off: "Nothing is sent: messages due while it is off are marked failed in their reports, review reminders are skipped, and devices cannot be added. Subscriptions are kept.",
  },
  analytics: {
    label: "Usage analytics",
    off: "The analytics script is not loaded and events sent by pages already open are dropped. Stored statistics stay until their retention ends.",
  },
};

/** What a visitor is told when they reach a switched-off feature (the assistant is for admins only). */
export const FEATURE_OFF_MESSAGES: Record<Exclude<FeatureFlag, "analytics">, string> = {
  signUp: "Sign-up is closed on this site for now. If you already have an account, log in.",
  oidc: "Signing in with another provider is switched off on this site for now. Log in with your e-mail address and password instead.",
  passkeys:
    "Passkeys are switched off on this site for now. Log in with your e-mail address and password instead; your passkeys are kept.",
  assistant: "The content assistant is switched off in the settings (/admin/application).",
  push: "Notifications are switched off on this site for now.",
};
