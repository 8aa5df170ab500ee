import { beforeEach, describe, expect, it, vi } from "vitest";
import { CACHE_PARTITION_HEADER, GUEST_PARTITION, OFFLINE_TOOL_PAGES } from "#app/offline/offline-config";
import { FakeCacheStorage } from "#tests/setup/fake-cache-storage";
import { createPageService, MAX_PAGES_REFRESHED_ON_UPDATE, type KeepAlive } from "./page-service";
import { createPageStore } from "./page-store";
import { pageCacheName } from "./partitions";
import { routeOf } from "./request-routes";
import { SAVED_PAGES_END, SAVED_PAGES_START } from "./saved-pages";

const ORIGIN = "https://numberlab.example";
const ALICE = "u-AAAAAAAAAAAAAAAAAAAAAA";
const BOB = "u-BBBBBBBBBBBBBBBBBBBBBB";
const OFFLINE_HTML = `<h1>You are offline</h1>${SAVED_PAGES_START}<p>none</p>${SAVED_PAGES_END}`;

/** The server as the worker sees it: who is signed in, which build it runs, and whether it is reachable. */
class FakeServer {
  online = true;
  partition: string | null = ALICE;
  build = "build-1";
  /** Requests that wait until the test lets them through. */
  held: { path: string; release: () => void }[] = [];
  holdNext = false;
  fetched: string[] = [];
  status = 200;

  fetch = async (request: Request): Promise<Response> => {
    if (!this.online) throw new TypeError("Failed to fetch");
    const url = new URL(request.url);
    const path = url.pathname + url.search;
    this.fetched.push(path);
    // What was true when the request reached the server, as a real server would answer.
    const partition = this.partition;
    const build = this.build;
    if (this.holdNext) {
      this.holdNext = false;
      await new Promise<void>((release) => this.held.push({ path, release }));
    }
    const headers = new Headers(partition === null ? {} : { [CACHE_PARTITION_HEADER]: partition });
    if (url.pathname.endsWith(".data")) {
      headers.set("Content-Type", "text/x-script");
      return new Response(`[data of ${path} for ${partition}]`, { status: this.status, headers });
    }
    headers.set("Content-Type", "text/html; charset=utf-8");
    return new Response(`<title>${url.pathname} &amp; co</title><p>${path} for ${partition} on ${build}</p>`, {
      status: this.status,
      headers,
    });
  };
}

function setup() {
  const caches = new FakeCacheStorage();
  const server = new FakeServer();
  const expirations: string[] = [];
  let stored: string | null = null;
  const clearQueue = vi.fn(async () => {});
  const store = createPageStore({
    caches: caches.asCacheStorage(),
    ledger: {
      saved: async (cacheName, url) => void expirations.push(`${cacheName} ${new URL(url).pathname}`),
      forget: async () => {},
    },
    now: () => Date.now(),
  });
  const service = createPageService({
    store,
    fetch: server.fetch,
    origin: ORIGIN,
    timeoutMs: 20,
    offlinePageHtml: async () => OFFLINE_HTML,
    readPartition: async () => stored,
    writePartition: async (partition) => void (stored = partition),
    clearQueue,
  });
  const work: Promise<unknown>[] = [];
  const keepAlive: KeepAlive = (promise) => void work.push(promise);
  /** Lets the background work (saving answers, fetching the tools) finish. */
  async function settle() {
    while (work.length > 0) await Promise.all(work.splice(0));
    await service.pending();
  }
  async function request(path: string, mode: RequestMode = "navigate") {
    const request = new Request(ORIGIN + path, { mode: mode === "navigate" ? "same-origin" : mode });
    const route = routeOf({ method: "GET", mode, url: request.url }, ORIGIN);
    if (route.kind !== "page") throw new Error(`${path} is not a page`);
    const answer = await service.answerPage(request, route, keepAlive);
    await settle();
    return answer;
  }
  const saved = (partition: string) => caches.urls(pageCacheName(partition)).map((url) => url.slice(ORIGIN.length));
  return { caches, server, service, request, settle, saved, clearQueue, expirations, keepAlive };
}

