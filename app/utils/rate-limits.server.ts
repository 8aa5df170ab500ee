import { data } from "react-router";
import { consumeRateLimit, type RateLimitRule } from "../models/rate-limit.server";
import { getDatabase } from "./db.server";
import { countOf } from "./plural";

const MINUTE = 60 * 1000;

/** The limits of every guarded form, in one place. */
export const rateLimits = {
  loginPerIp: { name: "login:ip", limit: 30, windowMs: 15 * MINUTE },
  loginPerEmail: { name: "login:email", limit: 10, windowMs: 15 * MINUTE },
  signupPerIp: { name: "signup:ip", limit: 10, windowMs: 60 * MINUTE },
  // Each sign-up sends an e-mail: keep anyone from flooding one inbox.
  signupPerEmail: { name: "signup:email", limit: 3, windowMs: 60 * MINUTE },
  contactPerIp: { name: "contact:ip", limit: 5, windowMs: 10 * MINUTE },
  // Each start stores a flow until it expires; generous, as a class behind one address may sign in at once.
  oidcStartPerIp: { name: "oidc-start:ip", limit: 60, windowMs: 15 * MINUTE },
  // Each passkey prompt stores a challenge: keep anyone from filling the table.
  passkeyOptionsPerIp: { name: "passkey-options:ip", limit: 60, windowMs: 15 * MINUTE },
  passkeySignInPerIp: { name: "passkey-sign-in:ip", limit: 30, windowMs: 15 * MINUTE },
  passkeySignInPerAccount: { name: "passkey-sign-in:account", limit: 10, windowMs: 15 * MINUTE },
  passkeyRegisterPerAccount: { name: "passkey-register:account", limit: 10, windowMs: 60 * MINUTE },
  // Every e-mailed link: per IP against floods, per address so no inbox is bombed.
  emailLinkPerIp: { name: "email-link:ip", limit: 10, windowMs: 60 * MINUTE },
  emailLinkPerEmail: { name: "email-link:email", limit: 3, windowMs: 60 * MINUTE },
  // Links used: guessing a 256-bit token is hopeless, but the check still costs a query.
  linkUsePerIp: { name: "link-use:ip", limit: 30, windowMs: 15 * MINUTE },
  // Profile changes that check the current password: keep it from being guessed.
  passwordCheckPerAccount: { name: "password-check:account", limit: 10, windowMs: 15 * MINUTE },
  // Mail sent from the profile (verification, e-mail change) per account.
  profileMailPerAccount: { name: "profile-mail:account", limit: 5, windowMs: 60 * MINUTE },
  // Each API factorization may hold a worker thread for up to two seconds.
  factorApiPerIp: { name: "factor-api:ip", limit: 60, windowMs: MINUTE },
} satisfies Record<string, RateLimitRule>;

/** What a rate-limited visitor is told: how long to wait, in whole minutes. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${countOf(minutes, "minute")} and try again.`;
}

/**
 * Counts an attempt against each rule; when one is exhausted, returns a 429
 * response body for the form (with the user's text kept) instead of proceeding.
 */
export async function checkRateLimits(
  checks: { rule: RateLimitRule; subject: string }[],
  values: Record<string, string>,
) {
  const { db } = getDatabase();
  for (const { rule, subject } of checks) {
    const result = await consumeRateLimit(db, rule, subject);
    if (!result.allowed) {
      return data(
        { errors: { form: tooManyAttemptsMessage(result.retryAfterSeconds) }, values },
        { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
      );
    }
  }
  return undefined;
}
