import { afterEach, expect, test, vi } from "vitest";
import { fetchBuildRouteRules, fetchLatestBuildId } from "./build-resources";

afterEach(() => vi.unstubAllGlobals());

function serve(answer: () => Response | Promise<Response>) {
  const requests: { url: string; init?: RequestInit }[] = [];
  vi.stubGlobal("fetch", (url: string, init?: RequestInit) => {
    requests.push({ url, init });
    return Promise.resolve().then(answer);
  });
  return requests;
}

test("the latest build is asked for past every cache, and its id read", async () => {
  const requests = serve(() => Response.json({ id: "abc123", timestamp: "2026-01-01T00:00:00.000Z" }));
  expect(await fetchLatestBuildId()).toBe("abc123");
  expect(requests[0]?.url).toMatch(/^\/builds\/latest\.json\?\d+$/);
  expect(requests[0]?.init?.cache).toBe("no-store");
});

test("no id is told when the server cannot say (offline, an error page, another shape)", async () => {
  serve(() => Promise.reject(new TypeError("Failed to fetch")));
  expect(await fetchLatestBuildId()).toBeNull();
  serve(() => new Response("Service Unavailable", { status: 503 }));
  expect(await fetchLatestBuildId()).toBeNull();
  serve(() => Response.json({ build: "abc" }));
  expect(await fetchLatestBuildId()).toBeNull();
  serve(() => new Response("<html>", { headers: { "Content-Type": "text/html" } }));
  expect(await fetchLatestBuildId()).toBeNull();
});

test("a build's route rules come from its manifest; a rule leading off the site voids it", async () => {
  const rule = { from: "/old", to: "/new", status: 301 };
  const requests = serve(() => Response.json({ id: "abc", timestamp: "t", routeRules: [rule] }));
  expect(await fetchBuildRouteRules("abc")).toEqual([rule]);
  expect(requests[0]?.url).toBe("/builds/meta/abc.json");

  serve(() => Response.json({ id: "abc", timestamp: "t", routeRules: [{ ...rule, to: "//evil.example/" }] }));
  expect(await fetchBuildRouteRules("abc")).toBeNull();
  serve(() => Response.json({ message: "Unknown build: abc.json" }, { status: 404 }));
  expect(await fetchBuildRouteRules("abc")).toBeNull();
});

test("a manifest of another shape voids its rules: a wrong status, a rule not on this site, missing fields", async () => {
  const rule = { from: "/old", to: "/new", status: 301 };
  for (const answer of [
    { id: "abc", timestamp: "t", routeRules: [{ ...rule, status: 200 }] },
    { id: "abc", timestamp: "t", routeRules: [{ ...rule, status: "301" }] },
    { id: "abc", timestamp: "t", routeRules: [{ ...rule, from: "old" }] },
    { id: "abc", timestamp: "t", routeRules: [{ ...rule, to: "https://evil.example/" }] },
    { id: "abc", timestamp: "t", routeRules: [rule, null] },
    { id: "abc", timestamp: "t", routeRules: "none" },
    { id: "", timestamp: "t", routeRules: [rule] },
    { id: "abc", routeRules: [rule] },
    [rule],
  ]) {
    serve(() => Response.json(answer));
    expect(await fetchBuildRouteRules("abc"), JSON.stringify(answer)).toBeNull();
  }
  // Every redirect status is kept as it is, and an empty list is a list.
  const statuses = [301, 302, 307, 308].map((status, index) => ({ from: `/a${index}`, to: "/b", status }));
  serve(() => Response.json({ id: "abc", timestamp: "t", routeRules: statuses }));
  expect(await fetchBuildRouteRules("abc")).toEqual(statuses);
  serve(() => Response.json({ id: "abc", timestamp: "t", routeRules: [] }));
  expect(await fetchBuildRouteRules("abc")).toEqual([]);
});

test("the latest build's id must be a non-empty string beside a timestamp", async () => {
  for (const answer of [{ id: "", timestamp: "t" }, { id: 7, timestamp: "t" }, { id: "abc" }, null]) {
    serve(() => Response.json(answer));
    expect(await fetchLatestBuildId(), JSON.stringify(answer)).toBeNull();
  }
});
