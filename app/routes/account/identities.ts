import { redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import { noticePath, removeIdentity } from "#app/auth/linked-identities.server";
import { readForm } from "#app/http/read-form.server";
import type { Route } from "./+types/identities";

const removeSchema = z.object({
  intent: z.literal("remove"),
  identityId: z.string().min(1).max(100),
});

/** The profile's identities section posts here; every answer is a return to the profile with a notice. */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(context);
  const parsed = removeSchema.safeParse(await readForm(request));
  if (!parsed.success) return redirect(noticePath("invalid"));
  const result = await removeIdentity(getDatabase().db, user.id, parsed.data.identityId);
  if (!result.ok) return redirect(noticePath(result.reason));
  return redirect(noticePath("unlinked", result.identity.provider));
}

export function loader() {
  return redirect("/profile");
}
