import { OFFLINE_TOOL_PAGES } from "#app/offline/offline-config";
import { isAccountPartition, isPartition, partitionOfAnswer } from "./partitions";
import type { PageStore } from "./page-store";
import { reloadDocumentResponse, type RequestRoute } from "./request-routes";
import { withSavedPages } from "./saved-pages";

type PageRoute = Extract<RequestRoute, { kind: "page" }>;

/** Keeps the worker alive until the promise settles (an event's `waitUntil`). */
export type KeepAlive = (work: Promise<unknown>) => void;

export interface PageServiceOptions {
  store: PageStore;
  fetch: (request: Request) => Promise<Response>;
  /** The worker's origin: tool pages are fetched from it. */
  origin: string;
  /** How long a page request waits for the network before a saved copy is shown. */
  timeoutMs: number;
  /** The precached offline page's HTML, or undefined when the precache lacks it. */
  offlinePageHtml: () => Promise<string | undefined>;
  /** The current partition as persisted across worker restarts. */
  readPartition: () => Promise<string | null>;
  writePartition: (partition: string) => Promise<void>;
  /** Drops an account's queued offline submissions (app/offline/offline-queue.ts). */
  clearQueue: (partition: string) => Promise<void>;
}

/** After a new build activates, at most this many saved documents are fetched again (besides the tools). */
export const MAX_PAGES_REFRESHED_ON_UPDATE = 40;

/**
 * The worker's page logic: network first for pages and `.data`, saving each good answer in the
 * partition it names; offline, the current partition's copy or the offline page. The current
 * partition is the one the latest answer from the network named.
 */
