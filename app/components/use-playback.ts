import { useEffect, useEffectEvent, useState } from "react";
import { useAutoplayAllowed } from "./use-reduced-motion";

/** A frame's advance is capped, so coming back to a background tab does not jump the pattern. */
const LONGEST_FRAME_SECONDS = 0.1;

/**
 * Play and pause for an animation: it starts by itself after hydration unless the reader
 * prefers reduced motion (the system setting or the profile's), and while it plays `onFrame`
 * gets the seconds since the last frame. While `active` is false (say, off screen) it plays on
 * without frames.
 */
export function usePlayback(onFrame: (seconds: number) => void, active = true) {
  const autoplayAllowed = useAutoplayAllowed();
  /** null until the reader presses Play or Pause; until then the preference decides. */
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? autoplayAllowed;
  const frame = useEffectEvent(onFrame);

  useEffect(() => {
    if (!playing || !active) return;
    let request = 0;
    let last: number | null = null;
    const tick = (now: number) => {
      if (last !== null) frame(Math.min(now - last, LONGEST_FRAME_SECONDS * 1000) / 1000);
      last = now;
      request = requestAnimationFrame(tick);
    };
    request = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(request);
  }, [playing, active]);

  return { playing, play: () => setChoice(true), pause: () => setChoice(false) };
}
