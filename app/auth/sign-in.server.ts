import { redirect } from "react-router";
import { findSignInState, recordSignIn } from "../models/user.server";
import { colorSchemeCookie } from "../theme/color-scheme";
import { getDatabase } from "../utils/db.server";
import { rememberDevice } from "./device-cookie.server";
import { startSession } from "./session.server";

export class AccountDisabledError extends Error {
  constructor() {
    super("This account has been disabled. If you think this is a mistake, write to us through the contact page.");
  }
}

/**
 * The one way every sign-in method (password, e-mail link, passkey, OpenID
 * provider) ends: refuse a disabled account, start a fresh session, remember
 * the device, note the sign-in and carry the theme the user saved (if any)
 * into the cookie. The cookies are added to `headers` (e.g. beside one that
 * clears a flow cookie).
 */
export async function startSignedInSession(
  request: Request,
  userId: string,
  { secure, headers = new Headers() }: { secure: boolean; headers?: Headers },
): Promise<Headers> {
  const { db } = getDatabase();
  const state = await findSignInState(db, userId);
  if (!state || state.disabled) throw new AccountDisabledError();
  headers.append("Set-Cookie", await startSession(request, userId, { secure }));
  // This browser is now known for the account: its password attempts are limited on their own (ADR 0012).
  headers.append("Set-Cookie", await rememberDevice(request, userId, { secure }));
  if (state.preferences) headers.append("Set-Cookie", colorSchemeCookie(state.preferences.theme, secure));
  await recordSignIn(db, userId);
  return headers;
}

/** Signs in (see startSignedInSession) and redirects to `redirectTo`. */
export async function signIn(
  request: Request,
  userId: string,
  { secure, redirectTo, headers }: { secure: boolean; redirectTo: string; headers?: Headers },
): Promise<Response> {
  return redirect(redirectTo, { headers: await startSignedInSession(request, userId, { secure, headers }) });
}
