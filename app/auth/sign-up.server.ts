import { consumeEmailToken, createEmailToken } from "../models/email-token.server";
import { createUser, EmailTakenError, findUserByEmail, type User } from "../models/user.server";
import { getDatabase } from "../utils/db.server";
import { sendMail } from "../mail/mail.server";
import { hashPassword } from "./password.server";
import { featureEnabled } from "../settings/current-settings.server";

export const SIGNUP_CONFIRM_PATH = "/signup/confirm";

/**
 * First step of signing up: whether or not the address has an account, the
 * visitor is told to check their inbox, and only the inbox learns which case
 * it was. So sign-up never reveals whether an address is registered.
 * "closed": an admin switched sign-up off (/admin/application); nothing was sent.
 */
export async function requestSignUp(input: {
  email: string;
  password: string;
  origin: string;
  /** Where the new account lands after confirming: the page that asked for a login. */
  redirectTo: string;
}): Promise<"requested" | "closed"> {
  const { db } = getDatabase();
  if (!(await featureEnabled(db, "signUp"))) return "closed";
  // Hash in both cases so the answer takes as long either way.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(db, input.email);
  if (existing) {
    await sendMail({
      to: existing.email,
      subject: "You already have a Numberlab account",
      text: [
        "Someone, hopefully you, tried to create a Numberlab account with this e-mail address.",
        "You already have an account, so nothing was changed. You can log in here:",
        "",
        `${input.origin}/login`,
        "",
        "If this was not you, you can ignore this message.",
      ].join("\n"),
    });
    return "requested";
  }
  const token = await createEmailToken(db, { purpose: "signup", email: input.email, passwordHash });
  await sendMail({
    to: input.email,
    subject: "Confirm your Numberlab account",
    text: [
      "Welcome to Numberlab!",
      "",
      "To finish creating your account, open this link within the next hour:",
      "",
      `${input.origin}${SIGNUP_CONFIRM_PATH}?${new URLSearchParams({ token, ...(input.redirectTo === "/profile" ? {} : { redirectTo: input.redirectTo }) })}`,
      "",
      "If you did not ask for an account, ignore this message and no account will be created.",
    ].join("\n"),
  });
  return "requested";
}

export type SignUpCompletion =
  { ok: true; user: User } | { ok: false; reason: "invalid-link" | "already-registered" | "closed" };

/**
 * Second step: the link from the e-mail creates the account, once. A link mailed before sign-up was
 * switched off creates nothing while it is off, and still works if it is switched on within its hour.
 */
export async function completeSignUp(token: string): Promise<SignUpCompletion> {
  const { db } = getDatabase();
  if (!(await featureEnabled(db, "signUp"))) return { ok: false, reason: "closed" };
  const grant = await consumeEmailToken(db, token, "signup");
  if (!grant) return { ok: false, reason: "invalid-link" };
  try {
    return { ok: true, user: await createUser(db, { email: grant.email, passwordHash: grant.passwordHash }) };
  } catch (error) {
    // Two confirmation links for one address: the first one used wins.
    if (error instanceof EmailTakenError) return { ok: false, reason: "already-registered" };
    throw error;
  }
}
