/**
 * The list of saved pages the offline page shows. The build writes the offline page with a
 * default paragraph between two markers; the worker replaces it with the current partition's
 * saved pages when it serves the page. Plain strings in, HTML out.
 */

export const SAVED_PAGES_START = "<!--saved-pages-->";
export const SAVED_PAGES_END = "<!--/saved-pages-->";

/** Where a saved document's <title> is kept (URI-encoded: header values are Latin-1). */
export const SAVED_TITLE_HEADER = "Numberlab-Saved-Title";

export interface SavedPage {
  /** Path and query, as a link on the offline page. */
  path: string;
  title: string;
}

export const NO_SAVED_PAGES_TEXT =
  "No other pages are saved on this device yet. Pages you open while online are kept here, so you can read them again offline.";

/** Pages title themselves "Divisors · Numberlab"; a list of this site's pages needs only "Divisors". */
const SITE_NAME_SUFFIX = " · Numberlab";

/** The text of a document's first <title>, entities decoded, without the site's name; null when it has none. */
export function titleOfPage(html: string): string | null {
  const match = /<title[^>]*>([^<]*)<\/title>/i.exec(html);
  const title = match?.[1] === undefined ? "" : decodeHtmlText(match[1]).replace(/\s+/g, " ").trim();
  const own = title.endsWith(SITE_NAME_SUFFIX) ? title.slice(0, -SITE_NAME_SUFFIX.length).trim() : title;
  return own === "" ? null : own;
}

const NAMED_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: "\u00a0" };

export function decodeHtmlText(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name.startsWith("#")) {
      const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
    }
    return NAMED_ENTITIES[name.toLowerCase()] ?? entity;
  });
}

export function escapeHtml(text: string): string {
  return text
    .replaceAll("&", "&amp;")
    .replaceAll("<", "&lt;")
    .replaceAll(">", "&gt;")
    .replaceAll('"', "&quot;")
    .replaceAll("'", "&#39;");
}

/** The saved pages as a list of links, or a sentence saying there are none. */
export function savedPagesHtml(pages: readonly SavedPage[]): string {
  if (pages.length === 0) return `<p>${escapeHtml(NO_SAVED_PAGES_TEXT)}</p>`;
  const items = pages.map(({ path, title }) => `<li><a href="${escapeHtml(path)}">${escapeHtml(title)}</a></li>`);
  return `<ul class="pages">${items.join("")}</ul>`;
}

/** The offline page with its saved-pages region replaced; a page without the markers comes back as it was. */
export function withSavedPages(offlinePageHtml: string, pages: readonly SavedPage[]): string {
  const start = offlinePageHtml.indexOf(SAVED_PAGES_START);
  const end = offlinePageHtml.indexOf(SAVED_PAGES_END, start);
  if (start === -1 || end === -1) return offlinePageHtml;
  return (
    offlinePageHtml.slice(0, start + SAVED_PAGES_START.length) + savedPagesHtml(pages) + offlinePageHtml.slice(end)
  );
}
