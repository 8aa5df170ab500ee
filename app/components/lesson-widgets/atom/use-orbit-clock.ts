import { useEffect, useState } from "react";
import { useAutoplayAllowed } from "./use-autoplay-allowed";

/** Turns of the innermost orbit per second at speed 1: slow enough to read the labels as they pass. */
export const TURNS_PER_SECOND = 0.08;
/** One press of Step moves the innermost orbit this far (a twenty-fourth of a turn). */
export const STEP_TIME = 1 / 24;

/**
 * The clock that drives the orbits: starts by itself after hydration unless
 * the reader prefers reduced motion, and only ticks while the drawing is on
 * screen. Step and Reset pause it, so the reader can go frame by frame.
 */
export function useOrbitClock(speed: number) {
  const autoplayAllowed = useAutoplayAllowed();
  /** null until the reader presses Play or Pause; until then the preference decides. */
  const [choice, setChoice] = useState<boolean | null>(null);
  const [time, setTime] = useState(0);
  const [onScreen, setOnScreen] = useState(true);
  /** The element whose visibility gates the clock, set through a callback ref. */
  const [element, setElement] = useState<Element | null>(null);
  const playing = choice ?? autoplayAllowed;

  useEffect(() => {
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  useEffect(() => {
    if (!playing || !onScreen) return;
    let frame = 0;
    let last: number | null = null;
    const tick = (now: number) => {
      // Cap a frame's advance so returning to a background tab does not jump the orbits.
      if (last !== null) {
        const advance = (Math.min(now - last, 100) / 1000) * TURNS_PER_SECOND * speed;
        setTime((t) => t + advance);
      }
      last = now;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame);
  }, [playing, onScreen, speed]);

  return {
    observe: setElement,
    time,
    playing,
    play: () => setChoice(true),
    pause: () => setChoice(false),
    step: (direction: 1 | -1) => {
      setChoice(false);
      setTime((t) => t + direction * STEP_TIME);
    },
    reset: () => {
      setChoice(false);
      setTime(0);
    },
  };
}
