import { useSyncExternalStore } from "react";

const REDUCED_MOTION_QUERY = "(prefers-reduced-motion: reduce)";

function subscribe(onChange: () => void) {
  const query = window.matchMedia(REDUCED_MOTION_QUERY);
  query.addEventListener("change", onChange);
  return () => query.removeEventListener("change", onChange);
}

/** The system setting, or the profile's "reduce motion" preference that the root layout puts on <html>. */
const readReduced = () =>
  window.matchMedia(REDUCED_MOTION_QUERY).matches || document.documentElement.hasAttribute("data-reduced-motion");

/**
 * Whether the reader asked for less motion. False on the server and while hydrating (so both render
 * the same, in motion's favour), then the reader's preference.
 */
export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, readReduced, () => false);
}

/**
 * Whether an animation may start by itself. Always false on the server and
 * while hydrating (so both render the same), then the reader's preference.
 */
export function useAutoplayAllowed(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => !readReduced(),
    () => false,
  );
}