export function createPageService(options: PageServiceOptions) {
  const { store, timeoutMs } = options;
  let current: string | null | undefined;
  /** Counts sign-outs: an answer to a request made before one is not saved (it may be the old account's). */
  let signOuts = 0;
  /** Background work runs one task at a time, so a burst of answers never fetches the tools twice at once. */
  let queue: Promise<unknown> = Promise.resolve();

  function enqueue(task: () => Promise<unknown>): Promise<unknown> {
    queue = queue.then(task).catch(() => undefined);
    return queue;
  }

  async function currentPartition(): Promise<string | null> {
    current ??= await options.readPartition().catch(() => null);
    return current;
  }

  /** A partition named by the network becomes current; a new one drops other accounts' pages and gets the tools. */
  async function adoptPartition(partition: string, keepAlive: KeepAlive): Promise<void> {
    if ((await currentPartition()) === partition) return;
    current = partition;
    await options.writePartition(partition);
    await store.dropOtherAccounts(partition);
    keepAlive(enqueue(() => saveToolPages({ onlyMissing: true })));
  }

  /** Files a network answer under its partition, unless a sign-out came since its request was made. */
  async function keepAnswer(
    url: string,
    route: PageRoute,
    answer: Response,
    signOutsBefore: number,
    keepAlive: KeepAlive,
  ) {
    const partition = partitionOfAnswer(answer.headers);
    const fresh = partition !== null && signOuts === signOutsBefore;
    if (fresh) await adoptPartition(partition, keepAlive);
    if (fresh && route.savable && isSavableAnswer(answer, route.data)) {
      await store.save(partition, url, answer);
      // A page reached by a link inside the app arrives as `.data` alone: its document is fetched
      // too (once), so the page also opens offline by its address (a reload, a bookmark, a new tab).
      if (route.data) keepAlive(enqueue(() => saveMissingDocument(partition, route.pagePath)));
    } else {
      // An unread copy holds the whole body in memory. Not awaited: a copy's cancel settles only with its twin's.
      void answer.body?.cancel().catch(() => undefined);
    }
  }

  /** The network's answer, and the work of keeping it (which the caller waits for or hands to keepAlive). */
  async function fetchAndKeep(request: Request, route: PageRoute, keepAlive: KeepAlive) {
    const signOutsBefore = signOuts;
    const answer = await options.fetch(request);
    const kept = keepAnswer(request.url, route, answer.clone(), signOutsBefore, keepAlive).catch(() => undefined);
    return { answer, kept };
  }

  async function savedCopy(url: string): Promise<Response | undefined> {
    const partition = await currentPartition();
    return partition === null ? undefined : store.find(partition, url);
  }

  async function offlinePage(): Promise<Response> {
    const html = await options.offlinePageHtml();
    const partition = await currentPartition();
    const pages = partition === null ? [] : await store.listPages(partition).catch(() => []);
    return new Response(html === undefined ? "You are offline." : withSavedPages(html, pages), {
      headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
    });
  }

  /** Network first; a saved copy (current partition) after the timeout or a failure; else the offline answer. */
  async function answerPage(request: Request, route: PageRoute, keepAlive: KeepAlive): Promise<Response> {
    const network = fetchAndKeep(request, route, keepAlive).then(({ answer, kept }) => {
      keepAlive(kept);
      return answer;
    });
    const timer = deadline(timeoutMs);
    const first = await Promise.race([
      network.then(
        (answer) => ({ answer }),
        () => ({ failed: true as const }),
      ),
      timer.promise.then(() => ({ timedOut: true as const })),
    ]);
    timer.cancel();
    if ("answer" in first) return first.answer;
    const copy = route.savable ? await savedCopy(request.url) : undefined;
    if (copy) {
      // A slow answer that arrives after all is still saved for next time.
      keepAlive(network.catch(() => undefined));
      return copy;
    }
    if ("timedOut" in first) {
      try {
        return await network;
      } catch {
        // Offline after all: fall through to the offline answer.
      }
    }
    return route.data ? reloadDocumentResponse(route.pagePath) : offlinePage();
  }

  /** Fetches a document as a navigation would (with the cookies) and keeps the answer; false on a network error. */
  async function fetchPage(path: string): Promise<boolean> {
    const url = new URL(path, options.origin).href;
    const route: PageRoute = { kind: "page", data: false, pagePath: path, savable: true };
    try {
      const { answer, kept } = await fetchAndKeep(new Request(url, { credentials: "same-origin" }), route, () => {});
      await kept;
      void answer.body?.cancel().catch(() => undefined);
      return true;
    } catch {
      return false;
    }
  }

  async function saveMissingDocument(partition: string, path: string): Promise<void> {
    if ((await currentPartition()) !== partition) return;
    if (await store.has(partition, new URL(path, options.origin).href)) return;
    await fetchPage(path);
  }

  /** The tools into the current partition (one at a time, so the server is not flooded), so they open offline unvisited. */
  async function saveToolPages({ onlyMissing }: { onlyMissing: boolean }): Promise<void> {
    for (const path of OFFLINE_TOOL_PAGES) {
      const partition = await currentPartition();
      if (onlyMissing && partition !== null && (await store.has(partition, new URL(path, options.origin).href)))
        continue;
      if (!(await fetchPage(path))) return;
    }
  }

  return {
    answerPage,
    currentPartition,
    /** Settles when the background work queued so far is done. */
    pending: () => queue,
    /** On first install: the tools, so "ready to work offline" is true. */
    saveToolPages: () => enqueue(() => saveToolPages({ onlyMissing: false })),
    /**
     * After a new build activates: saved documents refer to the old build's chunks, which its
     * precache no longer holds. The tools and the newest saved documents are fetched again.
     */
    refreshSavedPages: () =>
      enqueue(async () => {
        await saveToolPages({ onlyMissing: false });
        const partition = await currentPartition();
        if (partition === null) return;
        const tools = new Set(OFFLINE_TOOL_PAGES.map((path) => new URL(path, options.origin).href));
        const urls = (await store.documentUrls(partition)).filter((url) => !tools.has(url));
        for (const url of urls.slice(-MAX_PAGES_REFRESHED_ON_UPDATE).reverse()) {
          const { pathname, search } = new URL(url);
          if (!(await fetchPage(pathname + search))) return;
        }
      }),
    /** A sign-out (seen as the logout POST): every account's pages and this account's queue go at once. */
    signOut: async () => {
      signOuts += 1;
      const partition = await currentPartition();
      await store.dropAccounts();
      if (partition !== null && isAccountPartition(partition)) await options.clearQueue(partition);
    },
    /** A page asks to drop one partition's pages (its own sign-out, or a partition it no longer uses). */
    clearPartition: async (partition: string) => {
      if (!isPartition(partition)) return;
      signOuts += 1;
      await store.deletePartition(partition);
    },
  };
}

export type PageService = ReturnType<typeof createPageService>;

/** A 200 HTML document, or a 200 `.data` answer; never a redirect, an error or an answer of another type. */
export function isSavableAnswer(answer: Response, data: boolean): boolean {
  if (answer.status !== 200 || answer.redirected) return false;
  const type = answer.headers.get("Content-Type") ?? "";
  return data ? type.startsWith("text/x-script") : type.startsWith("text/html");
}

function deadline(ms: number): { promise: Promise<void>; cancel: () => void } {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const promise = new Promise<void>((resolve) => (timer = setTimeout(resolve, ms)));
  return { promise, cancel: () => clearTimeout(timer) };
}
