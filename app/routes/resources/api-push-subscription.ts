import { addTopic, ensureNotificationSettings } from "#app/models/notification-settings.server";
import { removeSubscription, saveSubscription } from "#app/models/push-subscription.server";
import { DEFAULT_REMINDER_HOUR } from "#app/models/push-vocabulary";
import { jsonError, readJsonBody } from "#app/http/json-request.server";
import { sessionIdContext, userContext } from "#app/http/request-context";
import {
  acceptsLoopbackPushService,
  subscriptionBodySchema,
  unsubscribeBodySchema,
} from "#app/push/subscription-request.server";
import { getVapidKeys } from "#app/push/vapid-keys.server";
import { getDatabase } from "#app/utils/db.server";
import { FEATURE_OFF_MESSAGES } from "#app/models/settings-vocabulary";
import { featureEnabled } from "#app/settings/current-settings.server";
import type { Route } from "./+types/api-push-subscription";

const NO_STORE = { "Cache-Control": "no-store" };

/**
 * GET: the server's VAPID public key (the browser's applicationServerKey), for the page and the
 * service worker. Public, like any push sender's. While an admin has notifications switched off it
 * answers 403 instead, so a page opened before cannot subscribe the browser.
 */
export async function loader() {
  if (!(await featureEnabled(getDatabase().db, "push"))) return jsonError(FEATURE_OFF_MESSAGES.push, 403);
  try {
    return Response.json({ publicKey: getVapidKeys().publicKey }, { headers: NO_STORE });
  } catch (error) {
    // SPEC §3: a push set-up that fails is logged and the rest of the app goes on.
    console.error("Web push keys are unavailable:", error instanceof Error ? error.message : error);
    return jsonError("Notifications are not available on this server.", 503);
  }
}

/**
 * POST stores or refreshes this browser's subscription for the signed-in session (and adds the
 * topics the button named); DELETE removes it. Cross-site requests were refused already (server/origin-check.ts).
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "DELETE") {
    return new Response("Use POST or DELETE.", { status: 405, headers: { Allow: "GET, POST, DELETE" } });
  }
  const user = context.get(userContext);
  const sessionId = context.get(sessionIdContext);
  if (!user || !sessionId) return jsonError("Sign in to get notifications on this device.", 401);
  const { db } = getDatabase();
  const allowLoopback = acceptsLoopbackPushService();

  if (request.method === "DELETE") {
    const body = await readJsonBody(request, unsubscribeBodySchema(allowLoopback));
    if ("invalid" in body) return body.invalid;
    const removed = await removeSubscription(db, { userId: user.id, endpoint: body.data.endpoint });
    return Response.json({ removed }, { headers: NO_STORE });
  }

  // Switched off: no device is added or refreshed (removing one, above, still works).
  if (!(await featureEnabled(db, "push"))) return jsonError(FEATURE_OFF_MESSAGES.push, 403);
  const body = await readJsonBody(request, subscriptionBodySchema(allowLoopback));
  if ("invalid" in body) return body.invalid;
  const { endpoint, keys, replacesEndpoint, topics = [], timeZone } = body.data;
  const outcome = await saveSubscription(db, {
    userId: user.id,
    sessionId,
    endpoint,
    p256dh: keys.p256dh,
    auth: keys.auth,
    userAgent: request.headers.get("User-Agent"),
    replacesEndpoint,
  });
  if (outcome.status === "not-on-file") {
    // The learner removed this device (or it expired): its refresh does not bring it back.
    return jsonError("Notifications are off for this device. Turn them on again on your profile.", 409);
  }
  for (const topic of topics) await addTopic(db, user.id, topic);
  if (timeZone) {
    await ensureNotificationSettings(db, user.id, {
      timeZone,
      reminderHour: DEFAULT_REMINDER_HOUR,
      quietStart: null,
      quietEnd: null,
    });
  }
  return Response.json({ stored: true }, { status: 201, headers: NO_STORE });
}
