import { useEffect } from "react";

/** Whether notifications are allowed here, the one case with anything to sync (read without loading the sync). */
const pushAllowed = () => typeof Notification !== "undefined" && Notification.permission === "granted";

/**
 * Once a page of a signed-in session has loaded, keeps this browser's subscription handed over and
 * fresh (syncPushSubscription). Nothing is asked and nothing is subscribed that was not already. The
 * sync's code is loaded only where notifications are allowed: every page runs this hook.
 */
export function usePushSync(device: string | null) {
  useEffect(() => {
    if (!device || !pushAllowed()) return;
    Promise.all([import("./browser-push.client"), import("./push-device")])
      .then(([{ browserPush }, { syncPushSubscription }]) => syncPushSubscription(browserPush, device))
      .catch((error: unknown) => {
        // SPEC §3: push failing leaves the app working; the next load tries again.
        console.warn("Could not hand the push subscription over:", error);
      });
  }, [device]);
}
