import type { Kysely } from "kysely";
import type { Database } from "#database/schema";
import type { PushSendAudience, PushTopic } from "./push-vocabulary";
import { isoNow } from "../utils/clock";

/** Who a send would reach if it went out now: learners, and their devices (one subscription each). */
export interface AudienceReach {
  learners: number;
  devices: number;
}

export interface AudienceQuery {
  topic: PushTopic;
  audience: PushSendAudience;
  /** The account of a "user" audience, or the admin of a test ("self"). */
  userId: string | null;
}

/**
 * Counts the devices a send's dispatch would write deliveries for, by the rules of
 * findAudienceDevices (app/models/push-delivery.server.ts; a test holds the two together): enabled
 * accounts only; subscribers of the topic, narrowed to premium learners (premium_until still ahead, or
 * an admin, who gets everything learners pay for) or free ones, or to one account; or, for a test, the
 * admin's own devices whatever their topics.
 */
export async function countAudience(db: Kysely<Database>, query: AudienceQuery): Promise<AudienceReach> {
  let devices = db
    .selectFrom("push_subscriptions")
    .innerJoin("users", "users.id", "push_subscriptions.user_id")
    .where("users.disabled_at", "is", null);
  if (query.audience === "user" || query.audience === "self") {
    if (query.userId === null) return { learners: 0, devices: 0 };
    devices = devices.where("push_subscriptions.user_id", "=", query.userId);
  }
  if (query.audience !== "self") {
    devices = devices.where("push_subscriptions.user_id", "in", (eb) =>
      eb.selectFrom("push_topics").select("push_topics.user_id").where("push_topics.topic", "=", query.topic),
    );
  }
  const at = isoNow();
  if (query.audience === "premium") {
    devices = devices.where((eb) => eb.or([eb("users.premium_until", ">", at), eb("users.role", "=", "admin")]));
  }
  if (query.audience === "free") {
    devices = devices.where((eb) =>
      eb.and([
        eb.or([eb("users.premium_until", "is", null), eb("users.premium_until", "<=", at)]),
        eb("users.role", "!=", "admin"),
      ]),
    );
  }
  const row = await devices
    .select((eb) => [
      eb.fn.count<string | number>("push_subscriptions.user_id").distinct().as("learners"),
      eb.fn.count<string | number>("push_subscriptions.id").as("devices"),
    ])
    .executeTakeFirstOrThrow();
  return { learners: Number(row.learners), devices: Number(row.devices) };
}
