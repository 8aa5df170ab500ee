import { useSyncExternalStore } from "react";
import { reloadPage } from "./page-reload";

/**
 * A chunk load failure the guard did not answer with a reload (one was made moments ago): the page
 * shows an error with a retry instead. Kept apart from the recovery's listeners, which are browser-only,
 * because the server renders the component that reads it.
 */
let failed = false;
const listeners = new Set<() => void>();

function setFailed(next: boolean): void {
  if (failed === next) return;
  failed = next;
  for (const listener of listeners) listener();
}

export function reportUnrecoveredChunkLoadFailure(): void {
  setFailed(true);
}

/** The reader closed the error to go on with what the page can still do. */
export function dismissChunkLoadFailure(): void {
  setFailed(false);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

export function useUnrecoveredChunkLoadFailure(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => failed,
    () => false,
  );
}

/**
 * The error's Retry: loads afresh the page the reader was going to (a client-side navigation whose
 * route module failed), or reloads the page they are on.
 */
export function retryAfterChunkLoadFailure(pendingHref: string | undefined): void {
  if (pendingHref === undefined) reloadPage();
  else window.location.assign(pendingHref);
}
