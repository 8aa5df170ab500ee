import { getDatabase } from "../../utils/db.server";
import { postOnly } from "../../utils/json-request.server";
import { publicOrigin } from "../../utils/mail.server";
import { createSignInOptions, passkeyFlowCookie, passkeyRefusal, relyingParty } from "../../utils/passkeys.server";
import { serverInfoContext } from "../../utils/request-context";
import type { Route } from "./+types/passkey-sign-in-options";

/** Starts a passkey sign-in: a fresh challenge, kept on the server, its token in a cookie. */
export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverInfoContext);
  try {
    const { options, flowToken } = await createSignInOptions(getDatabase().db, {
      rp: relyingParty(publicOrigin(request)),
      clientIp: server.clientIp,
    });
    return Response.json(
      { options },
      {
        headers: {
          "Set-Cookie": passkeyFlowCookie("passkey-sign-in", flowToken, { secure: server.isSecure }),
          "Cache-Control": "no-store",
        },
      },
    );
  } catch (error) {
    return passkeyRefusal(error);
  }
}

export const loader = postOnly;
