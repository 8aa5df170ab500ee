import { describe, expect, it, vi } from "vitest";
import { ANALYTICS_ENDPOINT, type AnalyticsEvent } from "#app/analytics/events";
import { parseBatch } from "#app/analytics/event-schema.server";
import {
  clickTarget,
  handOverReplacement,
  notificationOptions,
  pushEvent,
  readNotificationData,
  readPushMessage,
  sameOriginPath,
  sendPushEvent,
} from "./push-messages";
import { routeOf } from "./request-routes";

const ORIGIN = "https://numberlab.example";
const bytes = new Uint8Array(16).fill(171);

describe("readPushMessage", () => {
  it("reads the payload issue 21 sends", () => {
    const payload = {
      title: "New chapter",
      body: "Quadratic residues are out.",
      url: "/chapter/residues?from=push",
      campaign: "residues-2026",
    };
    expect(readPushMessage(JSON.stringify(payload), ORIGIN)).toEqual(payload);
  });

  it("shows something safe for a payload that is missing, not JSON, or odd", () => {
    const fallback = { title: "Numberlab", body: "", url: "/" };
    expect(readPushMessage(null, ORIGIN)).toEqual(fallback);
    expect(readPushMessage("not json", ORIGIN)).toEqual(fallback);
    expect(readPushMessage("[1, 2]", ORIGIN)).toEqual(fallback);
    expect(readPushMessage(JSON.stringify({ title: 3, body: null, url: 7, campaign: "<script>" }), ORIGIN)).toEqual(
      fallback,
    );
    expect(readPushMessage(JSON.stringify({ title: "x".repeat(500) }), ORIGIN).title).toHaveLength(120);
  });

  it("never leads off the site", () => {
    for (const url of [
      "https://evil.example/phish",
      "//evil.example/x",
      "javascript:alert(1)",
      "http://numberlab.example/",
    ]) {
      expect(readPushMessage(JSON.stringify({ url }), ORIGIN).url, url).toBe("/");
    }
    expect(sameOriginPath(`${ORIGIN}/practice#top`, ORIGIN)).toBe("/practice#top");
  });
});

describe("the push events", () => {
  it("are events the server accepts, counted under the page the message leads to", () => {
    const received = pushEvent(
      "push_received",
      { url: "/chapter/residues?from=push", campaign: "residues-2026" },
      1_000,
      bytes,
    );
    const click = pushEvent("push_click", { url: "/" }, 2_000, bytes);
    expect(received).toEqual({
      id: "ab".repeat(16),
      name: "push_received",
      at: 1_000,
      route: "/chapter/residues",
      path: "/chapter/residues",
      props: { campaign: "residues-2026" },
    });
    expect(click.props).toEqual({});
    expect(parseBatch({ events: [received, click] })).toEqual({ events: [received, click] });
    const long = pushEvent("push_click", { url: `/${"a".repeat(400)}` }, 3_000, bytes);
    expect(long.path).toBe("/");
    expect(parseBatch({ events: [long] })).not.toHaveProperty("error");
  });

  it("are sent once each, with the session's cookies, and a failure is swallowed", async () => {
    const event = pushEvent("push_click", { url: "/" }, 1_000, bytes);
    const fetcher = vi.fn().mockRejectedValue(new TypeError("Failed to fetch"));
    await expect(sendPushEvent(fetcher, event)).resolves.toBeUndefined();
    expect(fetcher).toHaveBeenCalledWith(ANALYTICS_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ events: [event] }),
      credentials: "same-origin",
    });
    const sent = JSON.parse(fetcher.mock.calls[0]![1].body as string) as { events: AnalyticsEvent[] };
    expect(sent.events).toEqual([event]);
  });

  it("go to the network, never to a cache", () => {
    for (const method of ["POST", "GET"]) {
      expect(routeOf({ method, mode: "cors", url: ORIGIN + ANALYTICS_ENDPOINT }, ORIGIN)).toEqual({ kind: "network" });
    }
    expect(routeOf({ method: "GET", mode: "navigate", url: ORIGIN + ANALYTICS_ENDPOINT }, ORIGIN)).toMatchObject({
      savable: false,
    });
  });
});

describe("a click on a notification", () => {
  it("reads the notification's data back, on this site only", () => {
    expect(readNotificationData({ url: "/practice", campaign: "c1" }, ORIGIN)).toEqual({
      url: "/practice",
      campaign: "c1",
    });
    expect(readNotificationData({ url: "https://evil.example/" }, ORIGIN)).toEqual({ url: "/" });
    expect(readNotificationData(null, ORIGIN)).toEqual({ url: "/" });
  });

  it("focuses a window showing the page, else sends a window of the site there, else opens one", () => {
    const home = { url: `${ORIGIN}/`, focused: false };
    const practice = { url: `${ORIGIN}/practice`, focused: false };
    const chapter = { url: `${ORIGIN}/chapter/residues`, focused: true };
    const windows = [home, practice, chapter];
    expect(clickTarget(windows, windows, "/practice", ORIGIN)).toEqual({ kind: "focus", client: practice });
    // The focused window goes, not another tab; an uncontrolled window (cannot be navigated) never does.
    expect(clickTarget(windows, windows, "/about", ORIGIN)).toEqual({ kind: "navigate", client: chapter });
    expect(clickTarget(windows, [home], "/about", ORIGIN)).toEqual({ kind: "navigate", client: home });
    expect(clickTarget(windows, [], "/about", ORIGIN)).toEqual({ kind: "open" });
    expect(clickTarget([], [], "/", ORIGIN)).toEqual({ kind: "open" });
  });
});

describe("the notification shown", () => {
  it("carries the link and campaign, tagged by campaign so a repeat replaces it", () => {
    const message = readPushMessage(
      JSON.stringify({ title: "T", body: "B", url: "/practice", campaign: "push:42" }),
      ORIGIN,
    );
    expect(notificationOptions(message, "/icon.png")).toEqual({
      body: "B",
      icon: "/icon.png",
      data: { url: "/practice", campaign: "push:42" },
      tag: "push:42",
    });
    expect(notificationOptions(readPushMessage(null, ORIGIN), "/icon.png")).toEqual({
      body: "",
      icon: "/icon.png",
      data: { url: "/" },
    });
  });
});

describe("a subscription the browser replaced", () => {
  const subscription = {
    toJSON: () => ({ endpoint: "https://push.example.net/new", keys: { p256dh: "P", auth: "A" } }),
  };

  it("goes to the server in place of the old one, and the browser stops when the server refuses it for good", async () => {
    const fetcher = vi.fn().mockResolvedValue({ status: 201 });
    expect(await handOverReplacement(fetcher, subscription, "https://push.example.net/old")).toBe(false);
    expect(fetcher).toHaveBeenCalledWith("/api/push/subscription", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      credentials: "same-origin",
      body: JSON.stringify({
        endpoint: "https://push.example.net/new",
        keys: { p256dh: "P", auth: "A" },
        replacesEndpoint: "https://push.example.net/old",
      }),
    });
    for (const status of [401, 409]) {
      expect(await handOverReplacement(vi.fn().mockResolvedValue({ status }), subscription, undefined)).toBe(true);
    }
    expect(await handOverReplacement(vi.fn().mockResolvedValue({ status: 503 }), subscription, undefined)).toBe(false);
  });
});
