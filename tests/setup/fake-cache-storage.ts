/**
 * Cache Storage in memory, for testing service-worker code in Node (which has Request and Response
 * but no caches): entries keyed by URL in insertion order, a put replacing and moving to the end,
 * as browsers do. Supports the query options the worker uses (ignoreSearch; ignoreVary is moot).
 */
interface StoredAnswer {
  body: ArrayBuffer;
  init: ResponseInit;
}

function urlOf(request: RequestInfo | URL): string {
  if (request instanceof Request) return request.url;
  return new URL(String(request)).href;
}

function withoutSearch(url: string): string {
  const parsed = new URL(url);
  parsed.search = "";
  return parsed.href;
}

class FakeCache {
  readonly entries = new Map<string, StoredAnswer>();

  async match(request: RequestInfo | URL, options?: CacheQueryOptions): Promise<Response | undefined> {
    const url = urlOf(request);
    const key = options?.ignoreSearch
      ? [...this.entries.keys()].find((candidate) => withoutSearch(candidate) === withoutSearch(url))
      : url;
    const stored = key === undefined ? undefined : this.entries.get(key);
    return stored && new Response(stored.body.slice(0), stored.init);
  }

  async put(request: RequestInfo | URL, response: Response): Promise<void> {
    const url = urlOf(request);
    const init = { status: response.status, statusText: response.statusText, headers: new Headers(response.headers) };
    const body = await response.arrayBuffer();
    this.entries.delete(url);
    this.entries.set(url, { body, init });
  }

  async keys(): Promise<Request[]> {
    return [...this.entries.keys()].map((url) => new Request(url));
  }

  async delete(request: RequestInfo | URL): Promise<boolean> {
    return this.entries.delete(urlOf(request));
  }
}

export class FakeCacheStorage {
  readonly caches = new Map<string, FakeCache>();

  async open(name: string): Promise<Cache> {
    let cache = this.caches.get(name);
    if (!cache) {
      cache = new FakeCache();
      this.caches.set(name, cache);
    }
    return cache as unknown as Cache;
  }

  async has(name: string): Promise<boolean> {
    return this.caches.has(name);
  }

  async delete(name: string): Promise<boolean> {
    return this.caches.delete(name);
  }

  async keys(): Promise<string[]> {
    return [...this.caches.keys()];
  }

  async match(request: RequestInfo | URL, options?: MultiCacheQueryOptions): Promise<Response | undefined> {
    const names = options?.cacheName === undefined ? [...this.caches.keys()] : [options.cacheName];
    for (const name of names) {
      const found = await this.caches.get(name)?.match(request, options);
      if (found) return found;
    }
    return undefined;
  }

  /** The URLs a cache holds, in order (a test's view of DevTools' Cache Storage panel). */
  urls(name: string): string[] {
    return [...(this.caches.get(name)?.entries.keys() ?? [])];
  }

  asCacheStorage(): CacheStorage {
    return this as unknown as CacheStorage;
  }
}
