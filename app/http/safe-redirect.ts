const BASE = "http://numberlab.invalid";

/**
 * A same-site path to redirect to, or `fallback`. Absolute and
 * protocol-relative URLs (including tricks like `/\evil` or tabs that URL
 * parsing removes) are refused by resolving the value and comparing origins.
 */
export function safeRedirectPath(to: unknown, fallback = "/"): string {
  if (typeof to !== "string" || !to.startsWith("/") || to.length > 2000) return fallback;
  let url: URL;
  try {
    url = new URL(to, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  // Dot segments can leave "//host" as the path ("/.//evil.com"), which a browser reads as another site.
  if (url.pathname.startsWith("//")) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
