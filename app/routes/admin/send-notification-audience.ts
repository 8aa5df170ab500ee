import { data } from "react-router";
import { z } from "zod";
import type { AudienceAnswer } from "#app/components/admin/push/compose-form";
import { countAudience } from "#app/models/push-audience.server";
import { PUSH_AUDIENCES, PUSH_TOPICS } from "#app/models/push-vocabulary";
import { findUserByEmail } from "#app/models/user.server";
import { unknownAccountMessage } from "#app/push/send-form";
import { getDatabase } from "#app/utils/db.server";
import { EMAIL_MAX_LENGTH } from "#app/utils/email-rules";
import type { Route } from "./+types/send-notification-audience";

const querySchema = z.object({
  topic: z.enum(PUSH_TOPICS),
  audience: z.enum(PUSH_AUDIENCES),
  email: z.string().trim().max(EMAIL_MAX_LENGTH).optional(),
});

/**
 * GET /admin/sendNotification/audience?topic=…&audience=…[&email=…]: how many learners and devices
 * the composer's audience reaches now (behind the admin guard like every page beside it).
 */
export async function loader({ request }: Route.LoaderArgs) {
  const query = querySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data({ message: "Ask for a topic and an audience of the composer." }, { status: 400 });
  const { db } = getDatabase();
  const { topic, audience, email } = query.data;
  let userId: string | null = null;
  if (audience === "user") {
    const user = email ? await findUserByEmail(db, email) : undefined;
    // A valid question with an answer the admin must read, not a failed request.
    if (!user) return { error: unknownAccountMessage(email ?? "") } satisfies AudienceAnswer;
    userId = user.id;
  }
  return { reach: await countAudience(db, { topic, audience, userId }) } satisfies AudienceAnswer;
}
