import { describe, expect, it } from "vitest";
import { MAX_SAVED_PAGE_AGE_SECONDS } from "#app/offline/offline-config";
import { FakeCacheStorage } from "#tests/setup/fake-cache-storage";
import { createPageStore } from "./page-store";
import { SAVED_TITLE_HEADER } from "./saved-pages";

const ORIGIN = "https://numberlab.example";
const GUEST = "guest";
const SAVED_AT = Date.parse("2026-11-01T12:00:00Z");

function html(title: string): Response {
  return new Response(`<!doctype html><title>${title}</title><p>body</p>`, {
    headers: { "Content-Type": "text/html", Date: new Date(SAVED_AT).toUTCString() },
  });
}

function storeAt(now: number) {
  const caches = new FakeCacheStorage();
  const forgotten: string[] = [];
  const store = createPageStore({
    caches: caches.asCacheStorage(),
    ledger: { saved: async () => {}, forget: async (name) => void forgotten.push(name) },
    now: () => now,
  });
  return { caches, store, forgotten };
}

describe("the page store", () => {
  it("keeps a document's title beside it, so the offline page lists it without reading it", async () => {
    const { store } = storeAt(SAVED_AT);
    await store.save(GUEST, `${ORIGIN}/chapter/zeta`, html("ζ(2) = π²/6 &amp; friends · Numberlab"));
    const saved = await store.find(GUEST, `${ORIGIN}/chapter/zeta`);
    expect(saved?.headers.get(SAVED_TITLE_HEADER)).toBe(encodeURIComponent("ζ(2) = π²/6 & friends"));
    expect(await saved?.text()).toContain("<p>body</p>");
    expect(await store.listPages(GUEST)).toEqual([{ path: "/chapter/zeta", title: "ζ(2) = π²/6 & friends" }]);
  });

  it("lists the newest first and leaves out .data answers and the tools", async () => {
    const { store } = storeAt(SAVED_AT);
    await store.save(GUEST, `${ORIGIN}/chapter/a`, html("A"));
    await store.save(GUEST, `${ORIGIN}/tests/ploting`, html("Plot"));
    await store.save(
      GUEST,
      `${ORIGIN}/chapter/a.data`,
      new Response("[]", { headers: { "Content-Type": "text/x-script" } }),
    );
    await store.save(GUEST, `${ORIGIN}/chapter/b?part=2`, html("B"));
    expect((await store.listPages(GUEST)).map((page) => page.path)).toEqual(["/chapter/b?part=2", "/chapter/a"]);
  });

  it("serves no copy older than the age limit", async () => {
    const later = SAVED_AT + (MAX_SAVED_PAGE_AGE_SECONDS + 1) * 1000;
    const { store, caches } = storeAt(later);
    await store.save(GUEST, `${ORIGIN}/chapter/old`, html("Old"));
    expect(caches.urls("numberlab-pages-guest")).toHaveLength(1);
    expect(await store.find(GUEST, `${ORIGIN}/chapter/old`)).toBeUndefined();
    expect(await store.listPages(GUEST)).toEqual([]);
  });

  it("looks nothing up in a partition it never saved into, without creating its cache", async () => {
    const { store, caches } = storeAt(SAVED_AT);
    expect(await store.find(GUEST, `${ORIGIN}/chapter/a`)).toBeUndefined();
    expect(await store.listPages(GUEST)).toEqual([]);
    expect(await caches.keys()).toEqual([]);
  });

  it("forgets a deleted cache's expiration records", async () => {
    const { store, forgotten } = storeAt(SAVED_AT);
    await store.save(GUEST, `${ORIGIN}/chapter/a`, html("A"));
    await store.deletePartition(GUEST);
    expect(forgotten).toEqual(["numberlab-pages-guest"]);
  });
});
