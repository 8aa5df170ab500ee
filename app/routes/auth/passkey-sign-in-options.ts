import { getDatabase } from "#app/utils/db.server";
import { postOnly } from "#app/http/json-request.server";
import {
  createSignInOptions,
  passkeyOptionsResponse,
  passkeysSwitchedOff,
  relyingParty,
} from "#app/auth/passkeys.server";
import { serverInfoContext } from "#app/http/request-context";
import type { Route } from "./+types/passkey-sign-in-options";

/** Starts a passkey sign-in: a fresh challenge, kept on the server, its token in a cookie. */
export async function action({ context }: Route.ActionArgs) {
  const { clientIp, isSecure } = context.get(serverInfoContext);
  const switchedOff = await passkeysSwitchedOff(getDatabase().db);
  if (switchedOff) return switchedOff;
  return passkeyOptionsResponse("passkey-sign-in", { secure: isSecure }, () =>
    createSignInOptions(getDatabase().db, { rp: relyingParty(), clientIp }),
  );
}

export const loader = postOnly;
