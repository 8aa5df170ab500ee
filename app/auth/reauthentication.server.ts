import { findSessionCreatedAt } from "../models/session.server";
import { findPasswordHashById } from "../models/user.server";
import { now } from "../utils/clock";
import { getDatabase } from "../utils/db.server";
import { PASSWORD_MAX_LENGTH } from "./password-rules";
import { verifyPassword } from "./password.server";
import { checkRateLimits, rateLimits } from "../http/rate-limits.server";

/** Without a password, a change that could hand the account to someone else needs a sign-in this recent. */
export const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export const SIGN_IN_AGAIN =
  "For your safety, sign in again first: this change needs a sign-in from the last ten minutes.";

async function signedInRecently(sessionId: string): Promise<boolean> {
  const signedInAt = await findSessionCreatedAt(getDatabase().db, sessionId);
  return signedInAt !== undefined && now().getTime() - Date.parse(signedInAt) < RECENT_SIGN_IN_MS;
}

/** How the owner proves it is them: their password, or (with none) a recent sign-in on this session. */
export async function reauthenticationMethod(
  userId: string,
  sessionId: string,
): Promise<"password" | "recent-sign-in" | "sign-in-again"> {
  if ((await findPasswordHashById(getDatabase().db, userId)) !== null) return "password";
  return (await signedInRecently(sessionId)) ? "recent-sign-in" : "sign-in-again";
}

export interface ReauthenticationProblem {
  message: string;
  /** 403: sign in again; 429: too many password attempts (with Retry-After); 400: a wrong or missing password. */
  status: 400 | 403 | 429;
  headers?: HeadersInit;
}

/**
 * Checks that the person changing the account (its address, password or
 * existence) is its owner, not someone who found a signed-in screen: the
 * current password, rate-limited per account, or for accounts without one a
 * recent sign-in. Returns the problem, or null.
 */
export async function reauthenticationProblem(
  userId: string,
  sessionId: string,
  password: unknown,
): Promise<ReauthenticationProblem | null> {
  const stored = await findPasswordHashById(getDatabase().db, userId);
  if (stored === null) return (await signedInRecently(sessionId)) ? null : { message: SIGN_IN_AGAIN, status: 403 };
  const limited = await checkRateLimits([{ rule: rateLimits.passwordCheckPerAccount, subject: userId }], {});
  if (limited) return { message: limited.data.errors.form, status: 429, headers: limited.init?.headers };
  if (typeof password !== "string" || password === "") return { message: "Enter your current password.", status: 400 };
  const valid = password.length <= PASSWORD_MAX_LENGTH && (await verifyPassword(stored, password));
  return valid ? null : { message: "That is not your current password.", status: 400 };
}
