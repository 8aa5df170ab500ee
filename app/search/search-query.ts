/** The longest query the search takes (the box and the server both say so). */
export const MAX_QUERY_LENGTH = 200;
/** Words after this many are not searched for. */
const MAX_TERMS = 8;
const MAX_TERM_LENGTH = 40;

/**
 * Words too common to say what is sought. PostgreSQL's English configuration drops these and SQLite's
 * tokenizer keeps them; dropping them here makes both dialects answer the same query alike.
 */
const STOP_WORDS = new Set(
  (
    "a an and are as at be by for from has have how if in into is it its not of on or that the their then " +
    "there these this to was what when where which who why will with"
  ).split(" "),
);

/**
 * The words of a query, as the search matches them: letters and digits only (so no operator of either
 * full-text syntax gets through), lowercase, without stop words or lone letters, at most 8.
 */
export function searchTerms(query: string): string[] {
  const words =
    query
      .normalize("NFKC")
      .toLowerCase()
      .match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.filter((word) => !STOP_WORDS.has(word) && (word.length > 1 || /\d/.test(word)));
  return [...new Set(terms)].slice(0, MAX_TERMS).map((term) => term.slice(0, MAX_TERM_LENGTH));
}

/** Every term, each also as the start of a longer word ("carmich" finds "Carmichael"), in FTS5's syntax. */
export function fts5Match(terms: readonly string[]): string {
  return terms.map((term) => `"${term}"*`).join(" ");
}

/** The same for PostgreSQL's to_tsquery. */
export function tsQuery(terms: readonly string[]): string {
  return terms.map((term) => `${term}:*`).join(" & ");
}
