import { useCallback, useEffect, useRef, useState } from "react";
import type { SliderState } from "./plot-state";

/** A playing slider crosses its whole range in this time, then turns back. */
export const SWEEP_SECONDS = 4;

/** Where a bouncing slider is after `dt` seconds, and which way it is then going. */
export function bounce(slider: SliderState, direction: 1 | -1, dt: number): { value: number; direction: 1 | -1 } {
  const span = slider.max - slider.min;
  let value = slider.value + (direction * span * dt) / SWEEP_SECONDS;
  let next = direction;
  if (value > slider.max) {
    value = 2 * slider.max - value;
    next = -1;
  } else if (value < slider.min) {
    value = 2 * slider.min - value;
    next = 1;
  }
  return { value: Math.min(slider.max, Math.max(slider.min, value)), direction: next };
}

/**
 * Plays sliders: each playing one sweeps back and forth across its range, one
 * animation frame at a time, until paused. Stops by itself when the page is hidden
 * (requestAnimationFrame does not run) and when its slider goes away.
 */
export function usePlayingSliders(
  sliders: readonly SliderState[],
  update: (name: string, change: { value: number }) => void,
) {
  const [playing, setPlaying] = useState<ReadonlySet<string>>(new Set());
  const directions = useRef(new Map<string, 1 | -1>());
  const latest = useRef(sliders);
  useEffect(() => {
    latest.current = sliders;
  });

  const toggle = useCallback((name: string) => {
    setPlaying((current) => {
      const next = new Set(current);
      if (next.has(name)) next.delete(name);
      else next.add(name);
      return next;
    });
  }, []);

  useEffect(() => {
    if (playing.size === 0) return;
    let frame = 0;
    let last = performance.now();
    const step = (now: number) => {
      // A long pause (a hidden tab) does not make the slider jump.
      const dt = Math.min(0.1, (now - last) / 1000);
      last = now;
      for (const name of playing) {
        const slider = latest.current.find((s) => s.name === name);
        if (!slider) continue;
        const moved = bounce(slider, directions.current.get(name) ?? 1, dt);
        directions.current.set(name, moved.direction);
        update(name, { value: moved.value });
      }
      frame = requestAnimationFrame(step);
    };
    frame = requestAnimationFrame(step);
    return () => cancelAnimationFrame(frame);
  }, [playing, update]);

  // A slider that disappears stops playing.
  const names = sliders.map((s) => s.name).join(",");
  useEffect(() => {
    setPlaying((current) => {
      const alive = [...current].filter((name) => latest.current.some((s) => s.name === name));
      return alive.length === current.size ? current : new Set(alive);
    });
  }, [names]);

  return { playing, toggle };
}
