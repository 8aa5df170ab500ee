import { redirect } from "react-router";
import { PLAN_SECTION_PATH, SUBSCRIBE_PATH } from "#app/billing/billing-paths";
import { PORTAL_UNAVAILABLE_PATH, portalUrl } from "#app/billing/manage-plan.server";
import { getPaymentProvider } from "#app/billing/provider.server";
import { requireUser } from "#app/auth/access.server";
import { publicOrigin } from "#app/http/public-origin.server";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/portal";

/**
 * "Card and receipts": a fresh session of the provider's self-service page for the signed-in account,
 * which returns to the plan section of the profile. An account that never reached a checkout has
 * nothing there yet and is shown the plans; when the provider fails, the profile says so.
 */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  let url: string | null;
  try {
    url = await portalUrl(getDatabase().db, getPaymentProvider(), user.id, `${publicOrigin()}${PLAN_SECTION_PATH}`);
  } catch (error) {
    console.error("Opening the payment provider's portal failed:", error);
    throw redirect(PORTAL_UNAVAILABLE_PATH);
  }
  throw redirect(url ?? SUBSCRIBE_PATH);
}
