/** "2026-05-01 14:03 UTC": the same text on the server and in every browser, so hydration matches. */
export function formatUtc(iso: string, { seconds = false }: { seconds?: boolean } = {}): string {
  return `${iso.replace("T", " ").slice(0, seconds ? 19 : 16)} UTC`;
}
