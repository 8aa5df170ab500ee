import { claimChunkReload } from "./chunk-reload-guard";
import { reportUnrecoveredChunkLoadFailure } from "./chunk-load-failure";
import { isReloadingOnPurpose, sessionStore } from "./page-reload";

/**
 * Reloads the page once when its code fails to load, and no more than the guard allows
 * (chunk-reload-guard.ts: once per 10 s per path, across reloads). Installed by entry.client.tsx
 * before hydration, since the lesson widgets' chunks load before it.
 *
 * Code reaches the page two ways, and each fails differently:
 * - The app's own dynamic imports (lazy components, widgets, MathLive, Plotly) go through Vite's
 *   preload helper, which fires a cancelable `vite:preloadError` on window before rethrowing. We
 *   reload when the guard allows, and leave the event alone, so the import still rejects and its
 *   caller's error handling still runs when the reload is refused.
 * - Route modules are imported by React Router itself, whose loadRouteModule() calls
 *   `window.location.reload()` unconditionally when one fails (also while prefetching a link).
 *   Nothing wraps that import, and `location.reload` cannot be replaced (it is unforgeable), so the
 *   guard stands at the navigation instead: the Navigation API fires a cancelable `navigate` event of
 *   type "reload" for a reload a script asks for. A script reload the app did not ask for through
 *   reloadPage() is React Router's; the guard lets it go or cancels it with preventDefault(). Reloads
 *   from the browser's own button fire no such event and are never held back.
 *   Browsers without the Navigation API (Firefox before 147, Safari before 26.2) keep React Router's
 *   plain reload; it reloads the page the reader is on, not the failed target, so a click is needed
 *   for each further attempt: no loop.
 * A refused reload shows an error with a retry (components/offline/chunk-load-error.tsx).
 */
export function installChunkLoadRecovery(): void {
  let reloading = false;

  /** Whether the page may reload now; claims the reload if so, shows the error if not. */
  const mayReload = (): boolean => {
    if (reloading) return true;
    if (claimChunkReload(sessionStore, window.location.pathname, Date.now())) {
      reloading = true;
      return true;
    }
    reportUnrecoveredChunkLoadFailure();
    return false;
  };

  window.addEventListener("vite:preloadError", () => {
    if (mayReload()) window.location.reload();
  });

  if (typeof navigation === "undefined") return;
  navigation.addEventListener("navigate", (event) => {
    if (event.navigationType !== "reload" || !event.cancelable || isReloadingOnPurpose()) return;
    // The vite:preloadError listener above claimed its own reload, so mayReload() lets it through.
    if (!mayReload()) event.preventDefault();
  });
}
