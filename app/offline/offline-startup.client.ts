import { fetchBuildRouteRules, fetchLatestBuildId } from "./build-resources";
import { watchForNewBuilds } from "./build-poller";
import { setClientRouteRules } from "./client-route-rules";
import { registerServiceWorker } from "./service-worker.client";
import { updateController } from "./update-prompt";

/** SPEC.md §3: the build's manifest is fetched 1000 ms after hydration, off the page's critical path. */
export const BUILD_META_DELAY_MS = 1000;

let registering = false;

/**
 * Everything the page does for offline use and new builds once hydrated: registers the worker, polls
 * for new builds, and applies the build's route rules to client-side navigation. Returns the stop.
 */
export function startOfflineSupport(pageBuildId: string): () => void {
  if (!registering) {
    registering = true;
    void registerServiceWorker(updateController);
  }
  const stopPolling = watchForNewBuilds({
    currentBuildId: pageBuildId,
    fetchLatestBuildId,
    onNewBuild: () => updateController.newBuildFound(),
  });
  const metaTimer = setTimeout(() => {
    void fetchBuildRouteRules(pageBuildId).then((rules) => {
      if (rules) setClientRouteRules(rules);
    });
  }, BUILD_META_DELAY_MS);
  return () => {
    stopPolling();
    clearTimeout(metaTimer);
  };
}
