import { exportAccountData } from "#app/models/account-data.server";
import { requireUser } from "#app/auth/access.server";
import { getDatabase } from "#app/utils/db.server";
import type { Route } from "./+types/profile-export";

/** GET /profile/export: everything stored about the signed-in user, as a JSON download. */
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireUser(context);
  const exported = await exportAccountData(getDatabase().db, user.id);
  const day = exported.exportedAt.slice(0, 10);
  return new Response(`${JSON.stringify(exported, null, 2)}\n`, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="numberlab-data-${day}.json"`,
      // Personal data: never kept by a shared cache or the browser's.
      "Cache-Control": "no-store",
    },
  });
}
