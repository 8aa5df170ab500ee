import { useSyncExternalStore } from "react";

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The system setting, and the profile's "reduce motion" preference that the root layout puts on <html>. */
const readAllowed = () =>
  !window.matchMedia(REDUCED_MOTION_QUERY).matches && !document.documentElement.hasAttribute("data-reduced-motion");

/**
 * Whether an animation may start by itself. Always false on the server and
 * while hydrating (so both render the same), then the reader's preference.
 */
export function useAutoplayAllowed(): boolean {
  return useSyncExternalStore(subscribe, readAllowed, () => false);
}
