import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import {
  claimProgressiveAttempt,
  clearProgressiveLimit,
  consumeRateLimit,
  refundRateLimit,
} from "../models/rate-limit.server";
import { normalizeEmail } from "../models/user.server";
import { now } from "../utils/clock";
import type { KnownDevice } from "./device-cookie.server";
import { passwordGuessesPerAccount, rateLimits, tooManyAttemptsMessage, waitInWords } from "../http/rate-limits.server";

export type PasswordAttempt =
  | { allowed: false; retryAfterSeconds: number; message: string }
  | {
      allowed: true;
      /** Call when the password proved right: the attempt then counts as no failure. */
      succeeded(): Promise<void>;
    };

/** What a client that must wait is told; the same whether or not an account uses the address. */
export function slowedDownMessage(retryAfterSeconds: number): string {
  return (
    `Too many wrong passwords were tried for this e-mail address. To protect the account, please wait ` +
    `${waitInWords(retryAfterSeconds)} before trying again. On a device where you have signed in before, ` +
    "you can try again now; you can also reset your password or sign in by e-mail."
  );
}

/**
 * Decides whether a password may be checked for the account at `email`, and
 * counts the attempt as a failure until `succeeded()` (ADR 0012). A browser
 * that signed in to that account before (`knownDevices`) is limited on its
 * own and nothing else, so no one elsewhere can lock the owner out there. Any
 * other client meets the per-address limit of failures (generous, for
 * classes behind one address) and the account's progressive delays, keyed by
 * the address so an unknown one behaves like a registered one.
 */
export async function startPasswordAttempt(
  db: Kysely<Database>,
  input: { email: string; accountId: string | null; clientIp: string; knownDevices: KnownDevice[] },
): Promise<PasswordAttempt> {
  // One instant for the attempt, so a refund finds the window it was counted in.
  const attemptedAt = now();
  const device = input.knownDevices.find((known) => input.accountId !== null && known.userId === input.accountId);
  if (device) {
    const rule = rateLimits.passwordAttemptsPerDevice;
    const counted = await consumeRateLimit(db, rule, device.deviceId, attemptedAt);
    if (!counted.allowed) return refused(counted.retryAfterSeconds, tooManyAttemptsMessage(counted.retryAfterSeconds));
    return { allowed: true, succeeded: () => refundRateLimit(db, rule, device.deviceId, attemptedAt) };
  }

  const ipRule = rateLimits.passwordFailuresPerIp;
  const fromIp = await consumeRateLimit(db, ipRule, input.clientIp, attemptedAt);
  if (!fromIp.allowed) return refused(fromIp.retryAfterSeconds, tooManyAttemptsMessage(fromIp.retryAfterSeconds));
  const email = normalizeEmail(input.email);
  const forAccount = await claimProgressiveAttempt(db, passwordGuessesPerAccount, email, attemptedAt);
  if (!forAccount.allowed) {
    // Nothing was checked, so this is no failure from that address: others behind it keep their budget.
    await refundRateLimit(db, ipRule, input.clientIp, attemptedAt);
    return refused(forAccount.retryAfterSeconds, slowedDownMessage(forAccount.retryAfterSeconds));
  }
  return {
    allowed: true,
    succeeded: async () => {
      await refundRateLimit(db, ipRule, input.clientIp, attemptedAt);
      await clearProgressiveLimit(db, passwordGuessesPerAccount, email);
    },
  };
}

function refused(retryAfterSeconds: number, message: string): PasswordAttempt {
  return { allowed: false, retryAfterSeconds, message };
}
