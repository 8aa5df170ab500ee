import { createContext, useContext, useLayoutEffect, useRef, useState } from "react";

/**
 * Lesson HTML travels once. A chapter's loader data names each block of rendered HTML by a key (its
 * revision and place, so a key's HTML never changes) and leaves the HTML out:
 * - on the server, the render reads it from this request's store (LessonHtmlStore, filled by the loader);
 * - in the browser, a hydrated block keeps the server's DOM (React neither compares nor patches
 *   dangerouslySetInnerHTML while hydrating) and copies it into this tab's cache;
 * - a client-side navigation fills the cache before rendering (the chapter route's clientLoader).
 */
export const LessonHtmlStore = createContext<ReadonlyMap<string, string> | null>(null);

/**
 * Fetches the page's blocks into the cache again. Used when a block was rendered in the browser without
 * its HTML: after a hydration React had to give up, the DOM it made has no text.
 */
export const LessonHtmlRecovery = createContext<(() => Promise<void>) | null>(null);

/** Blocks kept in this tab: a few chapters' worth, the least recently stored dropped first. */
const CACHE_LIMIT = 2_000;
const cachedHtml = new Map<string, string>();
const shownChapters = new Set<string>();

export function rememberLessonHtml(key: string, html: string): void {
  cachedHtml.delete(key);
  cachedHtml.set(key, html);
  if (cachedHtml.size > CACHE_LIMIT) cachedHtml.delete(cachedHtml.keys().next().value as string);
}

export function hasLessonHtml(key: string): boolean {
  return cachedHtml.has(key);
}

/** Whether this tab has shown the chapter: its blocks are then likely cached already. */
export function chapterShown(slug: string): boolean {
  return shownChapters.has(slug);
}

export function noteChapterShown(slug: string): void {
  shownChapters.add(slug);
}

/** One block of server-rendered lesson HTML, by key. */
export function StaticHtml({ htmlKey }: { htmlKey: string }) {
  const store = useContext(LessonHtmlStore);
  const recover = useContext(LessonHtmlRecovery);
  // Set once: while hydrating it is unknown and the DOM is the server's; changing it later would make
  // React rewrite the DOM. A new revision has a new key, hence a new element.
  const [html, setHtml] = useState(() => store?.get(htmlKey) ?? cachedHtml.get(htmlKey));
  const element = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const node = element.current;
    if (html !== undefined || !node) return;
    // A block's HTML is never empty: an empty element was rendered here, not hydrated.
    if (node.childNodes.length > 0) {
      rememberLessonHtml(htmlKey, node.innerHTML);
      return;
    }
    let current = true;
    void recover?.()
      .then(() => {
        if (current && cachedHtml.has(htmlKey)) setHtml(cachedHtml.get(htmlKey));
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [html, htmlKey, recover]);
  return <div ref={element} dangerouslySetInnerHTML={{ __html: html ?? "" }} suppressHydrationWarning />;
}
