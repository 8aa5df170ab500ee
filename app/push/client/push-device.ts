import { PUSH_SUBSCRIPTION_ENDPOINT, PUSH_SUBSCRIPTION_REFRESH_MS, type PushTopic } from "#app/models/push-vocabulary";

/**
 * This browser's side of web push (docs/push.md): asking for permission only when the learner pressed
 * a button that says what they will get, subscribing, handing the subscription to the server, and
 * keeping it fresh. The browser's pieces come in through PushBrowser, so the rules are tested without one.
 */
export interface PushBrowser {
  /** Push messages need the Push API, notifications and a service worker. */
  supported(): boolean;
  permission(): NotificationPermission;
  requestPermission(): Promise<NotificationPermission>;
  /** The offline worker's push manager; null when no worker runs (e.g. it failed to register). */
  pushManager(): Promise<PushManager | null>;
  fetch(url: string, init?: RequestInit): Promise<Response>;
  /** Where the small record of the last hand-over is kept (localStorage); null when there is none. */
  storage: {
    getItem(key: string): string | null;
    setItem(key: string, value: string): void;
    removeItem(key: string): void;
  } | null;
  now(): number;
  /** The browser's IANA time zone, for the learner's first settings. */
  timeZone(): string | undefined;
}

/** What this browser allows, before anything is asked. */
export type BrowserPushState = "unsupported" | "blocked" | "ask" | "granted";

export function browserPushState(browser: PushBrowser): BrowserPushState {
  if (!browser.supported()) return "unsupported";
  const permission = browser.permission();
  return permission === "denied" ? "blocked" : permission === "granted" ? "granted" : "ask";
}

/** The last hand-over: for which session (the root loader's pushDevice), which endpoint, when. */
export interface HandOverRecord {
  device: string;
  endpoint: string;
  handedAt: number;
}

export const HAND_OVER_STORAGE_KEY = "numberlab:push-hand-over";

function readRecord(browser: PushBrowser): HandOverRecord | null {
  try {
    const parsed: unknown = JSON.parse(browser.storage?.getItem(HAND_OVER_STORAGE_KEY) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return null;
    const { device, endpoint, handedAt } = parsed as Record<string, unknown>;
    return typeof device === "string" && typeof endpoint === "string" && typeof handedAt === "number"
      ? { device, endpoint, handedAt }
      : null;
  } catch {
    return null;
  }
}

function writeRecord(browser: PushBrowser, record: HandOverRecord | null) {
  try {
    if (record) browser.storage?.setItem(HAND_OVER_STORAGE_KEY, JSON.stringify(record));
    else browser.storage?.removeItem(HAND_OVER_STORAGE_KEY);
  } catch {
    // Storage full or refused: the next load hands the subscription over again, which is harmless.
  }
}

export type TurnOnOutcome =
  | { status: "on" }
  | { status: "unsupported" }
  | { status: "blocked" }
  /** The learner closed the browser's question without answering: nothing changed. */
  | { status: "dismissed" }
  | { status: "failed"; message: string };

class HandOverError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

async function errorMessage(response: Response): Promise<string> {
  try {
    const body = (await response.json()) as { error?: unknown };
    if (typeof body.error === "string") return body.error;
  } catch {
    // Not our JSON (a proxy's page): the status says enough.
  }
  return `The server answered ${response.status}.`;
}

/**
 * The server's VAPID public key as the bytes subscribe() takes (shared with the service worker's
 * pushsubscriptionchange handler).
 */
export async function fetchServerKey(
  fetcher: (url: string, init?: RequestInit) => Promise<Response>,
): Promise<Uint8Array<ArrayBuffer>> {
  const response = await fetcher(PUSH_SUBSCRIPTION_ENDPOINT, { headers: { Accept: "application/json" } });
  if (!response.ok) throw new HandOverError(await errorMessage(response), response.status);
  const { publicKey: key } = (await response.json()) as { publicKey: string };
  const base64 = key.replaceAll("-", "+").replaceAll("_", "/");
  return Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
}

function sameKey(current: ArrayBuffer | null, wanted: Uint8Array): boolean {
  if (current === null) return true;
  const bytes = new Uint8Array(current);
  return bytes.length === wanted.length && bytes.every((byte, index) => byte === wanted[index]);
}

async function handOver(
  browser: PushBrowser,
  subscription: PushSubscription,
  extra: { replacesEndpoint?: string; topics?: readonly PushTopic[] },
): Promise<void> {
  const response = await browser.fetch(PUSH_SUBSCRIPTION_ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    credentials: "same-origin",
    body: JSON.stringify({ ...subscription.toJSON(), ...extra, timeZone: browser.timeZone() }),
  });
  if (!response.ok) throw new HandOverError(await errorMessage(response), response.status);
}

