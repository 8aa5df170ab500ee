import {
  CACHE_PARTITION_HEADER,
  CACHE_PARTITION_PATTERN,
  GUEST_PARTITION,
  PAGE_CACHE_PREFIX,
} from "#app/offline/offline-config";

/** The partition an answer names, or null when it names none or something malformed (then it is not saved). */
export function partitionOfAnswer(headers: Headers): string | null {
  const value = headers.get(CACHE_PARTITION_HEADER);
  return value !== null && isPartition(value) ? value : null;
}

export function isPartition(value: unknown): value is string {
  return typeof value === "string" && CACHE_PARTITION_PATTERN.test(value);
}

export function isAccountPartition(partition: string): boolean {
  return partition !== GUEST_PARTITION && isPartition(partition);
}

export function pageCacheName(partition: string): string {
  return PAGE_CACHE_PREFIX + partition;
}

/** The partition a Cache Storage name holds pages for, or null for any other cache. */
export function partitionOfCache(cacheName: string): string | null {
  if (!cacheName.startsWith(PAGE_CACHE_PREFIX)) return null;
  const partition = cacheName.slice(PAGE_CACHE_PREFIX.length);
  return isPartition(partition) ? partition : null;
}

/**
 * The page caches to delete when `current` becomes the current partition: on a shared device,
 * once an account is in use the pages of every other account go. Guest pages stay: they hold
 * nothing personal.
 */
export function pageCachesToDropFor(current: string, cacheNames: readonly string[]): string[] {
  if (!isAccountPartition(current)) return [];
  return cacheNames.filter((name) => {
    const partition = partitionOfCache(name);
    return partition !== null && isAccountPartition(partition) && partition !== current;
  });
}

/** The page caches of every account: signing out deletes them all (at most one exists, see above). */
export function accountPageCaches(cacheNames: readonly string[]): string[] {
  return cacheNames.filter((name) => {
    const partition = partitionOfCache(name);
    return partition !== null && isAccountPartition(partition);
  });
}
