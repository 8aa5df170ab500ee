import { z } from "zod";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { postOnly, readJsonBody } from "#app/http/json-request.server";
import {
  passkeyFlowCookie,
  passkeyNameField,
  passkeyRefusal,
  passkeysSwitchedOff,
  readPasskeyFlowToken,
  registerPasskey,
  registrationResponseSchema,
  relyingParty,
} from "#app/auth/passkeys.server";
import { serverInfoContext } from "#app/http/request-context";
import type { Route } from "./+types/passkey-register";

const bodySchema = z.object(
  { response: registrationResponseSchema, name: passkeyNameField.optional() },
  { error: "The request body must be a JSON object." },
);

/** Finishes adding a passkey: answers `{ passkey }`, or `{ error }` with a 4xx status. */
export async function action({ request, context }: Route.ActionArgs) {
  const server = context.get(serverInfoContext);
  const switchedOff = await passkeysSwitchedOff(getDatabase().db);
  if (switchedOff) return switchedOff;
  const body = await readJsonBody(request, bodySchema);
  if ("invalid" in body) return body.invalid;
  const headers = new Headers({ "Set-Cookie": passkeyFlowCookie("passkey-register", "", { secure: server.isSecure }) });
  try {
    const passkey = await registerPasskey(getDatabase().db, {
      user: requireUser(context),
      flowToken: readPasskeyFlowToken(request, "passkey-register", { secure: server.isSecure }),
      response: body.data.response,
      name: body.data.name,
      rp: relyingParty(),
    });
    headers.set("Cache-Control", "no-store");
    return Response.json({ passkey }, { headers });
  } catch (error) {
    return passkeyRefusal(error, headers);
  }
}

export const loader = postOnly;
