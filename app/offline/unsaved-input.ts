import { useEffect, useId } from "react";

/**
 * Which parts of the page hold input the learner has not saved or sent (an editor's draft, a typed
 * quiz answer). An update never reloads the page over them without asking (docs/offline.md).
 */
const holders = new Set<string>();

export function hasUnsavedInput(): boolean {
  return holders.size > 0;
}

/** Registers the calling component as holding unsaved input while `unsaved` is true. */
export function useUnsavedInput(unsaved: boolean): void {
  const id = useId();
  useEffect(() => {
    if (!unsaved) return;
    holders.add(id);
    return () => void holders.delete(id);
  }, [id, unsaved]);
}
