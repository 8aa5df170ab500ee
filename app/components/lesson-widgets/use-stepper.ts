import { useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";

export interface StepperOptions {
  /** The first step, where Reset goes (0 unless the widget counts from 1). */
  first?: number;
  /** The last step: Step and To the end stop there, and so does playing. */
  last: number;
  /** Start on the last step, the whole picture, instead of the first. */
  startAtEnd?: boolean;
  /** Milliseconds playing waits on a step before the next; a function when some steps need longer. */
  delay: number | ((step: number) => number);
  /** Steps one tick of playing moves, so that long runs end in a readable time. */
  stride?: number;
}

/** Where a stepper is and what it can do next; `StepperControls` draws its buttons. */
export type Stepper = ReturnType<typeof useStepper>;

/**
 * The step a lesson widget shows, and Play / Pause, Step, To the end and Reset to move it.
 *
 * Playing never starts by itself: only a press of Play starts it (so a reader who prefers reduced motion
 * gets no motion unasked), the timer runs only in the browser, and it stops by itself on the last step.
 * A move by hand pauses it. The position may lie past `last` (see `toEnd`), so a widget whose last step
 * changes with its inputs can still say "the end" before it knows where that is; `step` is clamped.
 */
export function useStepper({ first = 0, last, startAtEnd = false, delay, stride = 1 }: StepperOptions) {
  const [position, setPosition] = useState(startAtEnd ? Number.POSITIVE_INFINITY : first);
  const [playing, setPlaying] = useState(false);
  const playButton = useRef<HTMLButtonElement>(null);
  const stepButton = useRef<HTMLButtonElement>(null);

  const step = Math.max(first, Math.min(position, last));
  const atStart = step <= first;
  const atEnd = step >= last;
  const running = playing && !atEnd;
  const wait = typeof delay === "number" ? delay : delay(step);

  useEffect(() => {
    if (!running) return;
    const timer = window.setTimeout(() => setPosition(Math.min(last, step + stride)), wait);
    return () => window.clearTimeout(timer);
  }, [running, step, wait, last, stride]);

  /** Moves by hand, pausing. A button that this disables drops the focus: hand it to the one that makes sense next. */
  const goTo = (target: number) => {
    const focused = document.activeElement;
    flushSync(() => {
      setPlaying(false);
      setPosition(target);
    });
    if (!(focused instanceof HTMLButtonElement && focused.disabled)) return;
    // On the last step Play starts again from the first; on the first, Step is the way on.
    (target >= last ? playButton : stepButton).current?.focus();
  };

  return {
    step,
    /** Whether the timer is moving the step on (false once it reaches the end). */
    playing: running,
    atStart,
    atEnd,
    /** Nothing to step through: the first step is the last. */
    empty: first >= last,
    playButton,
    stepButton,
    /** Play from here, or from the first step when at the end; Pause while playing. */
    togglePlay: () => {
      if (running) return setPlaying(false);
      if (atEnd) setPosition(first);
      setPlaying(true);
    },
    /** One step on; from the last step, the first step after the start. */
    stepOnce: () => goTo(atEnd ? first + 1 : step + 1),
    goTo,
    /** The last step, whatever `last` turns out to be once the inputs that set it are read. */
    toEnd: () => goTo(Number.POSITIVE_INFINITY),
    reset: () => goTo(first),
  };
}
