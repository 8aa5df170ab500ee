import { useEffect, useState } from "react";

/**
 * Starts the page's offline support after hydration (offline-startup.client.ts, loaded then, so the
 * worker registration and the build checks add nothing to the first render's code).
 * `buildId` is the build that rendered the page. Only its first value counts: after a deploy, the
 * root loader's data comes from the new build while this page still runs the old one's code.
 */
export function useOfflineSupport(buildId: string | undefined): void {
  const [pageBuildId] = useState(buildId);
  useEffect(() => {
    // Production builds only: the dev server's modules are nothing a worker could precache, and its
    // build id changes with every edit, which hot reloading already brings to the page.
    if (pageBuildId === undefined || !import.meta.env.PROD) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    import("./offline-startup.client")
      .then(({ startOfflineSupport }) => {
        if (!cancelled) stop = startOfflineSupport(pageBuildId);
      })
      // A chunk that failed to load is the chunk-load recovery's business (it reloads or says so).
      .catch(() => undefined);
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [pageBuildId]);
}
