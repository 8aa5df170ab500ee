import { requireUser } from "../../utils/access.server";
import { getDatabase } from "../../utils/db.server";
import { postOnly } from "../../utils/json-request.server";
import { publicOrigin } from "../../utils/mail.server";
import {
  createRegistrationOptions,
  passkeyFlowCookie,
  passkeyRefusal,
  relyingParty,
} from "../../utils/passkeys.server";
import { serverInfoContext } from "../../utils/request-context";
import type { Route } from "./+types/passkey-register-options";

/** Starts adding a passkey to the signed-in account. */
export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverInfoContext);
  try {
    const { options, flowToken } = await createRegistrationOptions(getDatabase().db, {
      user: requireUser(context),
      rp: relyingParty(publicOrigin(request)),
      clientIp: server.clientIp,
    });
    return Response.json(
      { options },
      {
        headers: {
          "Set-Cookie": passkeyFlowCookie("passkey-register", flowToken, { secure: server.isSecure }),
          "Cache-Control": "no-store",
        },
      },
    );
  } catch (error) {
    return passkeyRefusal(error);
  }
}

export const loader = postOnly;
