/** One full collection as `node --trace-gc` prints it: which isolate, when, and the live heap after it. */
export interface FullCollection {
  isolate: string;
  /** Milliseconds since the process started. */
  atMs: number;
  /** MB of the heap still live after the collection. */
  liveMb: number;
}

// e.g. "[9729:0x15c12ce0]    16081 ms: Mark-Compact 366.7 (391.4) -> 120.2 (378.0) MB, …"
const FULL_COLLECTION =
  /^\[\d+:(0x[0-9a-f]+)\]\s+(\d+) ms: Mark-Compact(?: \(reduce\))? [\d.]+ \([\d.]+\) -> ([\d.]+) \(/;

/**
 * The main thread's full collections in a `--trace-gc` log. Worker threads print theirs too, with
 * isolates of their own; the main thread's is the one holding the largest live heap (the app, its
 * caches and React), far above a factoring thread's.
 */
export function mainThreadFullCollections(log: string): FullCollection[] {
  const all = log.split("\n").flatMap((line) => {
    const match = FULL_COLLECTION.exec(line);
    return match ? [{ isolate: match[1]!, atMs: Number(match[2]), liveMb: Number(match[3]) }] : [];
  });
  const largest = new Map<string, number>();
  for (const collection of all) {
    largest.set(collection.isolate, Math.max(largest.get(collection.isolate) ?? 0, collection.liveMb));
  }
  const main = [...largest].sort((a, b) => b[1] - a[1])[0]?.[0];
  return all.filter((collection) => collection.isolate === main);
}
