import { requireUser } from "../../utils/access.server";
import { getDatabase } from "../../utils/db.server";
import { postOnly } from "../../utils/json-request.server";
import { createRegistrationOptions, passkeyOptionsResponse, relyingParty } from "../../utils/passkeys.server";
import { serverInfoContext } from "../../utils/request-context";
import type { Route } from "./+types/passkey-register-options";

/** Starts adding a passkey to the signed-in account. */
export async function action({ context }: Route.ActionArgs) {
  const user = requireUser(context);
  const { clientIp, isSecure } = context.get(serverInfoContext);
  return passkeyOptionsResponse("passkey-register", { secure: isSecure }, () =>
    createRegistrationOptions(getDatabase().db, { user, rp: relyingParty(), clientIp }),
  );
}

export const loader = postOnly;
