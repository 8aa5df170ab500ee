import { SIGN_UP_METHODS, type SignUpMethod } from "./events";

/**
 * How the browser learns that an account was just created: the sign-up's redirect carries
 * `#signed-up=<method>` and the root tracks `sign_up` and takes the fragment off the address. A
 * fragment, because it never reaches a server (no log, no Referer) and needs no cookie; every way an
 * account is created (a form, an OpenID provider's redirect) ends in such a redirect.
 */
const MARKER = "signed-up=";

/** The path to send a new account to, marked; a path with a fragment of its own keeps it, unmarked. */
export function withSignUpMarker(path: string, method: SignUpMethod): string {
  return path.includes("#") ? path : `${path}#${MARKER}${method}`;
}

/** The sign-up method a location's fragment (`#signed-up=oidc`) announces, if any. */
export function signUpMethodOf(hash: string): SignUpMethod | null {
  const method = hash.startsWith(`#${MARKER}`) ? hash.slice(MARKER.length + 1) : null;
  return SIGN_UP_METHODS.find((known) => known === method) ?? null;
}
