import { data, redirect } from "react-router";
import { z } from "zod";
import { removePasskey, renamePasskey } from "#app/models/passkey.server";
import { LAST_SIGN_IN_METHOD } from "#app/models/sign-in-methods.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { fieldErrors, textField } from "#app/http/form.server";
import { PASSKEY_NAME_MAX_LENGTH } from "#app/auth/passkey-rules";
import { credentialIdSchema } from "#app/auth/passkeys.server";
import { safeRedirectPath } from "#app/http/safe-redirect";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/passkeys";

const formSchema = z.discriminatedUnion(
  "intent",
  [
    z.object({
      intent: z.literal("rename"),
      id: credentialIdSchema,
      name: textField("the passkey's name", { max: PASSKEY_NAME_MAX_LENGTH }),
    }),
    z.object({ intent: z.literal("remove"), id: credentialIdSchema }),
  ],
  { error: "Choose whether to rename or remove the passkey." },
);

const NOT_YOURS = "This passkey is not on your account any more. Reload the page to see your passkeys.";

/**
 * Renames or removes one of the signed-in user's passkeys, then goes back to
 * the page it came from (the profile by default). A refusal answers
 * `{ error, field }` with a 4xx status for the form to show.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const values = await readForm(request);
  const parsed = formSchema.safeParse(values);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    const [field, message] = Object.entries(errors)[0] ?? ["form", "The request is not valid."];
    return data({ error: message ?? "The request is not valid.", field }, { status: 400 });
  }
  const { db } = getDatabase();
  const input = parsed.data;
  if (input.intent === "rename") {
    const renamed = await renamePasskey(db, { userId: user.id, id: input.id, name: input.name });
    if (!renamed) return data({ error: NOT_YOURS, field: "form" }, { status: 404 });
  } else {
    const result = await removePasskey(db, { userId: user.id, id: input.id });
    if (result === "not-found") return data({ error: NOT_YOURS, field: "form" }, { status: 404 });
    if (result === "last-sign-in-method") return data({ error: LAST_SIGN_IN_METHOD, field: "form" }, { status: 409 });
  }
  return redirect(safeRedirectPath(values.redirectTo, "/profile"));
}

/** A visit by link just goes to the profile. */
export function loader() {
  return redirect("/profile");
}
