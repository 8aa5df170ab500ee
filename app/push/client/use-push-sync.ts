import { useEffect } from "react";
import { browserPush } from "./browser-push.client";
import { syncPushSubscription } from "./push-device";

/**
 * Once a page of a signed-in session has loaded, keeps this browser's subscription handed over and
 * fresh (syncPushSubscription). Nothing is asked and nothing is subscribed that was not already.
 */
export function usePushSync(device: string | null) {
  useEffect(() => {
    if (!device) return;
    syncPushSubscription(browserPush, device).catch((error: unknown) => {
      // SPEC §3: push failing leaves the app working; the next load tries again.
      console.warn("Could not hand the push subscription over:", error);
    });
  }, [device]);
}