describe("the worker's pages", () => {
  let t: ReturnType<typeof setup>;
  beforeEach(() => {
    t = setup();
  });

  it("answers from the network and saves the page in the partition the answer names, with the tools", async () => {
    const answer = await t.request("/chapter/divisors");
    expect(await answer.text()).toContain(`/chapter/divisors for ${ALICE}`);
    expect(await t.service.currentPartition()).toBe(ALICE);
    expect(t.saved(ALICE)).toEqual(expect.arrayContaining(["/chapter/divisors", ...OFFLINE_TOOL_PAGES]));
    expect(t.expirations).toContain(`${pageCacheName(ALICE)} /chapter/divisors`);
  });

  it("fetches the document of a page first reached as .data, once, so it also opens offline by its address", async () => {
    await t.request("/");
    await t.request("/chapter/divisors.data", "same-origin");
    await t.request("/chapter/divisors.data?_routes=root", "same-origin");
    expect(t.server.fetched.filter((path) => path === "/chapter/divisors")).toHaveLength(1);
    t.server.online = false;
    expect(await (await t.request("/chapter/divisors")).text()).toContain(`/chapter/divisors for ${ALICE}`);
  });

  it("serves the saved copy offline, and a tool's copy for the tool opened with another query", async () => {
    await t.request("/chapter/divisors");
    t.server.online = false;
    expect(await (await t.request("/chapter/divisors")).text()).toContain("/chapter/divisors for");
    expect(await (await t.request("/prime-factorization-engine?n=360")).text()).toContain(
      "/prime-factorization-engine for",
    );
  });

  it("serves the offline page for a page not saved, listing the saved pages by title but not the tools", async () => {
    await t.request("/chapter/divisors");
    t.server.online = false;
    const answer = await t.request("/chapter/never-opened");
    expect(answer.status).toBe(200);
    expect(answer.headers.get("Content-Type")).toBe("text/html; charset=utf-8");
    const html = await answer.text();
    expect(html).toContain("You are offline");
    expect(html).toContain('<li><a href="/chapter/divisors">/chapter/divisors &amp; co</a></li>');
    expect(html).not.toContain('href="/tests/ploting"');
  });

  it("saves .data answers like their pages; offline, an unsaved one has React Router reload the document", async () => {
    await t.request("/chapter/divisors.data?_routes=root", "cors");
    expect(t.saved(ALICE)).toContain("/chapter/divisors.data?_routes=root");
    t.server.online = false;
    expect(await (await t.request("/chapter/divisors.data?_routes=root", "cors")).text()).toBe(
      `[data of /chapter/divisors.data?_routes=root for ${ALICE}]`,
    );
    // Another route set is another answer: never a near match.
    const missing = await t.request("/chapter/divisors.data", "cors");
    expect(missing.status).toBe(204);
    expect(missing.headers.get("X-Remix-Redirect")).toBe("/chapter/divisors");
    expect(missing.headers.get("X-Remix-Reload-Document")).toBe("true");
  });

  it("never saves nor serves saved account pages, and shows the offline page for them offline", async () => {
    await t.request("/profile");
    await t.request("/profile.data", "cors");
    expect(t.saved(ALICE)).not.toContain("/profile");
    expect(t.saved(ALICE)).not.toContain("/profile.data");
    t.server.online = false;
    expect(await (await t.request("/profile")).text()).toContain("You are offline");
    expect((await t.request("/profile.data", "cors")).headers.get("X-Remix-Redirect")).toBe("/profile");
  });

  it("saves only whole 200 answers of the right type that name a partition", async () => {
    t.server.partition = null;
    await t.request("/chapter/nameless");
    expect(await t.caches.keys()).toEqual([]);
    t.server.partition = ALICE;
    t.server.status = 500;
    await t.request("/chapter/failing");
    t.server.status = 200;
    await t.request("/chapter/fine");
    expect(t.saved(ALICE)).toContain("/chapter/fine");
    expect(t.saved(ALICE)).not.toContain("/chapter/failing");
  });

  it("serves only the current partition: another account's pages go when it signs in, the guest's stay", async () => {
    t.server.partition = GUEST_PARTITION;
    await t.request("/chapter/guest-read");
    t.server.partition = ALICE;
    await t.request("/chapter/alice-read");
    t.server.partition = BOB;
    await t.request("/chapter/bob-read");
    expect(await t.caches.keys()).toEqual([pageCacheName(GUEST_PARTITION), pageCacheName(BOB)]);

    t.server.online = false;
    expect(await (await t.request("/chapter/bob-read")).text()).toContain(BOB);
    // The guest's copy exists, but Bob is the current partition: he gets the offline page.
    expect(await (await t.request("/chapter/guest-read")).text()).toContain("You are offline");
    expect(await (await t.request("/chapter/alice-read")).text()).toContain("You are offline");
  });

  it("on sign-out drops the account's pages and queue at once, and keeps no answer asked for before it", async () => {
    await t.request("/chapter/divisors");
    t.server.holdNext = true;
    const pending = t.request("/chapter/slow");
    await vi.waitFor(() => expect(t.server.held).toHaveLength(1));
    await t.service.signOut();
    expect(await t.caches.keys()).toEqual([]);
    expect(t.clearQueue).toHaveBeenCalledWith(ALICE);
    t.server.held[0]!.release();
    await pending;
    expect(await t.caches.keys()).toEqual([]);
    expect(await t.service.currentPartition()).toBe(ALICE);
  });

  it("drops one partition's pages when a page asks, ignoring malformed names", async () => {
    await t.request("/chapter/divisors");
    await t.service.clearPartition("../../etc");
    expect(await t.caches.keys()).toEqual([pageCacheName(ALICE)]);
    await t.service.clearPartition(ALICE);
    expect(await t.caches.keys()).toEqual([]);
  });

  it("shows the saved copy when the network is too slow, and still saves the late answer", async () => {
    await t.request("/chapter/divisors");
    t.server.build = "build-2";
    t.server.holdNext = true;
    const answer = await t.service.answerPage(
      new Request(`${ORIGIN}/chapter/divisors`),
      { kind: "page", data: false, pagePath: "/chapter/divisors", savable: true },
      t.keepAlive,
    );
    expect(await answer.text()).toContain("on build-1");
    t.server.held[0]!.release();
    await t.settle();
    t.server.online = false;
    expect(await (await t.request("/chapter/divisors")).text()).toContain("on build-2");
  });

  it("waits on for a slow network when nothing is saved", async () => {
    t.server.holdNext = true;
    const answer = t.request("/chapter/slow");
    await vi.waitFor(() => expect(t.server.held).toHaveLength(1));
    t.server.held[0]!.release();
    expect(await (await answer).text()).toContain("/chapter/slow for");
  });

  it("saves the tools on install, one at a time", async () => {
    await t.service.saveToolPages();
    expect(t.server.fetched).toEqual([...OFFLINE_TOOL_PAGES]);
    expect(t.saved(ALICE)).toEqual([...OFFLINE_TOOL_PAGES]);
  });

  it("after an update fetches the tools and the newest saved pages again, so they use the new build", async () => {
    const chapters = Array.from({ length: MAX_PAGES_REFRESHED_ON_UPDATE + 2 }, (_, i) => `/chapter/c${i}`);
    for (const chapter of chapters) await t.request(chapter);
    t.server.build = "build-2";
    t.server.fetched = [];
    await t.service.refreshSavedPages();
    expect(t.server.fetched.slice(0, OFFLINE_TOOL_PAGES.length)).toEqual([...OFFLINE_TOOL_PAGES]);
    expect(t.server.fetched.slice(OFFLINE_TOOL_PAGES.length)).toEqual(
      chapters.slice(-MAX_PAGES_REFRESHED_ON_UPDATE).reverse(),
    );
    t.server.online = false;
    expect(await (await t.request(chapters.at(-1)!)).text()).toContain("build-2");
    expect(await (await t.request(chapters[0]!)).text()).toContain("build-1");
  });
});
