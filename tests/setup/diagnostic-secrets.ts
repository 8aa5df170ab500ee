/** Secrets as an operator could set them, for tests that check none comes out of the diagnostics. */
export const SECRETS = {
  smtpPassword: "Sm7p-P4ssw0rd-secret",
  stripeKey: "sk_live_51SecretLiveKeyAbc123",
  restrictedKey: "rk_test_51RestrictedKeyDef456",
  webhookSecret: "whsec_WebhookSigningSecret789",
  vapidPrivateKey: "pRiVaTe-KeY-0123456789abcdefghijABCDEFGHIJK",
  generatedPrivateKey: "GeNeRaTeD-pRiVaTe-0123456789abcdefghijABCDE",
  oidcClientSecret: "oidc-client-secret-0f1e2d3c",
  sessionSecret: "a-session-secret-of-at-least-thirty-two-characters",
  databasePassword: "db-password-secret-4a5b6c",
} as const;

/** A well-formed VAPID public key (87 base64url characters): public, so the diagnostics may show it. */
export const VAPID_PUBLIC_KEY = `B${"a".repeat(42)}-${"b".repeat(43)}`;

/** The names of the secrets that appear in `value` once serialized, as a loader's data is. */
export function secretsIn(value: unknown): string[] {
  const text = JSON.stringify(value);
  return Object.entries(SECRETS)
    .filter(([, secret]) => text.includes(secret))
    .map(([name]) => name);
}
