import { useEffect, useState } from "react";

/** SPEC.md §3: look for a new build every 5 minutes and whenever the tab becomes visible. */
export const BUILD_POLL_INTERVAL_MS = 5 * 60 * 1000;

/** The id of a newer build once the server runs one, else null. */
export function useBuildUpdates(currentBuildId: string): string | null {
  const [newBuildId, setNewBuildId] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const check = async () => {
      if (document.visibilityState !== "visible") return;
      try {
        const response = await fetch(`/builds/latest.json?${Date.now()}`, { cache: "no-store" });
        if (!response.ok) return;
        const latest = (await response.json()) as { id?: unknown };
        if (!cancelled && typeof latest.id === "string" && latest.id !== currentBuildId) {
          setNewBuildId(latest.id);
        }
      } catch {
        // Offline or restarting: the next check will tell.
      }
    };
    const timer = setInterval(check, BUILD_POLL_INTERVAL_MS);
    document.addEventListener("visibilitychange", check);
    return () => {
      cancelled = true;
      clearInterval(timer);
      document.removeEventListener("visibilitychange", check);
    };
  }, [currentBuildId]);

  return newBuildId;
}
