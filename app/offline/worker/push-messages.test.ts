import { describe, expect, it, vi } from "vitest";
import { ANALYTICS_ENDPOINT, type AnalyticsEvent } from "#app/analytics/events";
import { parseBatch } from "#app/analytics/event-schema.server";
import {
  clientToFocus,
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

  it("focuses a window already showing the page, else none (a new one opens)", () => {
    const windows = [{ url: `${ORIGIN}/` }, { url: `${ORIGIN}/practice` }];
    expect(clientToFocus(windows, "/practice", ORIGIN)).toBe(windows[1]);
    expect(clientToFocus(windows, "/chapter/residues", ORIGIN)).toBeUndefined();
  });
});
