import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and while hydrating (so both render the same), true once the page is React's. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
