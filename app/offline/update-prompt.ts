import { useSyncExternalStore } from "react";
import { reloadPage } from "./page-reload";
import { hasUnsavedInput } from "./unsaved-input";
import { createUpdateController, HIDDEN, type UpdateSnapshot } from "./update-controller";

/** The page's one update prompt (update-controller.ts); the worker and the build poller feed it. */
export const updateController = createUpdateController({
  hasUnsavedInput,
  reload: reloadPage,
  storage: {
    getItem: (key) => window.localStorage.getItem(key),
    setItem: (key, value) => window.localStorage.setItem(key, value),
  },
});

export function useUpdateSnapshot(): UpdateSnapshot {
  return useSyncExternalStore(updateController.subscribe, updateController.getSnapshot, () => HIDDEN);
}
