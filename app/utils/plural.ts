/** "1 session", "3 sessions": a count with its noun, plural unless the count is 1. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${count} ${count === 1 ? singular : plural}`;
}
