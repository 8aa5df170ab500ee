import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { postOnly } from "#app/http/json-request.server";
import {
  createRegistrationOptions,
  passkeyOptionsResponse,
  passkeysSwitchedOff,
  relyingParty,
} from "#app/auth/passkeys.server";
import { serverInfoContext } from "#app/http/request-context";
import type { Route } from "./+types/passkey-register-options";

/** Starts adding a passkey to the signed-in account. */
export async function action({ context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { clientIp, isSecure } = context.get(serverInfoContext);
  const switchedOff = await passkeysSwitchedOff(getDatabase().db);
  if (switchedOff) return switchedOff;
  return passkeyOptionsResponse("passkey-register", { secure: isSecure }, () =>
    createRegistrationOptions(getDatabase().db, { user, rp: relyingParty(), clientIp }),
  );
}

export const loader = postOnly;
