import { useEffect, useState } from "react";
import { usePlayback } from "#app/components/use-playback";

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
  const [time, setTime] = useState(0);
  const [onScreen, setOnScreen] = useState(true);
  /** The element whose visibility gates the clock, set through a callback ref. */
  const [element, setElement] = useState<Element | null>(null);
  const { playing, play, pause } = usePlayback(
    (seconds) => setTime((t) => t + seconds * TURNS_PER_SECOND * speed),
    onScreen,
  );

  useEffect(() => {
    if (!element || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(([entry]) => setOnScreen(entry?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);

  return {
    observe: setElement,
    time,
    playing,
    play,
    pause,
    step: (direction: 1 | -1) => {
      pause();
      setTime((t) => t + direction * STEP_TIME);
    },
    reset: () => {
      pause();
      setTime(0);
    },
  };
}
