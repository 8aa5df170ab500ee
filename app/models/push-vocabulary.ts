/**
 * The words web push is made of (docs/push.md), shared by the browser, the service worker, the
 * admin page and the server, so each checks the same lists and limits.
 */

/** What a learner can choose to hear about; nothing is sent on a topic they did not choose. */
export const PUSH_TOPICS = ["record-primes", "new-content", "review-reminders", "announcements"] as const;
export type PushTopic = (typeof PUSH_TOPICS)[number];

export const PUSH_TOPIC_LABELS: Record<PushTopic, string> = {
  "record-primes": "New record primes",
  "new-content": "New chapters and content",
  "review-reminders": "Review reminders",
  announcements: "Announcements",
};

/** Who an admin's send goes to: subscribers of its topic, narrowed to premium or free learners or one user. */
export const PUSH_AUDIENCES = ["subscribers", "premium", "free", "user"] as const;
export type PushAudience = (typeof PUSH_AUDIENCES)[number];
/** A test goes to the admin's own devices, whatever their topics and quiet hours. */
export type PushSendAudience = PushAudience | "self";

/** campaign: composed at /admin/sendNotification; test: to the admin; record: a new record prime; reminders: due reviews. */
export const PUSH_SEND_KINDS = ["campaign", "test", "record", "reminders"] as const;
export type PushSendKind = (typeof PUSH_SEND_KINDS)[number];

/** scheduled: waiting for its time; dispatched: its deliveries are written; cancelled before that. */
export const PUSH_SEND_STATUSES = ["scheduled", "dispatched", "cancelled"] as const;
export type PushSendStatus = (typeof PUSH_SEND_STATUSES)[number];

/**
 * queued: waiting (perhaps for quiet hours to end); sending: claimed by one worker; sent: the push
 * service accepted it; failed: refused or retried out (with the reason); expired: the push service
 * answered 404 or 410, so the subscription was removed, or the device was signed out or removed
 * before the message went out.
 */
export const PUSH_DELIVERY_STATUSES = ["queued", "sending", "sent", "failed", "expired"] as const;
export type PushDeliveryStatus = (typeof PUSH_DELIVERY_STATUSES)[number];

/** Browsers show two or three lines at most; the service worker cuts at the same lengths. */
export const PUSH_TITLE_MAX_LENGTH = 120;
export const PUSH_BODY_MAX_LENGTH = 500;
export const PUSH_URL_MAX_LENGTH = 300;

/** A browser hands its subscription over again after this long (SPEC.md §3), or at once when it changed. */
export const PUSH_SUBSCRIPTION_REFRESH_MS = 7 * 24 * 60 * 60 * 1000;

/** The payload the service worker reads (app/offline/worker/push-messages.ts). */
export interface PushPayload {
  title: string;
  body: string;
  url: string;
  campaign: string;
}

/** The analytics campaign of a send: push_received and push_click are counted per send. */
export const pushCampaign = (sendId: string) => `push:${sendId}`;

/** The review reminders' default local hour, until the learner picks one. */
export const DEFAULT_REMINDER_HOUR = 18;

/** Where the browser hands its subscription to the server (POST: store or refresh; DELETE: remove). */
export const PUSH_SUBSCRIPTION_ENDPOINT = "/api/push/subscription";
