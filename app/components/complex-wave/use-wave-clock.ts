import { useEffect, useState } from "react";
import { useAutoplayAllowed } from "../use-reduced-motion";

/** A frame's advance is capped, so coming back to a background tab does not jump ahead. */
const LONGEST_FRAME_SECONDS = 0.1;

/**
 * The time t of the waves, in seconds of play: it runs by itself after hydration unless the
 * reader prefers reduced motion (the system's setting or the profile's), and Play, Pause and
 * Reset control it.
 */
export function useWaveClock() {
  const autoplayAllowed = useAutoplayAllowed();
  /** null until the reader presses Play or Pause; until then the preference decides. */
  const [choice, setChoice] = useState<boolean | null>(null);
  const playing = choice ?? autoplayAllowed;
  const [time, setTime] = useState(0);

  useEffect(() => {
    if (!playing) return;
    let request = 0;
    let last: number | null = null;
    const tick = (now: number) => {
      if (last !== null) {
        const seconds = Math.min(now - last, LONGEST_FRAME_SECONDS * 1000) / 1000;
        setTime((t) => t + seconds);
      }
      last = now;
      request = requestAnimationFrame(tick);
    };
    request = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(request);
  }, [playing]);

  return {
    time,
    playing,
    play: () => setChoice(true),
    pause: () => setChoice(false),
    reset: () => setTime(0),
  };
}
