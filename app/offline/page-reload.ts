import { recordReload } from "./chunk-reload-guard";

/**
 * Set while the app itself reloads the page, so the chunk-load recovery (chunk-load-recovery.client.ts)
 * tells these reloads from the one React Router makes on its own after a route module failed to load.
 */
let reloadingOnPurpose = false;

export function isReloadingOnPurpose(): boolean {
  return reloadingOnPurpose;
}

/** Storage that may be unavailable (disabled cookies, a sandboxed frame): errors surface when it is used. */
export const sessionStore: Pick<Storage, "getItem" | "setItem"> = {
  getItem: (key) => window.sessionStorage.getItem(key),
  setItem: (key, value) => window.sessionStorage.setItem(key, value),
};

/**
 * Every reload the app asks for (an update accepted, a retry) goes through here. It also starts the
 * chunk-reload window for the path: a chunk that fails right after it is not reloaded again at once.
 */
export function reloadPage(): void {
  try {
    recordReload(sessionStore, window.location.pathname, Date.now());
  } catch {
    // Without session storage the reload still happens; the guard then refuses automatic ones.
  }
  reloadingOnPurpose = true;
  try {
    // The Navigation API fires its navigate event synchronously inside reload().
    window.location.reload();
  } finally {
    reloadingOnPurpose = false;
  }
}
