import { data } from "react-router";
import { consumeRateLimit, type ProgressiveRule, type RateLimitRule } from "../models/rate-limit.server";
import { getDatabase } from "../utils/db.server";
import { countOf } from "../utils/plural";

const MINUTE = 60 * 1000;

/** The limits of every guarded form, in one place. */
export const rateLimits = {
  // Password checks (login, linking a provider; ADR 0012). Failures only, generous: a class signs in
  // from one address, and one mistyped password there must not shut the others out.
  passwordFailuresPerIp: { name: "password-failures:ip", limit: 100, windowMs: 15 * MINUTE },
  // From a device where the account signed in before: the only limit, so no one elsewhere locks it.
  passwordAttemptsPerDevice: { name: "password:device", limit: 10, windowMs: 15 * MINUTE },
  signupPerIp: { name: "signup:ip", limit: 10, windowMs: 60 * MINUTE },
  // Each sign-up sends an e-mail: keep anyone from flooding one inbox.
  signupPerEmail: { name: "signup:email", limit: 3, windowMs: 60 * MINUTE },
  contactPerIp: { name: "contact:ip", limit: 5, windowMs: 10 * MINUTE },
  // A question report lands in the same inbox as a contact message, so it gets the same budget.
  questionReportPerIp: { name: "question-report:ip", limit: 5, windowMs: 10 * MINUTE },
  // Each start stores a flow until it expires; generous, as a class behind one address may sign in at once.
  oidcStartPerIp: { name: "oidc-start:ip", limit: 60, windowMs: 15 * MINUTE },
  // Each passkey prompt stores a challenge: keep anyone from filling the table.
  passkeyOptionsPerIp: { name: "passkey-options:ip", limit: 60, windowMs: 15 * MINUTE },
  // Failed sign-ins only: a successful one is taken back (a class signs in from one address).
  passkeySignInPerIp: { name: "passkey-sign-in:ip", limit: 30, windowMs: 15 * MINUTE },
  passkeySignInPerAccount: { name: "passkey-sign-in:account", limit: 10, windowMs: 15 * MINUTE },
  passkeyRegisterPerAccount: { name: "passkey-register:account", limit: 10, windowMs: 60 * MINUTE },
  // Each e-mailed link: per IP against floods, per address so no inbox is bombed. Reset links and
  // sign-in links have budgets of their own, so spending one never blocks the other way in.
  resetLinkPerIp: { name: "reset-link:ip", limit: 10, windowMs: 60 * MINUTE },
  resetLinkPerEmail: { name: "reset-link:email", limit: 3, windowMs: 60 * MINUTE },
  signInLinkPerIp: { name: "sign-in-link:ip", limit: 10, windowMs: 60 * MINUTE },
  signInLinkPerEmail: { name: "sign-in-link:email", limit: 3, windowMs: 60 * MINUTE },
  // Links used: guessing a 256-bit token is hopeless, but the check still costs a query.
  linkUsePerIp: { name: "link-use:ip", limit: 30, windowMs: 15 * MINUTE },
  // Profile changes that check the current password: keep it from being guessed.
  passwordCheckPerAccount: { name: "password-check:account", limit: 10, windowMs: 15 * MINUTE },
  // Mail sent from the profile (verification, e-mail change) per account.
  profileMailPerAccount: { name: "profile-mail:account", limit: 5, windowMs: 60 * MINUTE },
  // Each opens a checkout or changes a plan at the payment provider, whose API calls are the operator's.
  checkoutPerAccount: { name: "checkout:account", limit: 20, windowMs: 60 * MINUTE },
  planChangePerAccount: { name: "plan-change:account", limit: 20, windowMs: 60 * MINUTE },
  // Each API factorization may hold a worker thread for up to two seconds.
  factorApiPerIp: { name: "factor-api:ip", limit: 60, windowMs: MINUTE },
  // Each content-assistant request is paid for at the model's endpoint (docs/assistant.md).
  assistantPerAccount: { name: "assistant:account", limit: 30, windowMs: 60 * MINUTE },
  // An admin's replies from the inbox go out as the site's mail: a slip (a loop, a stuck key) must not flood anyone.
  inboxReplyPerAccount: { name: "inbox-reply:account", limit: 30, windowMs: 60 * MINUTE },
  // The diagnostics lab's test mail goes to the admin's own address: enough to try a few settings.
  testMailPerAccount: { name: "test-mail:account", limit: 5, windowMs: 10 * MINUTE },
} satisfies Record<string, RateLimitRule>;

/**
 * Password guesses for one e-mail address from clients it has not signed in on
 * (ADR 0012): ten in a row, then a wait that doubles after each failure, from
 * 2 seconds to at most 15 minutes, instead of a block anyone could set off.
 */
export const passwordGuessesPerAccount = {
  name: "password-guesses:email",
  freeAttempts: 10,
  firstDelayMs: 2 * 1000,
  maxDelayMs: 15 * MINUTE,
  memoryMs: 24 * 60 * MINUTE,
} satisfies ProgressiveRule;

/** What a rate-limited visitor is told: how long to wait, in whole minutes. */
export function tooManyAttemptsMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many attempts. Please wait ${countOf(minutes, "minute")} and try again.`;
}

/** A wait in words: seconds under a minute, whole minutes above. */
export function waitInWords(seconds: number): string {
  return seconds < 60 ? countOf(Math.max(1, seconds), "second") : countOf(Math.ceil(seconds / 60), "minute");
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
