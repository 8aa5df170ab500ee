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
