import { consumeEmailToken, createEmailToken, deleteUserEmailTokens } from "../models/email-token.server";
import { deleteUserSessions } from "../models/session.server";
import {
  changeEmail,
  EmailTakenError,
  findPasswordHash,
  findUserByEmail,
  findUserById,
  markEmailVerified,
  normalizeEmail,
  setPasswordHash,
  type User,
} from "../models/user.server";
import { getDatabase } from "../utils/db.server";
import { sendMail } from "../mail/mail.server";
import { hashPassword } from "./password.server";

/**
 * The e-mailed links of an account: password reset, address verification,
 * address change and the sign-in link. Requests for addresses without an
 * account answer exactly like the others and send nothing, so no form tells
 * whether an address is registered.
 */
export const RESET_PASSWORD_PATH = "/reset-password/confirm";
export const VERIFY_EMAIL_PATH = "/verify-email";
export const CHANGE_EMAIL_PATH = "/change-email/confirm";
export const SIGN_IN_LINK_PATH = "/login/email-link";

function link(origin: string, path: string, params: Record<string, string>): string {
  return `${origin}${path}?${new URLSearchParams(params)}`;
}

const ignoreNotice = "If you did not ask for this, you can ignore this message: nothing changes.";

export async function requestPasswordReset(input: { email: string; origin: string }): Promise<void> {
  const { db } = getDatabase();
  const account = await findPasswordHash(db, input.email);
  if (!account || account.disabled) return;
  const token = await createEmailToken(db, {
    purpose: "reset-password",
    email: account.user.email,
    userId: account.user.id,
  });
  await sendMail({
    to: account.user.email,
    subject: "Reset your Numberlab password",
    text: [
      "Someone, hopefully you, asked to reset the password of your Numberlab account.",
      "",
      "To choose a new password, open this link within the next hour:",
      "",
      link(input.origin, RESET_PASSWORD_PATH, { token }),
      "",
      ignoreNotice,
    ].join("\n"),
  });
}

export type LinkOutcome<T> = { ok: true; value: T } | { ok: false; reason: "invalid-link" };

/** Sets the new password, ends every session of the account and voids the other reset links. */
export async function resetPassword(token: string, password: string): Promise<LinkOutcome<User>> {
  const { db } = getDatabase();
  const grant = await consumeEmailToken(db, token, "reset-password");
  const user = grant?.userId ? await findUserById(db, grant.userId) : undefined;
  // A link sent to an address the account no longer has is void.
  if (!grant || !user || user.email !== normalizeEmail(grant.email)) return { ok: false, reason: "invalid-link" };
  await setPasswordHash(db, user.id, await hashPassword(password));
  await deleteUserSessions(db, user.id);
  await deleteUserEmailTokens(db, user.id, "reset-password");
  // Opening the link proved the inbox is theirs.
  await markEmailVerified(db, user.id, user.email);
  return { ok: true, value: user };
}

export async function requestEmailVerification(user: User, origin: string): Promise<void> {
  const { db } = getDatabase();
  const token = await createEmailToken(db, { purpose: "verify-email", email: user.email, userId: user.id });
  await sendMail({
    to: user.email,
    subject: "Confirm your e-mail address for Numberlab",
    text: [
      "Please confirm that this is your e-mail address by opening this link within the next hour:",
      "",
      link(origin, VERIFY_EMAIL_PATH, { token }),
      "",
      ignoreNotice,
    ].join("\n"),
  });
}

export async function verifyEmail(token: string): Promise<LinkOutcome<string>> {
  const { db } = getDatabase();
  const grant = await consumeEmailToken(db, token, "verify-email");
  if (!grant?.userId || !(await markEmailVerified(db, grant.userId, grant.email))) {
    return { ok: false, reason: "invalid-link" };
  }
  return { ok: true, value: normalizeEmail(grant.email) };
}

/**
 * Sends the confirmation link to the new address, and a notice to the
 * current one. If the new address already belongs to an account, that inbox
 * is told instead, and the requester sees the same answer.
 */
export async function requestEmailChange(user: User, newEmail: string, origin: string): Promise<void> {
  const { db } = getDatabase();
  const address = normalizeEmail(newEmail);
  if (await findUserByEmail(db, address)) {
    await sendMail({
      to: address,
      subject: "Someone tried to use this address on Numberlab",
      text: [
        "Someone asked to move a Numberlab account to this e-mail address, but it already belongs to an account.",
        "Nothing was changed. " + ignoreNotice,
      ].join("\n"),
    });
    return;
  }
  const token = await createEmailToken(db, { purpose: "change-email", email: address, userId: user.id });
  await sendMail({
    to: address,
    subject: "Confirm your new e-mail address for Numberlab",
    text: [
      `To use this address for your Numberlab account (now ${user.email}), open this link within the next hour:`,
      "",
      link(origin, CHANGE_EMAIL_PATH, { token }),
      "",
      ignoreNotice,
    ].join("\n"),
  });
  await sendMail({
    to: user.email,
    subject: "Your Numberlab e-mail address is about to change",
    text: [
      `Someone signed in to your account asked to change its e-mail address to ${address}.`,
      "The change happens only when the link sent to the new address is opened.",
      "If this was not you, change your password now and sign out your other sessions from your profile.",
    ].join("\n"),
  });
}

export type EmailChangeOutcome =
  { ok: true; value: { userId: string; email: string } } | { ok: false; reason: "invalid-link" | "taken" };

export async function confirmEmailChange(token: string): Promise<EmailChangeOutcome> {
  const { db } = getDatabase();
  const grant = await consumeEmailToken(db, token, "change-email");
  const user = grant?.userId ? await findUserById(db, grant.userId) : undefined;
  if (!grant || !user) return { ok: false, reason: "invalid-link" };
  try {
    await changeEmail(db, user.id, grant.email);
  } catch (error) {
    if (error instanceof EmailTakenError) return { ok: false, reason: "taken" };
    throw error;
  }
  await sendMail({
    to: user.email,
    subject: "Your Numberlab e-mail address was changed",
    text: [
      `Your Numberlab account now uses ${normalizeEmail(grant.email)} instead of this address.`,
      "If this was not you, write to us through the contact page at once.",
    ].join("\n"),
  });
  return { ok: true, value: { userId: user.id, email: normalizeEmail(grant.email) } };
}

export async function requestSignInLink(input: { email: string; origin: string; redirectTo: string }): Promise<void> {
  const { db } = getDatabase();
  const account = await findPasswordHash(db, input.email);
  if (!account || account.disabled) return;
  const token = await createEmailToken(db, {
    purpose: "sign-in-link",
    email: account.user.email,
    userId: account.user.id,
  });
  await sendMail({
    to: account.user.email,
    subject: "Your Numberlab sign-in link",
    text: [
      "Open this link within the next hour to sign in to Numberlab:",
      "",
      link(input.origin, SIGN_IN_LINK_PATH, { token, redirectTo: input.redirectTo }),
      "",
      ignoreNotice,
    ].join("\n"),
  });
}

/** The account a sign-in link opens, once; opening it also proves the address. */
export async function redeemSignInLink(token: string): Promise<LinkOutcome<User>> {
  const { db } = getDatabase();
  const grant = await consumeEmailToken(db, token, "sign-in-link");
  const user = grant?.userId ? await findUserById(db, grant.userId) : undefined;
  if (!grant || !user || user.email !== normalizeEmail(grant.email)) return { ok: false, reason: "invalid-link" };
  await markEmailVerified(db, user.id, user.email);
  return { ok: true, value: user };
}
