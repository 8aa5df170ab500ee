import { MAX_SAVED_PAGE_AGE_SECONDS, OFFLINE_TOOL_PAGES } from "#app/offline/offline-config";
import { accountPageCaches, pageCacheName, pageCachesToDropFor } from "./partitions";
import { SAVED_TITLE_HEADER, titleOfPage, type SavedPage } from "./saved-pages";

/** Keeps each page cache within its size and age limits (Workbox's CacheExpiration in the worker). */
export interface ExpirationLedger {
  /** Records that `url` was just saved in `cacheName`, then drops what is over the limits. */
  saved(cacheName: string, url: string): Promise<void>;
  /** Forgets a deleted cache's records. */
  forget(cacheName: string): Promise<void>;
}

export interface PageStoreOptions {
  caches: CacheStorage;
  ledger: ExpirationLedger;
  /** Milliseconds since the epoch. */
  now: () => number;
}

const DATA_SUFFIX = ".data";
const toolPaths: ReadonlySet<string> = new Set(OFFLINE_TOOL_PAGES);

/**
 * The saved pages and `.data` answers, one cache per partition, keyed by full URL. A document
 * is saved with its title in a header, so the offline page can list it without reading it.
 */
export function createPageStore({ caches, ledger, now }: PageStoreOptions) {
  async function save(partition: string, url: string, answer: Response): Promise<void> {
    const cacheName = pageCacheName(partition);
    let stored = answer;
    if (!isDataUrl(url)) {
      const html = await answer.text();
      const headers = new Headers(answer.headers);
      const title = titleOfPage(html);
      if (title !== null) headers.set(SAVED_TITLE_HEADER, encodeURIComponent(title));
      stored = new Response(html, { status: answer.status, statusText: answer.statusText, headers });
    }
    await (await caches.open(cacheName)).put(url, stored);
    await ledger.saved(cacheName, url);
  }

  /**
   * The saved answer for `url` in `partition`, unless it is older than the age limit. A document
   * may also be found under another query (a tool opened with ?n=…, a plot with its view): the
   * same page, showing its default, beats the offline page. A `.data` answer must match exactly.
   */
  async function find(partition: string, url: string): Promise<Response | undefined> {
    const cacheName = pageCacheName(partition);
    if (!(await caches.has(cacheName))) return undefined;
    const cache = await caches.open(cacheName);
    const saved =
      (await cache.match(url, { ignoreVary: true })) ??
      (isDataUrl(url) ? undefined : await cache.match(url, { ignoreVary: true, ignoreSearch: true }));
    return saved && isFresh(saved, now()) ? saved : undefined;
  }

  /** Whether `url` itself is saved (for the tools: another query's copy does not count). */
  async function has(partition: string, url: string): Promise<boolean> {
    const cacheName = pageCacheName(partition);
    if (!(await caches.has(cacheName))) return false;
    const saved = await (await caches.open(cacheName)).match(url, { ignoreVary: true });
    return saved !== undefined && isFresh(saved, now());
  }

  /** Saved documents' URLs, most recently saved last. */
  async function documentUrls(partition: string): Promise<string[]> {
    const cacheName = pageCacheName(partition);
    if (!(await caches.has(cacheName))) return [];
    const keys = await (await caches.open(cacheName)).keys();
    return keys.map((request) => request.url).filter((url) => !isDataUrl(url));
  }

  /** The documents the offline page lists: most recent first, without the tools it lists anyway. */
  async function listPages(partition: string): Promise<SavedPage[]> {
    const urls = await documentUrls(partition);
    if (urls.length === 0) return [];
    const cache = await caches.open(pageCacheName(partition));
    const pages: SavedPage[] = [];
    for (const url of urls.reverse()) {
      const { pathname, search } = new URL(url);
      if (toolPaths.has(pathname) && search === "") continue;
      const saved = await cache.match(url, { ignoreVary: true });
      if (!saved || !isFresh(saved, now())) continue;
      const title = saved.headers.get(SAVED_TITLE_HEADER);
      pages.push({ path: pathname + search, title: title === null ? pathname : safeDecode(title) });
    }
    return pages;
  }

  async function deleteCaches(cacheNames: readonly string[]): Promise<void> {
    for (const cacheName of cacheNames) {
      await caches.delete(cacheName);
      await ledger.forget(cacheName);
    }
  }

  return {
    save,
    find,
    documentUrls,
    listPages,
    has,
    deletePartition: (partition: string) => deleteCaches([pageCacheName(partition)]),
    /** When `current` becomes the current partition: the pages of every other account go. */
    dropOtherAccounts: async (current: string) => deleteCaches(pageCachesToDropFor(current, await caches.keys())),
    /** Signing out: every account's pages go. */
    dropAccounts: async () => deleteCaches(accountPageCaches(await caches.keys())),
  };
}

export type PageStore = ReturnType<typeof createPageStore>;

export function isDataUrl(url: string): boolean {
  return new URL(url).pathname.endsWith(DATA_SUFFIX);
}

/** Younger than the age limit by its Date header; an answer without one counts as fresh (the ledger still ages it). */
function isFresh(answer: Response, now: number): boolean {
  const date = Date.parse(answer.headers.get("Date") ?? "");
  return Number.isNaN(date) || now - date <= MAX_SAVED_PAGE_AGE_SECONDS * 1000;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
