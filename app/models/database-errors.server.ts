/** A unique-constraint violation, as PostgreSQL (23505) and SQLite report it. */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null) return false;
  const { code } = error as { code?: unknown };
  return code === "23505" || code === "SQLITE_CONSTRAINT_UNIQUE";
}

/** Escapes LIKE's wildcards (and the escape character) so text is matched literally; use with `escape '\'`. */
export function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (match) => `\\${match}`);
}
