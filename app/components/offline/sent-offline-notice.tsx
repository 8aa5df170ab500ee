import { lazy, Suspense, useState } from "react";
import { useOfflineQueueReport } from "#app/offline/offline-queue-provider";

// Loaded when there is something to report: most pages never show it.
const SentOfflineReport = lazy(() => import("./sent-offline-report"));

/** Says what happened to the submissions kept on this device once they were sent (docs/offline.md). */
export function SentOfflineNotice() {
  const { report, dismiss } = useOfflineQueueReport();
  // Mounted from the first report on, so a dismissed report plays its exit transition.
  const [mounted, setMounted] = useState(false);
  if (!mounted && report !== null) setMounted(true);
  if (!mounted) return null;
  return (
    <Suspense fallback={null}>
      <SentOfflineReport report={report} onDismiss={dismiss} />
    </Suspense>
  );
}
