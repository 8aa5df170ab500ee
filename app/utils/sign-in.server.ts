import { redirect } from "react-router";
import { findSignInState, recordSignIn } from "../models/user.server";
import { colorSchemeCookie } from "../theme/color-scheme";
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
  const state = await findSignInState(db, userId);
  if (!state || state.disabled) throw new AccountDisabledError();
  const headers = new Headers();
  headers.append("Set-Cookie", await startSession(request, userId, { secure }));
  if (state.preferences) headers.append("Set-Cookie", colorSchemeCookie(state.preferences.theme, secure));
  await recordSignIn(db, userId);
  return redirect(redirectTo, { headers });
}