/**
 * The learner pressed a button that says what they will get: ask (only if the browser has not been
 * answered yet), subscribe, hand the subscription over with the button's topics.
 */
export async function turnOnPush(
  browser: PushBrowser,
  { device, topics }: { device: string; topics: readonly PushTopic[] },
): Promise<TurnOnOutcome> {
  const state = browserPushState(browser);
  if (state === "unsupported" || state === "blocked") return { status: state };
  if (state === "ask") {
    const answer = await browser.requestPermission();
    if (answer === "denied") return { status: "blocked" };
    if (answer !== "granted") return { status: "dismissed" };
  }
  try {
    const manager = await browser.pushManager();
    if (!manager) return { status: "unsupported" };
    const key = await fetchServerKey((url, init) => browser.fetch(url, init));
    let subscription = await manager.getSubscription();
    // Subscribed under another server key (the keys were replaced): that subscription reaches nobody.
    if (subscription && !sameKey(subscription.options.applicationServerKey, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    subscription ??= await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await handOver(browser, subscription, { topics });
    writeRecord(browser, { device, endpoint: subscription.endpoint, handedAt: browser.now() });
    return { status: "on" };
  } catch (error) {
    return { status: "failed", message: error instanceof Error ? error.message : String(error) };
  }
}

/** Turns this browser's notifications off: the server forgets it and the browser unsubscribes. */
export async function turnOffPush(browser: PushBrowser): Promise<void> {
  const subscription = await (await browser.pushManager())?.getSubscription();
  if (subscription) {
    const response = await browser.fetch(PUSH_SUBSCRIPTION_ENDPOINT, {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({ endpoint: subscription.endpoint }),
    });
    if (!response.ok) throw new Error(await errorMessage(response));
    await subscription.unsubscribe();
  }
  writeRecord(browser, null);
}

/** Whether this browser holds a subscription now (permission granted and subscribed). */
export async function hasBrowserSubscription(browser: PushBrowser): Promise<boolean> {
  if (browserPushState(browser) !== "granted") return false;
  return (await (await browser.pushManager())?.getSubscription()) != null;
}

export type SyncOutcome = "nothing-to-do" | "handed-over" | "replaced" | "refreshed" | "removed";

/** The account part of a pushDevice marker (`<account>.<session>`, app/push/push-device.server.ts). */
const accountOf = (device: string) => device.split(".")[0];

/**
 * On load, for a signed-in page whose browser already has a subscription and permission: hands it over
 * again when the session changed (a new sign-in has no subscription on the server), when the browser
 * changed its endpoint, or after PUSH_SUBSCRIPTION_REFRESH_MS (a new subscription, SPEC §3). A device
 * the learner removed on the profile stays removed: the browser then unsubscribes too. A subscription
 * made for another account (someone else's, on a shared computer), or for no account this browser
 * remembers, is never handed to this one: the browser unsubscribes, and this learner can turn it on.
 */
export async function syncPushSubscription(browser: PushBrowser, device: string): Promise<SyncOutcome> {
  // Without storage there is no telling whose subscription this is: leave it as it is.
  if (browserPushState(browser) !== "granted" || !browser.storage) return "nothing-to-do";
  const manager = await browser.pushManager();
  const subscription = await manager?.getSubscription();
  if (!manager || !subscription) return "nothing-to-do";
  const record = readRecord(browser);
  const remember = (endpoint: string) => writeRecord(browser, { device, endpoint, handedAt: browser.now() });
  if (!record || accountOf(record.device) !== accountOf(device)) {
    await subscription.unsubscribe();
    writeRecord(browser, null);
    return "removed";
  }
  try {
    if (record.device !== device) {
      await handOver(browser, subscription, {});
      remember(subscription.endpoint);
      return "handed-over";
    }
    if (record.endpoint !== subscription.endpoint) {
      await handOver(browser, subscription, { replacesEndpoint: record.endpoint });
      remember(subscription.endpoint);
      return "replaced";
    }
    if (browser.now() - record.handedAt < PUSH_SUBSCRIPTION_REFRESH_MS) return "nothing-to-do";
    const key = await fetchServerKey((url, init) => browser.fetch(url, init));
    await subscription.unsubscribe();
    const fresh = await manager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    try {
      await handOver(browser, fresh, { replacesEndpoint: subscription.endpoint });
    } catch (error) {
      if (error instanceof HandOverError && error.status === 409) await fresh.unsubscribe();
      throw error;
    }
    remember(fresh.endpoint);
    return "refreshed";
  } catch (error) {
    if (error instanceof HandOverError && error.status === 409) {
      // Removed on the profile: this browser stops too, rather than holding a subscription nobody uses.
      await (await manager.getSubscription())?.unsubscribe();
      writeRecord(browser, null);
      return "removed";
    }
    throw error;
  }
}
