import { z } from "zod";
import { getDatabase } from "#app/utils/db.server";
import { postOnly, readJsonBody } from "#app/http/json-request.server";
import {
  authenticationResponseSchema,
  passkeyFlowCookie,
  passkeyRefusal,
  passkeysSwitchedOff,
  readPasskeyFlowToken,
  relyingParty,
  verifyPasskeySignIn,
} from "#app/auth/passkeys.server";
import { serverInfoContext } from "#app/http/request-context";
import { safeRedirectPath } from "#app/http/safe-redirect";
import { startSignedInSession } from "#app/auth/sign-in.server";
import type { Route } from "./+types/passkey-sign-in";

const bodySchema = z.object(
  { response: authenticationResponseSchema, redirectTo: z.unknown().optional() },
  { error: "The request body must be a JSON object." },
);

/**
 * Finishes a passkey sign-in. Answers JSON `{ redirectTo }` with the session
 * cookies, for the page to navigate to; or `{ error }` with a 4xx status.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverInfoContext);
  const switchedOff = await passkeysSwitchedOff(getDatabase().db);
  if (switchedOff) return switchedOff;
  const body = await readJsonBody(request, bodySchema);
  if ("invalid" in body) return body.invalid;
  const redirectTo = safeRedirectPath(body.data.redirectTo, "/profile");
  // The challenge is spent whatever happens next.
  const headers = new Headers({ "Set-Cookie": passkeyFlowCookie("passkey-sign-in", "", { secure: server.isSecure }) });
  try {
    const { userId } = await verifyPasskeySignIn(getDatabase().db, {
      flowToken: readPasskeyFlowToken(request, "passkey-sign-in", { secure: server.isSecure }),
      response: body.data.response,
      rp: relyingParty(),
      clientIp: server.clientIp,
    });
    await startSignedInSession(request, userId, { secure: server.isSecure, headers });
    headers.set("Cache-Control", "no-store");
    return Response.json({ redirectTo }, { headers });
  } catch (error) {
    return passkeyRefusal(error, headers);
  }
}

export const loader = postOnly;
