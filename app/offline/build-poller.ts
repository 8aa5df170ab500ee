/** SPEC.md §3: look for a new build every 5 minutes and whenever the tab becomes visible. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;

export interface BuildPollerOptions {
  /** The build this page was rendered by. */
  currentBuildId: string;
  /** The id of the build the server runs now; null when it cannot be told (offline, restarting). */
  fetchLatestBuildId(): Promise<string | null>;
  /** Called on every check that finds another build (the prompt decides whether to show again). */
  onNewBuild(buildId: string): void;
  intervalMs?: number;
}

/**
 * Asks the server which build it runs, every `intervalMs` while the tab is visible and each time it
 * becomes visible again; a hidden tab is not polled. Returns the function that stops it.
 */
export function watchForNewBuilds({
  currentBuildId,
  fetchLatestBuildId,
  onNewBuild,
  intervalMs = BUILD_POLL_INTERVAL_MS,
}: BuildPollerOptions): () => void {
  let stopped = false;
  let checking = false;

  const check = async () => {
    if (stopped || checking || document.visibilityState !== "visible") return;
    checking = true;
    try {
      const latest = await fetchLatestBuildId();
      if (!stopped && latest !== null && latest !== currentBuildId) onNewBuild(latest);
    } finally {
      checking = false;
    }
  };

  const timer = setInterval(() => void check(), intervalMs);
  const onVisibilityChange = () => void check();
  document.addEventListener("visibilitychange", onVisibilityChange);
  return () => {
    stopped = true;
    clearInterval(timer);
    document.removeEventListener("visibilitychange", onVisibilityChange);
  };
}
