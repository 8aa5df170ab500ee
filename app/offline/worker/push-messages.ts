import { MAX_EVENT_PATH_LENGTH } from "#app/analytics/client/collector";
import { ANALYTICS_ENDPOINT, type AnalyticsEvent } from "#app/analytics/events";
import { PUSH_SUBSCRIPTION_ENDPOINT } from "#app/models/push-vocabulary";

/**
 * Push messages as the service worker shows them (issue 21 sends them): the payload is JSON
 * `{ title, body, url, campaign }`. Anything missing or odd falls back to something safe, since a
 * push must always show a notification (browsers penalise a silent one): the site's name, no body,
 * the home page. The worker counts each shown message (`push_received`) and each click
 * (`push_click`) itself, with one request each: it has no page, no storage queue and no retries;
 * a lost count is lost, never a broken notification.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** A path on this site (with its query); links elsewhere are replaced by the home page. */
  url: string;
  /** The campaign the message belongs to, for the counts; only a short word is kept. */
  campaign?: string;
}

/** What the notification carries to its click (`notification.data`). */
export interface NotificationData {
  url: string;
  campaign?: string;
}

const DEFAULT_TITLE = "Numberlab";
/** Longer texts are cut: browsers show two or three lines of a notification at most. */
const MAX_TITLE_LENGTH = 120;
const MAX_BODY_LENGTH = 500;
/** A campaign the server counts: what app/analytics/event-schema.server.ts accepts as a word. */
const CAMPAIGN = /^[\w .:/-]{1,80}$/;

/** The message a push payload (its text, or null for a push without data) asks to show. */
export function readPushMessage(text: string | null, origin: string): PushMessage {
  let payload: Record<string, unknown> = {};
  try {
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)) {
      payload = parsed as Record<string, unknown>;
    }
  } catch {
    // Not JSON: shown as the default notification, which still leads to the site.
  }
  const clipped = (value: unknown, max: number) => (typeof value === "string" ? value.trim().slice(0, max) : "");
  const campaign = typeof payload.campaign === "string" && CAMPAIGN.test(payload.campaign) ? payload.campaign : null;
  return {
    title: clipped(payload.title, MAX_TITLE_LENGTH) || DEFAULT_TITLE,
    body: clipped(payload.body, MAX_BODY_LENGTH),
    url: sameOriginPath(payload.url, origin),
    ...(campaign ? { campaign } : {}),
  };
}

/** A path on this origin for `url` (relative or absolute); the home page for anything else. */
export function sameOriginPath(url: unknown, origin: string): string {
  if (typeof url !== "string" || url === "") return "/";
  try {
    const target = new URL(url, origin);
    return target.origin === origin ? target.pathname + target.search + target.hash : "/";
  } catch {
    return "/";
  }
}

/** The notification's data, read back on a click (another version of the worker may have shown it). */
export function readNotificationData(data: unknown, origin: string): NotificationData {
  const record = typeof data === "object" && data !== null ? (data as Record<string, unknown>) : {};
  const campaign = typeof record.campaign === "string" && CAMPAIGN.test(record.campaign) ? record.campaign : null;
  return { url: sameOriginPath(record.url, origin), ...(campaign ? { campaign } : {}) };
}

/**
 * The event counting a push shown or clicked: its route and path are the page the message leads to
 * (without query or fragment), and it has no viewport (a worker has none).
 */
export function pushEvent(
  name: "push_received" | "push_click",
  message: NotificationData,
  at: number,
  randomBytes: Uint8Array,
): AnalyticsEvent {
  const target = new URL(message.url, "https://numberlab.invalid").pathname;
  // The server refuses longer paths (MAX_PATH_LENGTH): such a message is counted under the home page.
  const path = target.length > MAX_EVENT_PATH_LENGTH ? "/" : target;
  let id = "";
  for (const byte of randomBytes) id += (byte | 256).toString(16).slice(1);
  return {
    id,
    name,
    at,
    route: path,
    path,
    props: message.campaign ? { campaign: message.campaign } : {},
  };
}

/** Sends one event; the server de-duplicates, checks consent (Do Not Track, GPC, the account's switch). */
export async function sendPushEvent(
  fetcher: (url: string, init: RequestInit) => Promise<unknown>,
  event: AnalyticsEvent,
): Promise<void> {
  try {
    await fetcher(ANALYTICS_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ events: [event] }),
      credentials: "same-origin",
    });
  } catch {
    // A lost count is lost: the notification matters, not the number.
  }
}

/**
 * Where a click leads, without piling up tabs: a window already showing the link is focused; else a
 * window of this site that the worker controls (only those can be navigated) goes to the link; else
 * a new window opens.
 */
export type ClickTarget<Client> =
  { kind: "focus"; client: Client } | { kind: "navigate"; client: Client } | { kind: "open" };

export function clickTarget<Client extends { url: string; focused?: boolean }>(
  windows: readonly Client[],
  controlled: readonly Client[],
  url: string,
  origin: string,
): ClickTarget<Client> {
  const target = new URL(url, origin).href;
  const showing = windows.find((client) => client.url === target);
  if (showing) return { kind: "focus", client: showing };
  const ours = controlled.filter((client) => new URL(client.url).origin === origin);
  const client = ours.find((candidate) => candidate.focused) ?? ours[0];
  return client ? { kind: "navigate", client } : { kind: "open" };
}

/** The notification's options: the same campaign's tag, so a repeat replaces the earlier one instead of stacking. */
export function notificationOptions(
  message: PushMessage,
  icon: string,
): NotificationOptions & { data: NotificationData } {
  const data: NotificationData = { url: message.url, ...(message.campaign ? { campaign: message.campaign } : {}) };
  return { body: message.body, icon, data, ...(message.campaign ? { tag: message.campaign } : {}) };
}

/**
 * The browser replaced the subscription (pushsubscriptionchange): the new one goes to the server in
 * place of the old, with the session's cookies; the server keeps it only while the old one is on file.
 * True when the server refused it for good: nobody is signed in (401), or the learner removed this
 * device (409), so the browser should stop too; a server error leaves it for the page's next sync.
 */
export async function handOverReplacement(
  fetcher: (url: string, init: RequestInit) => Promise<{ status: number }>,
  subscription: { toJSON(): unknown },
  oldEndpoint: string | undefined,
): Promise<boolean> {
  const json = subscription.toJSON() as Record<string, unknown>;
  const answer = await fetcher(PUSH_SUBSCRIPTION_ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ ...json, ...(oldEndpoint ? { replacesEndpoint: oldEndpoint } : {}) }),
  });
  return answer.status === 401 || answer.status === 409;
}
