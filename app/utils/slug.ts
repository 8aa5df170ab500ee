/** The shape of every id in lesson content: section ids, heading ids and chapter slugs. */
export const SLUG_PATTERN = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** Long titles make unwieldy anchors; ids are cut at this length. */
const MAX_SLUG_LENGTH = 60;

/**
 * Lowercase ASCII letters and digits joined by single hyphens ("Fermat's little theorem" → "fermat-s-little-theorem").
 * Accents are dropped, other characters become separators; the result may be empty.
 */
export function slugify(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-/, "")
    .slice(0, MAX_SLUG_LENGTH)
    .replace(/-$/, "");
}
