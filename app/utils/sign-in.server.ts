import { redirect } from "react-router";
import { findSavedPreferences, isDisabled, recordSignIn } from "../models/user.server";
import { COLOR_SCHEME_COOKIE, COLOR_SCHEME_MAX_AGE_SECONDS } from "../theme/color-scheme";
import { getDatabase } from "./db.server";
import { startSession } from "./session.server";

export class AccountDisabledError extends Error {
  constructor() {
    super("This account has been disabled. If you think this is a mistake, write to us through the contact page.");
  }
}

/**
 * The one way every sign-in method (password, e-mail link, passkey, OpenID
 * provider) ends: refuse a disabled account, start a fresh session, note the
 * sign-in, carry the theme the user saved (if any) into the cookie, and redirect.
 */
export async function signIn(
  request: Request,
  userId: string,
  { secure, redirectTo }: { secure: boolean; redirectTo: string },
): Promise<Response> {
  const { db } = getDatabase();
  if (await isDisabled(db, userId)) throw new AccountDisabledError();
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, userId, { secure }));
  const saved = await findSavedPreferences(db, userId);
  if (saved) {
    headers.append(
      "Set-Cookie",
      `${COLOR_SCHEME_COOKIE}=${saved.theme}; Path=/; Max-Age=${COLOR_SCHEME_MAX_AGE_SECONDS}; SameSite=Lax${secure ? "; Secure" : ""}`,
    );
  }
  await recordSignIn(db, userId);
  return redirect(redirectTo, { headers });
}
